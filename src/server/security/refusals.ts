import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { auditContext, writeAuditLog } from './audit-log';
import { staffOf } from './auth-guard';
import type { Caller } from './caller';
import { citizenLabel } from './citizen-keys';
import type { StaffIdentity } from './sessions';

/** Who made a request, as the audit trail names it: the official's username or the citizen key's subject. */
export function callerLabel(request: FastifyRequest): string | null {
  if (request.staff) return request.staff.username;
  if (request.citizen) return citizenLabel(request.citizen);
  return null;
}

/** Writes the audit line of a refusal with its true reason (the reply may say less). */
async function auditRefusalReason(deps: AppDeps, request: FastifyRequest, reason: string): Promise<void> {
  const { clock } = deps;
  await writeAuditLog(deps.db, {
    ...auditContext(request),
    kind: 'refusal',
    username: callerLabel(request),
    remark: `Refused: ${reason} (${request.method} ${request.url.split('?')[0]})`,
    at: clock.now(),
  });
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
  await auditRefusalReason(deps, request, message);
  throw new HttpError(status, message, { audited: true });
}

/**
 * An official's id that exists outside its reach, answered exactly as an id that does not exist (issue 20,
 * docs/reach.md "Ids outside reach"): the same 404 and `missingMessage` the missing id gets, so walking the ids
 * tells nothing; the audit line keeps the true `reason`, so a supervisor still sees the attempt.
 */
export async function refuseAsMissing(
  deps: AppDeps,
  request: FastifyRequest,
  reason: string,
  missingMessage: string,
): Promise<never> {
  await auditRefusalReason(deps, request, reason);
  throw new HttpError(404, missingMessage, { audited: true });
}

/** The jurisdiction refusal of staff routes (kept under its old name for readability at the call sites). */
export function refuseOutsideJurisdiction(
  deps: AppDeps,
  request: FastifyRequest,
  message: string,
): Promise<never> {
  return refuseAudited(deps, request, message);
}

/** The words for an application's document (its form, its certificate) that cannot be given. */
export interface UnavailableApplicationMessages {
  outsideJurisdiction: string;
  notYours: string;
  notFound: string;
  deleted: string;
}

/**
 * Answers a lookup of an application's document that found nothing to give: refused is audited, a key's (not its
 * landlord's) with 403, an official's (outside its jurisdiction) with the 404 of a missing id; missing or deleted
 * is 404.
 */
export function refuseUnavailableApplication(
  deps: AppDeps,
  request: FastifyRequest,
  caller: Caller,
  reason: 'refused' | 'not-found' | 'deleted',
  messages: UnavailableApplicationMessages,
): Promise<never> {
  if (reason === 'refused') {
    return caller.kind === 'staff'
      ? refuseAsMissing(deps, request, messages.outsideJurisdiction, messages.notFound)
      : refuseAudited(deps, request, messages.notYours);
  }
  return Promise.reject(new HttpError(404, reason === 'deleted' ? messages.deleted : messages.notFound));
}

/** An official's request as the office services take it: who, when, the audit context and its two refusals. */
export interface StaffAsker {
  staff: StaffIdentity;
  now: Date;
  audit: { ip: string; url: string };
  refuse: (message: string) => Promise<never>;
  /** Answers an id outside the official's reach as a missing one: audited with `reason`, 404 `missingMessage`. */
  refuseAsMissing: (reason: string, missingMessage: string) => Promise<never>;
}

/** The StaffAsker of a request that passed `requireStaff`, at the time `now`. */
export function staffAskerOf(deps: AppDeps, request: FastifyRequest, now: Date): StaffAsker {
  return {
    staff: staffOf(request),
    now,
    audit: auditContext(request),
    refuse: (message) => refuseAudited(deps, request, message),
    refuseAsMissing: (reason, missingMessage) => refuseAsMissing(deps, request, reason, missingMessage),
  };
}
