import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { auditContext, writeAuditLog, type AuditKind } from './audit-log';

// The audit lines of OTP access: every issue, use and refusal, named by the subject it concerned
// ('landlord:12', 'tenant:7', 'user:alice') or by nobody when the identity asked for does not exist.

export async function auditOtp(
  deps: AppDeps,
  request: FastifyRequest,
  remark: string,
  subjectKey: string | null,
  kind: AuditKind,
): Promise<void> {
  const { clock } = deps;
  await writeAuditLog(deps.db, {
    ...auditContext(request),
    kind,
    username: subjectKey,
    remark,
    at: clock.now(),
  });
}

/** Writes the refusal's audit line, then refuses with `message` (shown to the person as is). */
export async function refuseOtp(
  deps: AppDeps,
  request: FastifyRequest,
  refusal: { status: number; message: string; remark: string; subjectKey: string | null },
): Promise<never> {
  await auditOtp(deps, request, refusal.remark, refusal.subjectKey, 'refusal');
  throw new HttpError(refusal.status, refusal.message, { audited: true });
}
