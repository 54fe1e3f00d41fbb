import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows-of';
import { applicationConsentCodes } from '../db/schema';
import { hashOtpCode, newOtpCode, otpMatches } from '../security/otp-codes';

// The tenant's consent codes for a landlord's application (docs/tenant-consent.md): 6 digits like an OTP, kept
// only as the OTP's keyed hash bound to 'consent:<row id>', 10 minutes, 5 tries, single use, at most 4 sent per
// application in any 15 minutes (the first and 3 resends). A code is for its one application: it is never an OTP
// (otp_challenges is another table, so apikey/validateOTP cannot accept it) and never buys a key.

export const CONSENT_CODE_TTL_MS = 10 * 60_000;
export const CONSENT_CODE_TRIES = 5;
export const CONSENT_SEND_LIMIT = { max: 4, windowMs: 15 * 60_000 } as const;
/**
 * Codes one applicant (the application's logby: 'landlord:<id>' or the official's username) may have sent to one
 * tenant in any 24 hours, over all its applications for that tenant: generate, withdraw and generate again counts
 * here. A stranger spends its own budget, never another applicant's (docs/tenant-consent.md, attack F4).
 */
export const CONSENT_APPLICANT_LIMIT = { max: 4, windowMs: 24 * 60 * 60_000 } as const;
/**
 * The flood guard: codes one tenant is sent in any 24 hours, whatever the applicants, except that an applicant
 * with fewer than `floor` codes to the tenant that day is never stopped by it (its first code and one resend), so
 * others' sends cannot shut a genuine landlord out. Worst day: 10 + 2 per applicant beyond the third.
 */
export const CONSENT_TENANT_LIMIT = { max: 10, floor: 2, windowMs: 24 * 60 * 60_000 } as const;

type CodeRow = typeof applicationConsentCodes.$inferSelect;

const binding = (codeId: number) => `consent:${codeId}`;

/**
 * A new code for the application, written with `db` (the caller's transaction; `keys` is the database handle the
 * hash key is loaded with); the application's earlier live codes end (the newest is the only one).
 */
export async function issueConsentCode(
  db: Db | Tx,
  keys: Db,
  applid: number,
  now: Date,
): Promise<{ codeId: number; code: string; expiresAt: Date }> {
  const [{ id }] = rowsOf<{ id: string | number }>(
    await db.execute(sql`select nextval(pg_get_serial_sequence('application_consent_codes', 'id')) as id`),
  );
  const codeId = Number(id);
  const code = newOtpCode();
  const expiresAt = new Date(now.getTime() + CONSENT_CODE_TTL_MS);
  await db.insert(applicationConsentCodes).values({
    id: codeId,
    applid,
    codeHash: await hashOtpCode(keys, binding(codeId), code),
    createdAt: now,
    expiresAt,
    triesLeft: CONSENT_CODE_TRIES,
  });
  await db
    .update(applicationConsentCodes)
    .set({ expiresAt: now })
    .where(
      and(
        eq(applicationConsentCodes.applid, applid),
        lt(applicationConsentCodes.id, codeId),
        isNull(applicationConsentCodes.usedAt),
        gt(applicationConsentCodes.expiresAt, now),
      ),
    );
  return { codeId, code, expiresAt };
}

/** Ends a code at once (its message could not be delivered). */
export async function endConsentCode(db: Db, codeId: number, now: Date): Promise<void> {
  await db
    .update(applicationConsentCodes)
    .set({ expiresAt: now })
    .where(eq(applicationConsentCodes.id, codeId));
}

/** Minutes to wait before another code may be sent for the application, or 0 when one may be sent now. */
export async function consentResendWait(db: Db | Tx, applid: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - CONSENT_SEND_LIMIT.windowMs);
  const sent = await db
    .select({ at: applicationConsentCodes.createdAt })
    .from(applicationConsentCodes)
    .where(and(eq(applicationConsentCodes.applid, applid), gt(applicationConsentCodes.createdAt, since)))
    .orderBy(desc(applicationConsentCodes.createdAt));
  if (sent.length < CONSENT_SEND_LIMIT.max) return 0;
  // The send that must leave the window for one more to fit.
  const mustLeave = sent[CONSENT_SEND_LIMIT.max - 1];
  const waitMs = mustLeave.at.getTime() + CONSENT_SEND_LIMIT.windowMs - now.getTime();
  return Math.max(1, Math.ceil(waitMs / 60_000));
}

/** Whose daily budget stops another code, and for how many minutes; null when one may be sent now. */
export type ConsentBudgetWait = { whose: 'applicant' | 'tenant'; minutes: number } | null;

const minutesUntil = (at: Date, windowMs: number, now: Date) =>
  Math.max(1, Math.ceil((at.getTime() + windowMs - now.getTime()) / 60_000));

/**
 * Whether another code may go to the tenant of `applid` for the application's applicant (its logby): the
 * applicant's own budget first (CONSENT_APPLICANT_LIMIT), then the tenant-wide flood guard, which an applicant
 * below the floor passes (CONSENT_TENANT_LIMIT). Counted from the code rows of the tenant's last 24 hours.
 */
