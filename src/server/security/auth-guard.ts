import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { Role } from '../../contract/roles';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { auditContext, writeAuditLog } from './audit-log';
import { resolveSession, type StaffIdentity } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireStaff on the routes it guards. */
    staff?: StaffIdentity;
  }
}

export const AUTH_FAILED_MESSAGE = 'Authentication Failed';
export const NOT_ALLOWED_MESSAGE = 'You are not allowed to do this.';

/** The token from `Authorization: Bearer <token>`, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * The onRequest hook of staff routes: any missing, unknown, revoked or expired session is a 401 'Authentication
 * Failed'; a role outside `roles` (when given) is a 403, written to the audit trail here. Sets request.staff.
 * It runs on request, before the body is read and the params validated, so an anonymous caller learns nothing
 * about the shapes the API expects (tests/server/auth-on-request.test.ts holds every staff route to it).
 * Usage: `api.get(path, { onRequest: requireStaff(deps, ['ADMIN']), schema }, handler)`.
 */
export function requireStaff(deps: AppDeps, roles?: readonly Role[]): onRequestAsyncHookHandler {
  const { clock } = deps;
  const limits = { idleMs: deps.config.SESSION_IDLE_MS, absoluteMs: deps.config.SESSION_ABSOLUTE_MS };
  return async function staffGuard(request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token) throw new HttpError(401, AUTH_FAILED_MESSAGE);
    const session = await resolveSession(deps.db, token, clock.now(), limits);
    if (!session.ok) throw new HttpError(401, AUTH_FAILED_MESSAGE);
    if (roles && !roles.includes(session.staff.role)) {
      await writeAuditLog(deps.db, {
        ...auditContext(request),
        kind: 'refusal',
        username: session.staff.username,
        remark: `Refused: role ${session.staff.role} may not use ${request.method} ${request.routeOptions.url ?? ''}`,
        at: clock.now(),
      });
      throw new HttpError(403, NOT_ALLOWED_MESSAGE, { audited: true });
    }
    request.staff = session.staff;
  };
}

/** The caller on a route guarded by requireStaff (a 401 if the guard was forgotten, never a crash). */
export function staffOf(request: FastifyRequest): StaffIdentity {
  if (!request.staff) throw new HttpError(401, AUTH_FAILED_MESSAGE);
  return request.staff;
}
