import { and, asc, eq, gt } from 'drizzle-orm';
import { OTP_SEND_LIMITS } from '../../contract/otp.contract';
import type { AppDeps } from '../deps';
import { otpRequests, type SubjectKey } from '../db/schema';
import { settleLookup } from './lookup-limit';

// Sends per identity (docs/otp-and-citizen-keys.md, "Who can stop a person from getting a code"): per requester
// address 3 in any 15 minutes and 4 in any 24 hours, so a stranger spends its own budget and not the person's;
// per identity, whoever asks, 10 in any 24 hours: the bound on messages and on codes to guess at. Counted from the
// rows of otp_requests, so the limits hold across API replicas and restarts. A browser that once proved it holds the
// person (a right code: trusted-device.ts) is counted apart, as 'sent-device' rows: the per-requester limits for all
// the person's trusted browsers together, and never against the 10 a day that strangers can use up.

type SendLimit = { readonly max: number; readonly windowMs: number };
type Send = { id: number; at: Date; requester: string };

const LONGEST_WINDOW_MS = Math.max(
  ...[...OTP_SEND_LIMITS.perRequester, ...OTP_SEND_LIMITS.perIdentity].map((limit) => limit.windowMs),
);

export type SendClaim = { ok: true } | { ok: false; retryAfterMinutes: number };

/**
 * How long until one more send than `sends` (which hold the claim `claimId`) fits every limit: 0 when it fits now.
 * Without the claim, the others must fall to max - 1: the (others - max + 1)-th oldest must leave the window.
 */
function waitForRoom(sends: Send[], limits: readonly SendLimit[], claimId: number, now: number): number {
  let waitMs = 0;
  for (const limit of limits) {
    const inWindow = sends.filter((send) => send.at.getTime() > now - limit.windowMs);
    if (inWindow.length <= limit.max) continue;
    const others = inWindow.filter((send) => send.id !== claimId);
    const mustLeave = others[others.length - limit.max];
    waitMs = Math.max(waitMs, mustLeave.at.getTime() + limit.windowMs - now);
  }
  return waitMs;
}

/**
 * Claims a send for `subjectKey` on the admitted lookup row `lookupId`, made by `requester` (its address as
 * counted, lookup-limit.ts): the row is marked 'sent' first and the subject's sends counted after, so two replicas
 * claiming at once both see both claims and together never pass a limit. A refused claim is marked 'refused' and
 * no longer counts. The wait is until enough of the counted sends have left their windows for one more to fit.
 * `trusted`: the request carries the person's device cookie; its send is judged among the trusted sends only.
 */
export async function claimOtpSend(
  deps: AppDeps,
  lookupId: number,
  subjectKey: SubjectKey,
  requester: string,
  now: Date,
  trusted = false,
): Promise<SendClaim> {
  // Trusted sends and strangers' sends are two budgets: each claim counts only the rows of its own kind.
  const outcome = trusted ? 'sent-device' : 'sent';
  await settleLookup(deps, lookupId, subjectKey, outcome);
  const sends: Send[] = await deps.db
    .select({ id: otpRequests.id, at: otpRequests.requestedAt, requester: otpRequests.ipAddress })
    .from(otpRequests)
    .where(
      and(
        eq(otpRequests.subjectKey, subjectKey),
        eq(otpRequests.outcome, outcome),
        gt(otpRequests.requestedAt, new Date(now.getTime() - LONGEST_WINDOW_MS)),
      ),
    )
    .orderBy(asc(otpRequests.requestedAt), asc(otpRequests.id));
  const at = now.getTime();
  // All the person's trusted browsers share the per-requester limits; a stranger has its address's, and the
  // strangers together the person's daily bound.
  const waitMs = trusted
    ? waitForRoom(sends, OTP_SEND_LIMITS.perRequester, lookupId, at)
    : Math.max(
        waitForRoom(
          sends.filter((send) => send.requester === requester),
          OTP_SEND_LIMITS.perRequester,
          lookupId,
          at,
        ),
        waitForRoom(sends, OTP_SEND_LIMITS.perIdentity, lookupId, at),
      );
  if (waitMs === 0) return { ok: true };
  await settleLookup(deps, lookupId, subjectKey, 'refused');
  return { ok: false, retryAfterMinutes: Math.max(1, Math.ceil(waitMs / 60_000)) };
}
