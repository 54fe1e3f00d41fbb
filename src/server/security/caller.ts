import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { AUTH_FAILED_MESSAGE } from './auth-guard';
import type { CitizenIdentity } from './citizen-keys';
import type { StaffIdentity } from './sessions';

/**
 * Who calls a service that both kinds of caller may use (the spec's "authenticated and anonymous variants":
 * `register/X` for officials, `process/X` for a citizen key). Services take a Caller and check scope with their
 * scope helpers (jurisdiction for staff, ownership for citizens), so the two routes differ only in their guard.
 */
export type Caller = { kind: 'staff'; staff: StaffIdentity } | { kind: 'citizen'; citizen: CitizenIdentity };

/** The caller set by requireStaff or requireCitizen on this route. */
export function callerOf(request: FastifyRequest): Caller {
  if (request.staff) return { kind: 'staff', staff: request.staff };
  if (request.citizen) return { kind: 'citizen', citizen: request.citizen };
  throw new HttpError(401, AUTH_FAILED_MESSAGE);
}
