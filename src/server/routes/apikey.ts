import { OTP_ENDPOINTS, OTP_REQUEST_LIMIT } from '../../contract/otp.contract';
import type { AppDeps } from '../deps';
import { serve } from '../http/serve-endpoint';
import { anonymousRateLimiter } from '../security/anonymous-rate-limit';
import { citizenKeyOf, citizenOf } from '../security/citizen-guard';
import { citizenLabel, revokeCitizenKey } from '../security/citizen-keys';
import { auditContext, writeAuditLog } from '../security/audit-log';
import { requestOtp } from '../security/otp-request';
import { validateOtp } from '../security/otp-validate';
import { deviceCookieHeader, secureCookies } from '../security/trusted-device';
import { changePasswordByOtp } from '../services/password-change.service';
import type { ZodApi } from '../http/zod-api';

export const LOGGED_OUT_MESSAGE = 'You have been logged out.';

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

  const before = [perAddressLimit(OTP_REQUEST_LIMIT)];

  serve(
    api,
    deps,
    OTP_ENDPOINTS.requestOtp,
    (request) => requestOtp(deps, notifier, request, request.query.subject, request.params.id),
    { before, serverErrors: true },
  );

  serve(
    api,
    deps,
    OTP_ENDPOINTS.requestStaffOtp,
    (request) => requestOtp(deps, notifier, request, 'user', request.params.username),
    { before, serverErrors: true },
  );

  serve(
    api,
    deps,
    OTP_ENDPOINTS.validateOtp,
    async (request, reply) => {
      const result = await validateOtp(deps, request, request.params.id, request.body);
      reply.header(
        'Set-Cookie',
        deviceCookieHeader(result.deviceCookie, secureCookies(deps.config.NODE_ENV, request.protocol)),
      );
      return result.reply;
    },
    { serverErrors: true },
  );

  serve(
    api,
    deps,
    OTP_ENDPOINTS.logout,
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
    { serverErrors: true },
  );

  serve(
    api,
    deps,
    OTP_ENDPOINTS.changePassword,
    (request) => changePasswordByOtp(deps, request, request.body),
    { serverErrors: true },
  );
  // Promise-returning like every registerXRoutes, so routes/index.ts awaits them all alike.
  return Promise.resolve();
}
