import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { OTP_MESSAGES } from '../../contract/otp.contract';
import type { AppDeps, Clock } from '../app';
import { anonymousRequestCounts } from '../db/schema';
import { HttpError } from '../http/errors';
import { countedAddress, countHit, type AnonymousLimit } from './anonymous-rate-limit';
import { auditContext, writeAuditLog } from './audit-log';

// Wrong codes per address (docs/otp-and-citizen-keys.md, "Checking a code"): counted per (address, person) and,
// with a much larger bound, per address. One typist behind a shared address (a police station, a college, a
// carrier's NAT) locks only their own pair for a while, never the office; a guesser spraying many people from one
// address is stopped. The counters are rows of anonymous_request_counts (fixed windows, shared by every replica).

const MINUTE = 60_000;

export const OTP_GUESS_LIMITS = {
  /** Two codes' worth of wrong tries for one person from one address, then that pair waits. */
  perAddressAndIdentity: { max: 10, windowMs: 15 * MINUTE },
  /** Wrong codes for anyone from one address: an office full of typists, not a sprayer. */
  perAddress: { max: 100, windowMs: 15 * MINUTE },
} as const satisfies Record<string, AnonymousLimit>;

const counterOf = (address: string, identity?: string) =>
  identity === undefined ? `otp-guess|${address}` : `otp-guess|${address}|${identity}`;

/** Counts one guess on a counter; refuses (429, audited once per window) when it is over the limit. */
async function countGuess(
  deps: AppDeps,
  request: FastifyRequest,
  counter: { key: string; limit: AnonymousLimit; what: string },
  now: Date,
): Promise<void> {
  const { hits, expiresAt } = await countHit(deps.db, counter.key, counter.limit, now);
  if (hits <= counter.limit.max) return;
  if (hits === counter.limit.max + 1) {
    await writeAuditLog(deps.db, {
      ...auditContext(request),
      kind: 'refusal',
      remark: `OTP refused: over ${counter.limit.max} wrong codes in ${counter.limit.windowMs / MINUTE} min from one address ${counter.what}; further refusals in this window are not logged`,
      at: now,
    });
  }
  const minutes = Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / MINUTE));
  throw new HttpError(429, OTP_MESSAGES.tooManyWrongCodes(minutes), { audited: true });
}

/**
 * Counts a guess at `identity` (the subject key, or for an unknown identity the one typed: both are counted alike,
 * so the limit tells nothing about who exists) from the caller's address, first for the pair, then for the address.
 * Over either limit the guess is refused with 429 before any code is compared. Returns the release to call when
 * the guess was right: only wrong guesses stay counted.
 */
export async function claimOtpGuess(
  deps: AppDeps,
  request: FastifyRequest,
  identity: string,
): Promise<() => Promise<void>> {
  const now = (deps.clock ?? ({ now: () => new Date() } satisfies Clock)).now();
  const address = countedAddress(request);
  const pair = counterOf(address, identity);
  await countGuess(
    deps,
    request,
    { key: pair, limit: OTP_GUESS_LIMITS.perAddressAndIdentity, what: `for ${identity}` },
    now,
  );
  const whole = counterOf(address);
  await countGuess(
    deps,
    request,
    { key: whole, limit: OTP_GUESS_LIMITS.perAddress, what: 'for anyone' },
    now,
  );
  return async () => {
    // One row per statement: no two releases can wait on each other's rows.
    for (const key of [pair, whole]) {
      await deps.db
        .update(anonymousRequestCounts)
        .set({ hits: sql`greatest(${anonymousRequestCounts.hits} - 1, 0)` })
        .where(and(eq(anonymousRequestCounts.key, key), gt(anonymousRequestCounts.expiresAt, now)));
    }
  };
}
