import { and, count, eq, gt, isNull, lt, min } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { otpRequests } from '../db/schema';
import { HttpError } from '../http/errors';
import { auditContext, writeAuditLog } from './audit-log';
import { countedAddress } from './anonymous-rate-limit';

// Identity lookups anyone may make without a key (is this EPIC registered? send an OTP to this ID) tell who is
// registered. Each one is a row of otp_requests, counted per address in the database, so the limit holds across
// API replicas and restarts (docs/otp-and-citizen-keys.md).

/**
 * Lookups one address may make in a window. Generous enough for a ward office registering landlords behind one
 * address, or a mobile carrier's shared address; listing a district's landlords would take months.
 */
export const ADDRESS_LOOKUP_LIMIT = { max: 30, windowMs: 10 * 60_000 };

export const TOO_MANY_LOOKUPS_MESSAGE =
  'Too many requests from your network. Please wait 10 minutes and try again.';

/** Rows older than this are no longer counted by any limit and are purged. */
export const LOOKUP_RETENTION_MS = 24 * 60 * 60_000;

/** 'sent-device': sent to a request with the person's device cookie (otp-send-limit.ts). */
export type LookupOutcome = 'sent' | 'sent-device' | 'unknown' | 'refused' | 'lookup';

/**
 * Counts one identity lookup from the caller's address and refuses it (429, audited once per window) when the
 * address is over its limit. The row is written first and counted after, so two replicas serving the same
 * address at once both see both rows: together they can never admit more than the limit.
 * Returns the row id, for the caller to record what the lookup found (`settleLookup`).
 */
export async function admitAddressLookup(
  deps: AppDeps,
  request: FastifyRequest,
  what: string,
): Promise<number> {
  const { clock } = deps;
  const now = clock.now();
  // IPv6 by its /64 (anonymous-rate-limit.ts): the send limits count requesters by this column too.
  const ip = countedAddress(request);
  const [row] = await deps.db
    .insert(otpRequests)
    .values({ ipAddress: ip, requestedAt: now, outcome: 'lookup' })
    .returning({ id: otpRequests.id });
  const since = new Date(now.getTime() - ADDRESS_LOOKUP_LIMIT.windowMs);
  const [{ n }] = await deps.db
    .select({ n: count() })
    .from(otpRequests)
    .where(and(eq(otpRequests.ipAddress, ip), gt(otpRequests.requestedAt, since)));
  if (n > ADDRESS_LOOKUP_LIMIT.max) {
    await deps.db.update(otpRequests).set({ outcome: 'refused' }).where(eq(otpRequests.id, row.id));
    // The first refusal of a window is written to the audit trail; a flood adds no more lines. "First" is the
    // oldest refused row of the address in the window: of refusals racing on two replicas at least one writes (the
    // oldest always sees itself as first), rarely two.
    const [{ firstRefused }] = await deps.db
      .select({ firstRefused: min(otpRequests.id) })
      .from(otpRequests)
      .where(
        and(
          eq(otpRequests.ipAddress, ip),
          eq(otpRequests.outcome, 'refused'),
          // Refused by this limit, before any identity was looked up (a person's send limit names its subject).
          isNull(otpRequests.subjectKey),
          gt(otpRequests.requestedAt, since),
        ),
      );
    if (firstRefused === row.id) {
      await writeAuditLog(deps.db, {
        ...auditContext(request),
        kind: 'refusal',
        remark: `Refused: over ${ADDRESS_LOOKUP_LIMIT.max} identity lookups in ${ADDRESS_LOOKUP_LIMIT.windowMs / 60_000} min from one address (${what}); further refusals in this window are not logged`,
        at: now,
      });
    }
    throw new HttpError(429, TOO_MANY_LOOKUPS_MESSAGE, { audited: true });
  }
  if (Math.random() < 1 / 16) await purgeOldLookups(deps, now);
  return row.id;
}

/** Records what an admitted lookup found: the subject it names (or null when unknown) and its outcome. */
export async function settleLookup(
  deps: AppDeps,
  id: number,
  subjectKey: string | null,
  outcome: LookupOutcome,
): Promise<void> {
  await deps.db.update(otpRequests).set({ subjectKey, outcome }).where(eq(otpRequests.id, id));
}

async function purgeOldLookups(deps: AppDeps, now: Date): Promise<void> {
  await deps.db
    .delete(otpRequests)
    .where(lt(otpRequests.requestedAt, new Date(now.getTime() - LOOKUP_RETENTION_MS)));
}
