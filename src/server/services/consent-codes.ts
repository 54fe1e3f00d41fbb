import { and, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows-of';
import { applicationConsentCodes, applications, rentalUnits } from '../db/schema';
import { hashOtpCode, newOtpCode, otpMatches } from '../security/otp-codes';

// Consent codes (docs/tenant-consent.md; docs/reach.md "The landlord's consent to a rental unit"), for one
// subject each: an application (the tenant's consent) or a rental unit an official added for a landlord it did
// not reach (the landlord's consent). 6 digits like an OTP, kept only as the OTP's keyed hash bound to
// 'consent:<row id>', 10 minutes, 5 tries, single use, at most 4 sent per subject in any 15 minutes (the first and
// 3 resends), at most 4 a day from one applicant to one person and 10 a day to one person (the tenant, the
// landlord) beyond each applicant's first two. A code is for its one subject:
// it is never an OTP (otp_challenges is another table, so apikey/validateOTP cannot accept it) and never buys a key.

export const CONSENT_CODE_TTL_MS = 10 * 60_000;
export const CONSENT_CODE_TRIES = 5;
export const CONSENT_SEND_LIMIT = { max: 4, windowMs: 15 * 60_000 } as const;
/**
 * Codes one applicant may have sent to one person in any 24 hours, over all its subjects for that person: the
 * applicant is the application's logby ('landlord:<id>' or the official's username) for the tenant's codes, and
 * the official who added the unit (`rental_units.added_by`) for the landlord's. Generate, withdraw and generate
 * again counts here. A stranger spends its own budget, never another applicant's (docs/tenant-consent.md, "The
 * budget", attack F4).
 */
export const CONSENT_APPLICANT_LIMIT = { max: 4, windowMs: 24 * 60 * 60_000 } as const;
/**
 * The flood guard: codes one person (the tenant, the landlord) is sent in any 24 hours, whatever the applicants,
 * except that an applicant with fewer than `floor` codes to the person that day is never stopped by it (its first
 * code and one resend), so others' sends cannot shut a genuine applicant out. Worst day: 10 + 2 per applicant
 * beyond the third; guesses stay bounded (codes x 5 tries).
 */
export const CONSENT_PERSON_LIMIT = { max: 10, floor: 2, windowMs: 24 * 60 * 60_000 } as const;

/** Whose consent a code asks: the tenant's to an application, or the landlord's to a rental unit. */
export type ConsentSubject =
  { kind: 'application'; applid: number } | { kind: 'rentalUnit'; rentcode: string };

type CodeRow = typeof applicationConsentCodes.$inferSelect;

const binding = (codeId: number) => `consent:${codeId}`;

/** The rows of the subject's codes. */
const ofSubject = (subject: ConsentSubject): SQL =>
  subject.kind === 'application'
    ? eq(applicationConsentCodes.applid, subject.applid)
    : eq(applicationConsentCodes.rentcode, subject.rentcode);

const subjectColumns = (subject: ConsentSubject) =>
  subject.kind === 'application'
    ? { applid: subject.applid, rentcode: null }
    : { applid: null, rentcode: subject.rentcode };

/**
 * Whom the subject's codes go to ('tenant:<id>', 'landlord:<id>') and who asks for them (the application's logby,
 * the official who added the unit): kept on every code row, so the daily budgets are counted from the rows alone,
 * whatever became of their subjects (docs/tenant-consent.md "The budget", attack F-A).
 */
interface ConsentParties {
  person: string;
  applicant: string | null;
}

async function partiesOf(db: Db | Tx, subject: ConsentSubject): Promise<ConsentParties | undefined> {
  const [parties] =
    subject.kind === 'application'
      ? await db
          .select({
            person: sql<string>`'tenant:' || ${applications.tenantId}`,
            applicant: applications.logby,
          })
          .from(applications)
          .where(eq(applications.applid, subject.applid))
      : await db
          .select({
            person: sql<string>`'landlord:' || ${rentalUnits.landlordId}`,
            applicant: rentalUnits.addedBy,
          })
          .from(rentalUnits)
          .where(eq(rentalUnits.rentcode, subject.rentcode));
  return parties;
}

/**
 * A new code for the subject, written with `db` (the caller's transaction; `keys` is the database handle the hash
 * key is loaded with); the subject's earlier live codes end (the newest is the only one).
 */
export async function issueConsentCode(
  db: Db | Tx,
  keys: Db,
  subject: ConsentSubject,
  now: Date,
): Promise<{ codeId: number; code: string; expiresAt: Date }> {
  const [{ id }] = rowsOf<{ id: string | number }>(
    await db.execute(sql`select nextval(pg_get_serial_sequence('application_consent_codes', 'id')) as id`),
  );
  const codeId = Number(id);
  const parties = await partiesOf(db, subject);
  if (!parties) throw new Error(`no consent subject ${JSON.stringify(subject)}`);
  const code = newOtpCode();
  const expiresAt = new Date(now.getTime() + CONSENT_CODE_TTL_MS);
  await db.insert(applicationConsentCodes).values({
    id: codeId,
    ...subjectColumns(subject),
    ...parties,
    codeHash: await hashOtpCode(keys, binding(codeId), code),
    createdAt: now,
    expiresAt,
    triesLeft: CONSENT_CODE_TRIES,
  });
  await endLiveConsentCodes(db, subject, now, codeId);
  return { codeId, code, expiresAt };
}

/**
 * Ends the subject's live codes at once (those older than `beforeId` when given): a newer code replaces them, or
 * what they asked about changed (an edited unit awaiting the landlord's consent, attack F-C).
 */
export async function endLiveConsentCodes(
  db: Db | Tx,
  subject: ConsentSubject,
  now: Date,
  beforeId?: number,
): Promise<void> {
  // An ended code expires at its own making: a mark no request's clock reads as live, not even that of a
  // confirmation that began a moment before the end and runs after it (a re-attack's race, R-1).
  await db
    .update(applicationConsentCodes)
    .set({ expiresAt: sql`${applicationConsentCodes.createdAt}` })
    .where(
      and(
        ofSubject(subject),
        beforeId === undefined ? undefined : lt(applicationConsentCodes.id, beforeId),
        isNull(applicationConsentCodes.usedAt),
        gt(applicationConsentCodes.expiresAt, now),
      ),
    );
}

/** Ends a code at once (its message could not be delivered). */
export async function endConsentCode(db: Db, codeId: number, now: Date): Promise<void> {
  await db
    .update(applicationConsentCodes)
    .set({ expiresAt: now })
    .where(eq(applicationConsentCodes.id, codeId));
}

/** Minutes until the oldest of `sent` (newest first) leaves a window of `limit`, or 0 when one more fits now. */
function waitFor(sent: Date[], limit: { max: number; windowMs: number }, now: Date): number {
  if (sent.length < limit.max) return 0;
  // The send that must leave the window for one more to fit.
  const mustLeave = sent[limit.max - 1];
  return Math.max(1, Math.ceil((mustLeave.getTime() + limit.windowMs - now.getTime()) / 60_000));
}

/** Minutes to wait before another code may be sent for the subject, or 0 when one may be sent now. */
export async function consentResendWait(db: Db | Tx, subject: ConsentSubject, now: Date): Promise<number> {
  const since = new Date(now.getTime() - CONSENT_SEND_LIMIT.windowMs);
  const sent = await db
    .select({ at: applicationConsentCodes.createdAt })
    .from(applicationConsentCodes)
    .where(and(ofSubject(subject), gt(applicationConsentCodes.createdAt, since)))
    .orderBy(desc(applicationConsentCodes.createdAt));
  return waitFor(
    sent.map((row) => row.at),
    CONSENT_SEND_LIMIT,
    now,
  );
}

/** Whose daily budget stops another code, and for how many minutes; null when one may be sent now. */
export type ConsentBudgetWait = { whose: 'applicant' | 'person'; minutes: number } | null;

/**
 * Whether another code may go to the person the subject asks, for the subject's applicant: the applicant's own
 * budget first (CONSENT_APPLICANT_LIMIT), then the person-wide flood guard, which an applicant below the floor
 * passes (CONSENT_PERSON_LIMIT). Counted from the code rows sent to the person in the last 24 hours, by their own
 * `person` and `applicant`: the codes of a deleted unit or application still count.
 */
export async function consentBudgetWait(
  db: Db | Tx,
  subject: ConsentSubject,
  now: Date,
): Promise<ConsentBudgetWait> {
  const parties = await partiesOf(db, subject);
  if (!parties) return null;
  const since = new Date(now.getTime() - CONSENT_PERSON_LIMIT.windowMs);
  const sent = await db
    .select({ at: applicationConsentCodes.createdAt, applicant: applicationConsentCodes.applicant })
    .from(applicationConsentCodes)
    .where(
      and(eq(applicationConsentCodes.person, parties.person), gt(applicationConsentCodes.createdAt, since)),
    )
    .orderBy(desc(applicationConsentCodes.createdAt));
  // A unit older than added_by has no applicant: its codes count as one applicant's, as before.
  const mine = sent.filter((row) => row.applicant === parties.applicant).map((row) => row.at);
  const applicantWait = waitFor(mine, CONSENT_APPLICANT_LIMIT, now);
  if (applicantWait > 0) return { whose: 'applicant', minutes: applicantWait };
  if (mine.length < CONSENT_PERSON_LIMIT.floor) return null;
  const personWait = waitFor(
    sent.map((row) => row.at),
    CONSENT_PERSON_LIMIT,
    now,
  );
  return personWait > 0 ? { whose: 'person', minutes: personWait } : null;
}

export type ConsentCheck =
  | { ok: true; codeId: number }
  | { ok: false; reason: 'wrong'; triesLeft: number }
  | { ok: false; reason: 'ended' }
  | { ok: false; reason: 'replaced' };

const ended = (row: CodeRow | undefined, now: Date) =>
  !row || row.usedAt !== null || row.expiresAt.getTime() <= now.getTime() || row.triesLeft <= 0;

/** Codes of the subject a resend replaced, newest first (the person's daily cap bounds how many there are). */
async function replacedCodes(db: Db, subject: ConsentSubject, latestId: number): Promise<CodeRow[]> {
  return db
    .select()
    .from(applicationConsentCodes)
    .where(
      and(
        ofSubject(subject),
        lt(applicationConsentCodes.id, latestId),
        isNull(applicationConsentCodes.usedAt),
      ),
    )
    .orderBy(desc(applicationConsentCodes.id))
    .limit(CONSENT_PERSON_LIMIT.max);
}

/**
 * Whether the guess is an earlier code of the subject that a resend replaced (and not the newest, by a one in a
 * million chance): the asker typed the first message's code. Answered 'replaced' without taking a try, as a dead
 * code buys nothing; the newest is compared only to rule out that chance, its result not told.
 */
async function isReplacedCode(
  db: Db,
  subject: ConsentSubject,
  latest: CodeRow,
  guess: string,
): Promise<boolean> {
  for (const row of await replacedCodes(db, subject, latest.id)) {
    if (await otpMatches(db, binding(row.id), row.codeHash, guess))
      return !(await otpMatches(db, binding(latest.id), latest.codeHash, guess));
  }
  return false;
}

/**
 * Checks a guess against the subject's newest code: a code a resend replaced answers 'replaced' (no try is
 * taken); otherwise a try is taken first (one conditional UPDATE, so two guesses at once cannot both spend the
 * last), then the guess is compared in constant time. The fifth wrong guess ends the code. A right guess is marked
 * used by the consent statement itself (tenant-consent.service.ts, landlord-unit-consent.service.ts).
 */
export async function checkConsentCode(
  db: Db,
  subject: ConsentSubject,
  guess: string,
  now: Date,
): Promise<ConsentCheck> {
  const [latest] = await db
    .select()
    .from(applicationConsentCodes)
    .where(ofSubject(subject))
    .orderBy(desc(applicationConsentCodes.id))
    .limit(1);
  if (ended(latest, now)) return { ok: false, reason: 'ended' };
  if (await isReplacedCode(db, subject, latest, guess)) return { ok: false, reason: 'replaced' };
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
