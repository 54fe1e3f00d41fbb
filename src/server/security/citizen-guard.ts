import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { AppDeps } from '../deps';
import type { Config } from '../config';
import { HttpError } from '../http/errors';
import { auditContext, writeAuditLog } from './audit-log';
import { AUTH_FAILED_MESSAGE } from './auth-guard';
import { CHANNEL_CHANGE_MESSAGES } from '../../contract/channel-changes.contract';
import {
  citizenLabel,
  resolveCitizenKey,
  type CitizenIdentity,
  type CitizenKeyLimits,
  type CitizenScopeKind,
} from './citizen-keys';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireCitizen on the routes it guards. */
    citizen?: CitizenIdentity;
  }
}

/** The spec's API-key header, set by the browser after OTP validation (public-portal.md section 7). */
export const CITIZEN_KEY_HEADER = 'x-api-key';

export const WRONG_KIND_MESSAGE = 'This key does not give access to this kind of record.';

export function citizenKeyLimits(config: Config): CitizenKeyLimits {
  return { idleMs: config.CITIZEN_KEY_IDLE_MS, absoluteMs: config.CITIZEN_KEY_ABSOLUTE_MS };
}

/** The key from the X-Api-Key header, or null (never from the URL: keys must not land in logs or history). */
export function citizenKeyOf(request: FastifyRequest): string | null {
  const header = request.headers[CITIZEN_KEY_HEADER];
  return typeof header === 'string' && header.length > 0 ? header : null;
}

export interface CitizenGuardOptions {
  /**
   * The route also admits a key that reaches only its record's held channel change (a contested record's kept
   * channel, docs/otp-channel-changes.md): the held-change routes and logout.
   */
  heldChangeKeys?: boolean;
}

/**
 * The onRequest hook of the citizens' (`process/...`) routes that need an OTP-verified caller: a missing, unknown,
 * revoked, idle or expired key is a 401 'Authentication Failed'; a key of another kind than `kinds` (a tenant's key
 * on a landlord route) is an audited 403. Ownership of the very record asked for is checked by the services'
 * scope helpers, not here. Usage: `api.get(path, { onRequest: requireCitizen(deps, ['landlord']) }, handler)`.
 */
export function requireCitizen(
  deps: AppDeps,
  kinds?: readonly CitizenScopeKind[],
  options: CitizenGuardOptions = {},
): onRequestAsyncHookHandler {
  const { clock } = deps;
  const limits = citizenKeyLimits(deps.config);
  return async function citizenGuard(request: FastifyRequest, _reply: FastifyReply) {
    const key = citizenKeyOf(request);
    if (!key) throw new HttpError(401, AUTH_FAILED_MESSAGE);
    const checked = await resolveCitizenKey(deps.db, key, clock.now(), limits);
    if (!checked.ok) throw new HttpError(401, AUTH_FAILED_MESSAGE);
    if (kinds && !kinds.includes(checked.citizen.scope.kind)) {
      await writeAuditLog(deps.db, {
        ...auditContext(request),
        kind: 'refusal',
        username: citizenLabel(checked.citizen),
        remark: `Refused: a ${checked.citizen.scope.kind} key may not use ${request.method} ${request.routeOptions.url ?? ''}`,
        at: clock.now(),
      });
      throw new HttpError(403, WRONG_KIND_MESSAGE, { audited: true });
    }
    if (checked.citizen.reach === 'held-change' && !options.heldChangeKeys) {
      await writeAuditLog(deps.db, {
        ...auditContext(request),
        kind: 'refusal',
        username: citizenLabel(checked.citizen),
        remark: `Refused: a key of a contested record may only see and stop its held change, not ${request.method} ${request.routeOptions.url ?? ''}`,
        at: clock.now(),
      });
      throw new HttpError(403, CHANNEL_CHANGE_MESSAGES.heldChangeKey, { audited: true });
    }
    request.citizen = checked.citizen;
  };
}

/** The caller on a route guarded by requireCitizen (a 401 if the guard was forgotten, never a crash). */
export function citizenOf(request: FastifyRequest): CitizenIdentity {
  if (!request.citizen) throw new HttpError(401, AUTH_FAILED_MESSAGE);
  return request.citizen;
}
