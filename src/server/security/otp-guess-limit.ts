import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { OTP_MESSAGES } from '../../contract/otp.contract';
import type { AppDeps } from '../deps';
import { anonymousRequestCounts } from '../db/schema';
import { HttpError } from '../http/errors';
import { countedAddress, countHits, type AnonymousLimit, type HitCount } from './anonymous-rate-limit';
import { auditContext, writeAuditLog } from './audit-log';

// Wrong codes per address (docs/otp-and-citizen-keys.md, "Checking a code"): counted per (address, person) and,
// with a much larger bound, per address. One typist behind a shared address (a police station, a college, a
// carrier's NAT) locks only their own pair for a while, never the office; a guesser spraying many people from one
// address is stopped. The counters are rows of anonymous_request_counts (fixed windows, shared by every replica).

const MINUTE = 60_000;
/** Both counters share one window length, so one statement counts both. */
const GUESS_WINDOW_MS = 15 * MINUTE;

export const OTP_GUESS_LIMITS = {
  /** Two codes' worth of wrong tries for one person from one address, then that pair waits. */
  perAddressAndIdentity: { max: 10, windowMs: GUESS_WINDOW_MS },
  /** Wrong codes for anyone from one address: an office full of typists, not a sprayer. */
  perAddress: { max: 100, windowMs: GUESS_WINDOW_MS },
} as const satisfies Record<string, AnonymousLimit>;

const counterOf = (address: string, identity?: string) =>
  identity === undefined ? `otp-guess|${address}` : `otp-guess|${address}|${identity}`;

/** Refuses (429, audited once per window) a guess whose counter is over its limit. */
async function refuseOverLimit(
  deps: AppDeps,
  request: FastifyRequest,
  counter: { counted: HitCount; limit: AnonymousLimit; what: string },
  now: Date,
): Promise<void> {
  const { counted, limit } = counter;
  if (counted.hits <= limit.max) return;
  if (counted.hits === limit.max + 1) {
    await writeAuditLog(deps.db, {
      ...auditContext(request),
      kind: 'refusal',
      remark: `OTP refused: over ${limit.max} wrong codes in ${limit.windowMs / MINUTE} min from one address ${counter.what}; further refusals in this window are not logged`,
      at: now,
    });
  }
  const minutes = Math.max(1, Math.ceil((counted.expiresAt.getTime() - now.getTime()) / MINUTE));
  throw new HttpError(429, OTP_MESSAGES.tooManyWrongCodes(minutes), { audited: true });
}

/**
 * Counts a guess at `identity` (the subject key, or for an unknown identity the one typed: both are counted alike,
 * so the limit tells nothing about who exists) from the caller's address, for the pair and for the address, in
 * one statement. Over either limit the guess is refused with 429 before any code is compared. Returns the release
 * to call when the guess was right: only wrong guesses stay counted. A guess from the person's own browser
 * (`deviceId`, its OTP device cookie: otp-device.ts) is counted per (browser, person) only, so strangers behind the
 * same address cannot use up its tries.
 */
export async function claimOtpGuess(
  deps: AppDeps,
  request: FastifyRequest,
  identity: string,
  deviceId: string | null = null,
): Promise<() => Promise<void>> {
  const now = deps.clock.now();
  const address = countedAddress(request);
  const keys = deviceId
    ? [counterOf(`device:${deviceId}`, identity)]
    : [counterOf(address, identity), counterOf(address)];
  const [pair, whole] = await countHits(deps.db, keys, GUESS_WINDOW_MS, now);
  const { perAddressAndIdentity, perAddress } = OTP_GUESS_LIMITS;
  await refuseOverLimit(
    deps,
    request,
    { counted: pair, limit: perAddressAndIdentity, what: `for ${identity}` },
    now,
  );
  if (!deviceId)
    await refuseOverLimit(deps, request, { counted: whole, limit: perAddress, what: 'for anyone' }, now);
  return async () => {
    // One row per statement, in the same order as the count.
    for (const key of keys) {
      await deps.db
        .update(anonymousRequestCounts)
        .set({ hits: sql`greatest(${anonymousRequestCounts.hits} - 1, 0)` })
        .where(and(eq(anonymousRequestCounts.key, key), gt(anonymousRequestCounts.expiresAt, now)));
    }
  };
}