export async function consentBudgetWait(db: Db | Tx, applid: number, now: Date): Promise<ConsentBudgetWait> {
  const since = new Date(now.getTime() - CONSENT_TENANT_LIMIT.windowMs).toISOString();
  const sent = rowsOf<{ at: string | Date; mine: boolean }>(
    await db.execute(sql`with asked as (select tenant_id, logby from applications where applid = ${applid}::bigint)
select c.created_at as at, a.logby = (select logby from asked) as mine
from application_consent_codes c join applications a on a.applid = c.applid
where a.tenant_id = (select tenant_id from asked) and c.created_at > ${since}::timestamptz
order by c.created_at desc`),
  ).map((row) => ({ at: new Date(row.at), mine: row.mine === true || String(row.mine) === 't' }));
  const mine = sent.filter((row) => row.mine);
  if (mine.length >= CONSENT_APPLICANT_LIMIT.max)
    return {
      whose: 'applicant',
      minutes: minutesUntil(mine[CONSENT_APPLICANT_LIMIT.max - 1].at, CONSENT_APPLICANT_LIMIT.windowMs, now),
    };
  if (mine.length < CONSENT_TENANT_LIMIT.floor || sent.length < CONSENT_TENANT_LIMIT.max) return null;
  // The tenant-wide send that must leave the window for one more to fit.
  return {
    whose: 'tenant',
    minutes: minutesUntil(sent[CONSENT_TENANT_LIMIT.max - 1].at, CONSENT_TENANT_LIMIT.windowMs, now),
  };
}

export type ConsentCheck =
  | { ok: true; codeId: number }
  | { ok: false; reason: 'wrong'; triesLeft: number }
  | { ok: false; reason: 'ended' }
  | { ok: false; reason: 'replaced' };

const ended = (row: CodeRow | undefined, now: Date) =>
  !row || row.usedAt !== null || row.expiresAt.getTime() <= now.getTime() || row.triesLeft <= 0;

/** Codes of the application a resend replaced, newest first (the tenant's daily cap bounds how many there are). */
async function replacedCodes(db: Db, applid: number, latestId: number): Promise<CodeRow[]> {
  return db
    .select()
    .from(applicationConsentCodes)
    .where(
      and(
        eq(applicationConsentCodes.applid, applid),
        lt(applicationConsentCodes.id, latestId),
        isNull(applicationConsentCodes.usedAt),
      ),
    )
    .orderBy(desc(applicationConsentCodes.id))
    .limit(CONSENT_TENANT_LIMIT.max);
}

/**
 * Whether the guess is an earlier code of the application that a resend replaced (and not the newest, by a one in
 * a million chance): the landlord typed the tenant's first message. Answered 'replaced' without taking a try, as
 * a dead code buys nothing; the newest is compared only to rule out that chance, its result not told.
 */
async function isReplacedCode(db: Db, latest: CodeRow, guess: string): Promise<boolean> {
  for (const row of await replacedCodes(db, latest.applid, latest.id)) {
    if (await otpMatches(db, binding(row.id), row.codeHash, guess))
      return !(await otpMatches(db, binding(latest.id), latest.codeHash, guess));
  }
  return false;
}

/**
 * Checks a guess against the application's newest code: a code a resend replaced answers 'replaced' (no try is
 * taken); otherwise a try is taken first (one conditional UPDATE, so two
 * guesses at once cannot both spend the last), then the guess is compared in constant time. The fifth wrong guess
 * ends the code. A right guess is marked used by the consent statement itself (tenant-consent.service.ts).
 */
export async function checkConsentCode(
  db: Db,
  applid: number,
  guess: string,
  now: Date,
): Promise<ConsentCheck> {
  const [latest] = await db
    .select()
    .from(applicationConsentCodes)
    .where(eq(applicationConsentCodes.applid, applid))
    .orderBy(desc(applicationConsentCodes.id))
    .limit(1);
  if (ended(latest, now)) return { ok: false, reason: 'ended' };
  if (await isReplacedCode(db, latest, guess)) return { ok: false, reason: 'replaced' };
  const [spent] = await db
    .update(applicationConsentCodes)
    .set({ triesLeft: sql`${applicationConsentCodes.triesLeft} - 1` })
    .where(
      and(
        eq(applicationConsentCodes.id, latest.id),
        isNull(applicationConsentCodes.usedAt),
        gt(applicationConsentCodes.expiresAt, now),
        gt(applicationConsentCodes.triesLeft, 0),
      ),
    )
    .returning({ triesLeft: applicationConsentCodes.triesLeft });
  if (!spent) return { ok: false, reason: 'ended' };
  if (await otpMatches(db, binding(latest.id), latest.codeHash, guess))
    return { ok: true, codeId: latest.id };
  return spent.triesLeft === 0
    ? { ok: false, reason: 'ended' }
    : { ok: false, reason: 'wrong', triesLeft: spent.triesLeft };
}
