import { CERTIFICATE_ENDPOINTS, CERTIFICATE_MESSAGES } from '../../contract/certificate.contract';
import type { AppDeps } from '../deps';
import { publicUrl, type Config } from '../config';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { certificatePdf } from '../pdf/certificate.pdf';
import { anonymousRateLimiter } from '../security/anonymous-rate-limit';
import { callerOf } from '../security/caller';
import { callerLabel, refuseUnavailableApplication } from '../security/refusals';
import {
  certificateData,
  certificateSecret,
  verificationCode,
  verifyCertificate,
} from '../services/certificate.service';
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

  for (const generate of [CERTIFICATE_ENDPOINTS.generate, CERTIFICATE_ENDPOINTS.generateOwn]) {
    serve(
      api,
      deps,
      generate,
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
      { serverErrors: true },
    );
  }

  serve(
    api,
    deps,
    CERTIFICATE_ENDPOINTS.verify,
    async (request) => verifyCertificate(deps.db, needSecret(), request.params.code),
    { before: [perAddressLimit('verify')], serverErrors: true },
  );
  // Promise-returning like every registerXRoutes, so routes/index.ts awaits them all alike.
  return Promise.resolve();
}
