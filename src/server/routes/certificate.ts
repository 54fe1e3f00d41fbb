import type { onRequestAsyncHookHandler } from 'fastify';
import { errorReplySchema } from '../../contract/api';
import {
  CERTIFICATE_MESSAGES,
  verifyParamsSchema,
  verifyReplySchema,
} from '../../contract/certificate.contract';
import { applicationFormParamsSchema, pdfReplySchema } from '../../contract/forms.contract';
import type { AppDeps } from '../deps';
import { publicUrl, type Config } from '../config';
import { HttpError } from '../http/errors';
import { certificatePdf } from '../pdf/certificate.pdf';
import { anonymousRateLimiter } from '../security/anonymous-rate-limit';
import { requireStaff } from '../security/auth-guard';
import { callerOf } from '../security/caller';
import { requireCitizen } from '../security/citizen-guard';
import { callerLabel, refuseUnavailableApplication } from '../security/refusals';
import {
  certificateData,
  certificateSecret,
  verificationCode,
  verifyCertificate,
} from '../services/certificate.service';
import { LANDLORD_STAFF_ROLES } from '../../contract/roles';
import type { ZodApi } from '../http/zod-api';

/**
 * The public page a certificate's QR code opens (the web app's /verify/:code), on the configured public address:
 * never the request's Host or X-Forwarded-Host, which the caller writes (a look-alike site in a genuine QR code).
 */
export function verifyUrl(config: Config, code: string): string {
  return `${publicUrl(config)}/verify/${encodeURIComponent(code)}`;
}

/**
 * The clearance certificate (docs/certificate.md): `process/GenerateRC/{id}` for the landlord's key (its own
 * applications only), `register/GenerateRC/{id}` for officials within their jurisdiction, and the anonymous
 * `verify/{code}` that the public page /verify/:code asks.
 */
export function registerCertificateRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { clock } = deps;
  const secret = certificateSecret(deps.config);
  const needSecret = (): string => {
    if (!secret) throw new HttpError(503, CERTIFICATE_MESSAGES.notConfigured);
    return secret;
  };
  const perAddressLimit = anonymousRateLimiter({ db: deps.db, clock });

  const variants: [string, onRequestAsyncHookHandler, { [name: string]: string[] }[]][] = [
    ['register', requireStaff(deps, LANDLORD_STAFF_ROLES), [{ bearer: [] }]],
    ['process', requireCitizen(deps, ['landlord']), [{ apiKey: [] }]],
  ];
  for (const [area, guard, security] of variants) {
    api.get(
      `/${area}/GenerateRC/:id`,
      {
        onRequest: guard,
        schema: {
          security,
          params: applicationFormParamsSchema,
          response: { 200: pdfReplySchema, '4xx': errorReplySchema, '5xx': errorReplySchema },
        },
      },
      async (request) => {
        const key = needSecret();
        const caller = callerOf(request);
        const found = await certificateData(deps.db, caller, request.params.id);
        if (!found.ok) {
          if (found.reason === 'not-certified') throw new HttpError(409, CERTIFICATE_MESSAGES.notCertified);
          return refuseUnavailableApplication(deps, request, caller, found.reason, CERTIFICATE_MESSAGES);
        }
        const { data } = found;
        const code = verificationCode(key, data.detail.applid, data.certifiedAt);
        const pdf = certificatePdf(data, {
          verificationCode: code,
          verifyUrl: verifyUrl(deps.config, code),
          generatedBy: callerLabel(request) ?? 'unknown',
          generatedAt: clock.now(),
        });
        return {
          base64img: pdf.toString('base64'),
          contenttype: 'application/pdf' as const,
          filename: `clearance-certificate-${data.detail.applid}.pdf`,
        };
      },
    );
  }

  api.get(
    '/verify/:code',
    {
      onRequest: perAddressLimit('verify'),
      schema: {
        params: verifyParamsSchema,
        response: { 200: verifyReplySchema, '4xx': errorReplySchema, '5xx': errorReplySchema },
      },
    },
    async (request) => verifyCertificate(deps.db, needSecret(), request.params.code),
  );
  // Promise-returning like every registerXRoutes, so routes/index.ts awaits them all alike.
  return Promise.resolve();
}
