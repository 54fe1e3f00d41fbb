import { and, asc, eq, gt } from 'drizzle-orm';
import { OTP_SEND_LIMITS } from '../../contract/otp.contract';
import type { AppDeps } from '../app';
import { otpRequests, type SubjectKey } from '../db/schema';
import { settleLookup } from './lookup-limit';

// Sends per identity (docs/otp-and-citizen-keys.md): at most 3 in any 15 minutes and 10 in any 24 hours, counted
// from the rows of otp_requests, so the limits hold across API replicas and restarts.

const LONGEST_WINDOW_MS = Math.max(...OTP_SEND_LIMITS.map((limit) => limit.windowMs));

export type SendClaim = { ok: true } | { ok: false; retryAfterMinutes: number };

/**
 * Claims a send for `subjectKey` on the admitted lookup row `lookupId`: the row is marked 'sent' first and the
 * subject's sends counted after, so two replicas claiming at once both see both claims and together never pass
 * a limit. A refused claim is marked 'refused' and no longer counts. The wait is until enough of the counted
 * sends have left the window for one more to fit.
 */
export async function claimOtpSend(
  deps: AppDeps,
  lookupId: number,
  subjectKey: SubjectKey,
  now: Date,
): Promise<SendClaim> {
  await settleLookup(deps, lookupId, subjectKey, 'sent');
  const sends = await deps.db
    .select({ id: otpRequests.id, at: otpRequests.requestedAt })
    .from(otpRequests)
    .where(
      and(
        eq(otpRequests.subjectKey, subjectKey),
        eq(otpRequests.outcome, 'sent'),
        gt(otpRequests.requestedAt, new Date(now.getTime() - LONGEST_WINDOW_MS)),
      ),
    )
    .orderBy(asc(otpRequests.requestedAt), asc(otpRequests.id));
  let waitMs = 0;
  for (const limit of OTP_SEND_LIMITS) {
    const since = now.getTime() - limit.windowMs;
    const inWindow = sends.filter((send) => send.at.getTime() > since);
    if (inWindow.length <= limit.max) continue;
    // Without this claim, the others must fall to max - 1: the (others - max + 1)-th oldest must leave.
    const others = inWindow.filter((send) => send.id !== lookupId);
    const mustLeave = others[others.length - limit.max];
    waitMs = Math.max(waitMs, mustLeave.at.getTime() + limit.windowMs - now.getTime());
  }
  if (waitMs === 0) return { ok: true };
  await settleLookup(deps, lookupId, subjectKey, 'refused');
  return { ok: false, retryAfterMinutes: Math.max(1, Math.ceil(waitMs / 60_000)) };
}
