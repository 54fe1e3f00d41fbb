import type { FastifyRequest } from 'fastify';
import type { AppDeps, Clock } from '../app';
import { HttpError } from '../http/errors';
import { auditContext, writeAuditLog } from './audit-log';
import { citizenLabel } from './citizen-keys';

/** Who made a request, as the audit trail names it: the official's username or the citizen key's subject. */
export function callerLabel(request: FastifyRequest): string | null {
  if (request.staff) return request.staff.username;
  if (request.citizen) return citizenLabel(request.citizen);
  return null;
}

/**
 * A refused scope check (a record outside the official's jurisdiction, or not the citizen key's own): written to
 * the audit trail with its reason, then answered with `status` (403 unless the caller must not even learn that
 * the record exists). Shared by every route so that no refusal is answered without its audit line.
 */
export async function refuseAudited(
  deps: AppDeps,
  request: FastifyRequest,
  message: string,
  status = 403,
): Promise<never> {
  const clock: Clock = deps.clock ?? { now: () => new Date() };
  await writeAuditLog(deps.db, {
    ...auditContext(request),
    username: callerLabel(request),
    remark: `Refused: ${message} (${request.method} ${request.url.split('?')[0]})`,
    at: clock.now(),
  });
  throw new HttpError(status, message, { audited: true });
}

/** The jurisdiction refusal of staff routes (kept under its old name for readability at the call sites). */
export function refuseOutsideJurisdiction(
  deps: AppDeps,
  request: FastifyRequest,
  message: string,
): Promise<never> {
  return refuseAudited(deps, request, message);
}
