import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { OTP_MAX_TRIES, OTP_TTL_MS } from '../../contract/otp.contract';
import type { Db } from '../db/client';
import { purgeExpiredRows, type ExpiringTable } from '../db/expiring-rows';
import { rowsOf } from '../db/rows-of';
import { otpChallenges, type SubjectKey } from '../db/schema';
import { challengeToken, challengeTokenMatches, hashOtpCode, newOtpCode, otpMatches } from './otp-codes';

// One-time-password challenges (docs/otp-and-citizen-keys.md): 6 digits, 5 minutes, single use, 5 wrong tries.
// Every decision is one conditional statement on the shared table, so two API replicas answering the same
// person at once can neither both accept a code nor lose a wrong try.

/** Expired challenges removed by each issue: more than the one it adds, so the table cannot grow. */
const PURGE_PER_ISSUE = 2;
const CHALLENGE_ROWS: ExpiringTable = { table: 'otp_challenges', key: 'id' };

export interface IssuedOtp {
  challengeId: number;
  /** The clear code, for the message only: it is never stored. */
  code: string;
  expiresAt: Date;
  /** For the one who asked (the getOTP reply): a guess counts only with it (otp-codes.ts, challengeToken). */
  token: string;
}

/**
 * Starts a new challenge for a subject and ends the subject's earlier live ones (a new send replaces the code the
 * person may still hold). The id is drawn first because the stored hash is bound to it.
 */
export async function issueOtpChallenge(db: Db, subjectKey: SubjectKey, now: Date): Promise<IssuedOtp> {
  const [{ id }] = rowsOf<{ id: string | number }>(
    await db.execute(sql`select nextval(pg_get_serial_sequence('otp_challenges', 'id')) as id`),
  );
  const challengeId = Number(id);
  const code = newOtpCode();
  const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
  await db.insert(otpChallenges).values({
    id: challengeId,
    subjectKey,
    codeHash: await hashOtpCode(db, challengeId, code),
    createdAt: now,
    expiresAt,
    triesLeft: OTP_MAX_TRIES,
  });
  // Only older ones: of two sends racing on two replicas, the later one stays usable.
  await db
    .update(otpChallenges)
    .set({ expiresAt: now })
    .where(
      and(
        eq(otpChallenges.subjectKey, subjectKey),
        lt(otpChallenges.id, challengeId),
        isNull(otpChallenges.usedAt),
        gt(otpChallenges.expiresAt, now),
      ),
    );
  await purgeExpiredRows(db, CHALLENGE_ROWS, now, PURGE_PER_ISSUE);
  return { challengeId, code, expiresAt, token: await challengeToken(db, challengeId) };
}

/** Ends a challenge at once (its message could not be delivered). */
export async function endOtpChallenge(db: Db, challengeId: number, now: Date): Promise<void> {
  await db.update(otpChallenges).set({ expiresAt: now }).where(eq(otpChallenges.id, challengeId));
}

/**
 * What a check found. Only the audit trail reads the reason: every refusal answers alike (otp-validate.ts).
 * 'other-challenge': the guess did not carry the live challenge's token (no try was spent).
 */
export type OtpCheck =
  | { ok: true; challengeId: number }
  | { ok: false; reason: 'expired' | 'used' | 'locked' | 'other-challenge' }
  | { ok: false; reason: 'wrong'; triesLeft: number };

type ChallengeRow = typeof otpChallenges.$inferSelect;

function refusalOf(row: ChallengeRow | undefined, now: Date): OtpCheck | null {
  if (!row) return { ok: false, reason: 'expired' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  if (row.triesLeft <= 0) return { ok: false, reason: 'locked' };
  return null;
}

async function latestChallenge(db: Db, subjectKey: SubjectKey): Promise<ChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.subjectKey, subjectKey))
    .orderBy(desc(otpChallenges.id))
    .limit(1);
  return row;
}

/**
 * Checks a guess against the subject's latest challenge. A guess without that challenge's token (from getOTP's
 * reply) is refused before anything is spent. Every other guess first takes a try away (one atomic
 * UPDATE ... WHERE tries_left > 0), then is compared; a right one then marks the challenge used (again one
 * conditional UPDATE: of two right guesses at once, one wins). After the fifth wrong guess the challenge is dead.
 */
export async function checkOtp(
  db: Db,
  subjectKey: SubjectKey,
  guess: { code: string; challenge: string },
  now: Date,
): Promise<OtpCheck> {
  const latest = await latestChallenge(db, subjectKey);
  const refused = refusalOf(latest, now);
  if (refused || !latest) return refused ?? { ok: false, reason: 'expired' };
  if (!(await challengeTokenMatches(db, latest.id, guess.challenge)))
    return { ok: false, reason: 'other-challenge' };
  const live = and(
    eq(otpChallenges.id, latest.id),
    isNull(otpChallenges.usedAt),
    gt(otpChallenges.expiresAt, now),
  );
  const [spent] = await db
    .update(otpChallenges)
    .set({ triesLeft: sql`${otpChallenges.triesLeft} - 1` })
    .where(and(live, gt(otpChallenges.triesLeft, 0)))
    .returning({ triesLeft: otpChallenges.triesLeft });
  // Another request used, ended or exhausted it in between: say what it has become.
  if (!spent) return refusalOf(await latestChallenge(db, subjectKey), now) ?? { ok: false, reason: 'locked' };
  if (!(await otpMatches(db, latest.id, latest.codeHash, guess.code))) {
    return spent.triesLeft === 0
      ? { ok: false, reason: 'locked' }
      : { ok: false, reason: 'wrong', triesLeft: spent.triesLeft };
  }
  const [used] = await db
    .update(otpChallenges)
    .set({ usedAt: now })
    .where(live)
    .returning({ id: otpChallenges.id });
  if (used) return { ok: true, challengeId: latest.id };
  return refusalOf(await latestChallenge(db, subjectKey), now) ?? { ok: false, reason: 'used' };
}
