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
 * Starts a new challenge for a subject, asked for by `requester` (its address as counted), and ends that
 * requester's earlier live ones (a new send replaces the code it may still hold). Other requesters' codes stay
 * live: a stranger's send cannot end the code a person asked for (issue 20, F5). The id is drawn first because
 * the stored hash is bound to it.
 */
export async function issueOtpChallenge(
  db: Db,
  subjectKey: SubjectKey,
  requester: string,
  now: Date,
): Promise<IssuedOtp> {
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
    requester,
  });
  // Only older ones: of two sends racing on two replicas, the later one stays usable.
  await db
    .update(otpChallenges)
    .set({ expiresAt: now })
    .where(
      and(
        eq(otpChallenges.subjectKey, subjectKey),
        eq(otpChallenges.requester, requester),
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
 * 'other-challenge': the guess carried the token of none of the subject's challenges (no try was spent).
 */
export type OtpCheck =
  | { ok: true; challengeId: number }
  | { ok: false; reason: 'expired' | 'used' | 'locked' | 'other-challenge' }
  | { ok: false; reason: 'wrong'; triesLeft: number };

type ChallengeRow = typeof otpChallenges.$inferSelect;

function refusalOf(row: ChallengeRow | undefined, now: Date): Extract<OtpCheck, { ok: false }> | null {
  if (!row) return { ok: false, reason: 'expired' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  if (row.triesLeft <= 0) return { ok: false, reason: 'locked' };
  return null;
}

/** Challenges a token is looked for among: the subject's newest (at most 10 sends a day, each one challenge). */
const RECENT_CHALLENGES = 24;

/**
 * The subject's challenge whose token the guess carries, or null. Every requester holds its own challenge, so
 * the token names which one is guessed at; a token of none of them (forged, another person's, missing) matches none.
 */
async function challengeOfToken(db: Db, subjectKey: SubjectKey, token: string): Promise<ChallengeRow | null> {
  const recent = await db
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.subjectKey, subjectKey))
    .orderBy(desc(otpChallenges.id))
    .limit(RECENT_CHALLENGES);
  for (const row of recent) if (await challengeTokenMatches(db, row.id, token)) return row;
  return null;
}

async function challengeById(db: Db, id: number): Promise<ChallengeRow | undefined> {
  const [row] = await db.select().from(otpChallenges).where(eq(otpChallenges.id, id));
  return row;
}

/**
 * Checks a guess against the subject's challenge named by the guess's token (from getOTP's reply). A guess whose
 * token names none of the subject's challenges is refused before anything is spent. Every other guess first takes
 * a try away from that challenge (one atomic UPDATE ... WHERE tries_left > 0), then is compared; a right one then
 * marks the challenge used (again one conditional UPDATE: of two right guesses at once, one wins). After the fifth
 * wrong guess the challenge is dead.
 */
export async function checkOtp(
  db: Db,
  subjectKey: SubjectKey,
  guess: { code: string; challenge: string },
  now: Date,
): Promise<OtpCheck> {
  const challenge = await challengeOfToken(db, subjectKey, guess.challenge);
  if (!challenge) return { ok: false, reason: 'other-challenge' };
  const refused = refusalOf(challenge, now);
  if (refused) return refused;
  const live = and(
    eq(otpChallenges.id, challenge.id),
    isNull(otpChallenges.usedAt),
    gt(otpChallenges.expiresAt, now),
  );
  const [spent] = await db
    .update(otpChallenges)
    .set({ triesLeft: sql`${otpChallenges.triesLeft} - 1` })
    .where(and(live, gt(otpChallenges.triesLeft, 0)))
    .returning({ triesLeft: otpChallenges.triesLeft });
  // Another request used, ended or exhausted it in between: say what it has become.
  if (!spent) return refusalOf(await challengeById(db, challenge.id), now) ?? { ok: false, reason: 'locked' };
  if (!(await otpMatches(db, challenge.id, challenge.codeHash, guess.code))) {
    return spent.triesLeft === 0
      ? { ok: false, reason: 'locked' }
      : { ok: false, reason: 'wrong', triesLeft: spent.triesLeft };
  }
  const [used] = await db
    .update(otpChallenges)
    .set({ usedAt: now })
    .where(live)
    .returning({ id: otpChallenges.id });
  if (used) return { ok: true, challengeId: challenge.id };
  return refusalOf(await challengeById(db, challenge.id), now) ?? { ok: false, reason: 'used' };
}
