import { errorReplySchema, messageReplySchema } from '../../contract/api';
import {
  changePasswordBodySchema,
  otpIdParamsSchema,
  otpRequestQuerySchema,
  otpSentReplySchema,
  otpUserParamsSchema,
  validateOtpBodySchema,
  validateOtpReplySchema,
} from '../../contract/otp.contract';
import type { AppDeps } from '../deps';
import { anonymousRateLimiter } from '../security/anonymous-rate-limit';
import { citizenKeyOf, citizenOf, requireCitizen } from '../security/citizen-guard';
import { citizenLabel, revokeCitizenKey } from '../security/citizen-keys';
import { auditContext, writeAuditLog } from '../security/audit-log';
import { requestOtp } from '../security/otp-request';
import { validateOtp } from '../security/otp-validate';
import { deviceCookieHeader, secureCookies } from '../security/trusted-device';
import { changePasswordByOtp } from '../services/password-change.service';
import type { ZodApi } from '../http/zod-api';

const errors = { '4xx': errorReplySchema, '5xx': errorReplySchema };
export const LOGGED_OUT_MESSAGE = 'You have been logged out.';
/** Marks the route that needs a citizen key (X-Api-Key) in the OpenAPI document (/docs). */
const citizenKeyAuth = [{ apiKey: [] }];

/**
 * OTP access (public-portal.md sections 2, 7, 8; docs/otp-and-citizen-keys.md): ask for a code for a landlord,
 * a tenant or a staff account, prove it, and get a short-lived citizen key; and the staff password change that
 * such a key allows (`process/changepassword`, kept here because it is the last step of the same flow), and the
 * citizen's Logout (`POST apikey/logout`: the key in X-Api-Key ends at once, any kind of key).
 */
export function registerApikeyRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { clock } = deps;
  const notifier = deps.notifier;
  // Flood control before any database work; the durable per-address limit is admitAddressLookup's.
  const perAddressLimit = anonymousRateLimiter({ db: deps.db, clock });

  api.get(
    '/apikey/getOTP/:id',
    {
      onRequest: perAddressLimit('apikey/getOTP'),
      schema: {
        params: otpIdParamsSchema,
        querystring: otpRequestQuerySchema,
        response: { 200: otpSentReplySchema, ...errors },
      },
    },
    (request) => requestOtp(deps, notifier, request, request.query.subject, request.params.id),
  );

  api.get(
    '/apikey/getOTP/user/:username',
    {
      onRequest: perAddressLimit('apikey/getOTP'),
      schema: { params: otpUserParamsSchema, response: { 200: otpSentReplySchema, ...errors } },
    },
    (request) => requestOtp(deps, notifier, request, 'user', request.params.username),
  );

  api.post(
    '/apikey/validateOTP/:id',
    {
      schema: {
        params: otpIdParamsSchema,
        body: validateOtpBodySchema,
        response: { 200: validateOtpReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await validateOtp(deps, request, request.params.id, request.body);
      reply.header(
        'Set-Cookie',
        deviceCookieHeader(result.deviceCookie, secureCookies(deps.config.NODE_ENV, request.protocol)),
      );
      return result.reply;
    },
  );

  api.post(
    '/apikey/logout',
    {
      onRequest: requireCitizen(deps, undefined, { heldChangeKeys: true }),
      schema: { security: citizenKeyAuth, response: { 200: messageReplySchema, ...errors } },
    },
    async (request) => {
      const citizen = citizenOf(request);
      const now = clock.now();
      await revokeCitizenKey(deps.db, citizenKeyOf(request) ?? '', now);
      await writeAuditLog(deps.db, {
        ...auditContext(request),
        kind: 'logout',
        username: citizenLabel(citizen),
        remark: 'Logged out: citizen key ended',
        at: now,
      });
      return { message: LOGGED_OUT_MESSAGE };
    },
  );

  api.post(
    '/process/changepassword',
    {
      onRequest: requireCitizen(deps, ['user']),
      schema: {
        security: citizenKeyAuth,
        body: changePasswordBodySchema,
        response: { 200: messageReplySchema, ...errors },
      },
    },
    (request) => changePasswordByOtp(deps, request, request.body),
  );
  // Promise-returning like every registerXRoutes, so routes/index.ts awaits them all alike.
  return Promise.resolve();
}
