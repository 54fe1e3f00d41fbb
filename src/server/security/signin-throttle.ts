import { randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows-of';

// Failed sign-in counters live in the database so every API replica enforces the same limits
// (docs/sign-in-security.md). Each key counts failures in a fixed window that starts at its first failure.
// An attempt whose password is being checked holds a short reservation that counts like a failure until it
// is settled: a wrong password turns it into a failure (one statement), any other outcome deletes it, and a
// reservation left by a killed process stops counting after RESERVATION_TTL_MS.

export const THROTTLE_WINDOW_MS = 15 * 60_000;
/** Longer than any Argon2id check under load; short enough that a crash never locks an honest user out. */
export const RESERVATION_TTL_MS = 10_000;
export const THROTTLE_LIMITS = {
  /** One account from one address: the ordinary "wrong password five times" lock. */
  accountFromIp: 5,
  /** One address over all accounts: password spraying from one place. */
  ip: 30,
  /** One account from anywhere: a distributed guess at one account. Not applied to its trusted devices. */
  account: 20,
  /** One trusted-device cookie: a stolen cookie does not give unlimited guesses. */
  device: 5,
} as const;

export interface ThrottleKey {
  key: string;
  limit: number;
}

/**
 * The keys one attempt counts against. A browser with this account's trusted-device cookie counts only
 * against its own device key: a stranger failing on purpose, from anywhere or from the official's own office
 * address, cannot lock that browser out.
 */
export function throttleKeys(input: {
  username: string;
  ip: string;
  deviceId: string | null;
}): ThrottleKey[] {
  if (input.deviceId) return [{ key: `device:${input.deviceId}`, limit: THROTTLE_LIMITS.device }];
  // base64url never throws and never holds a separator, whatever characters the name has.
  const user = Buffer.from(input.username.toLowerCase()).toString('base64url');
  const keys: ThrottleKey[] = [
    { key: `acct-ip:${user}:${input.ip}`, limit: THROTTLE_LIMITS.accountFromIp },
    { key: `ip:${input.ip}`, limit: THROTTLE_LIMITS.ip },
    { key: `acct:${user}`, limit: THROTTLE_LIMITS.account },
  ];
  // One lock order for every statement (code-point order, PostgreSQL's COLLATE "C"), so two sign-ins writing
  // the same keys at once cannot deadlock.
  return keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export interface ThrottleLock {
  retryAfterMs: number;
}

export interface Reservation {
  attemptId: string;
  keys: ThrottleKey[];
}

interface KeyCount {
  key: string;
  failures: number;
  window_started_at: Date | string | null;
  pending: number | string;
}

/** Locked when this attempt would be over a key's limit: live failures plus attempts still being checked. */
function lockOf(rows: KeyCount[], keys: ThrottleKey[], now: Date): ThrottleLock | null {
  let retryAfterMs = 0;
  for (const row of rows) {
    const limit = keys.find((k) => k.key === row.key)?.limit ?? Infinity;
    const windowEnd = row.window_started_at
      ? new Date(row.window_started_at).getTime() + THROTTLE_WINDOW_MS
      : 0;
    const failures = windowEnd > now.getTime() ? Number(row.failures) : 0;
    if (failures + Number(row.pending) < limit) continue;
    // Locked by failures: until the window ends. Locked only by attempts in flight: until they settle.
    const until = failures >= limit ? windowEnd - now.getTime() : RESERVATION_TTL_MS;
    retryAfterMs = Math.max(retryAfterMs, until);
  }
  return retryAfterMs > 0 ? { retryAfterMs } : null;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const keyList = (keys: ThrottleKey[]) =>
  sql.join(
    keys.map((k) => sql`${k.key}`),
    sql`, `,
  );

/** Failures and live reservations of each key, in one read. */
function countsOf(db: Pick<Db, 'execute'>, keys: ThrottleKey[], now: Date) {
  return db
    .execute(
      sql`select k.key, coalesce(t.failures, 0) as failures, t.window_started_at,
            (select count(*) from signin_reservations r where r.key = k.key and r.expires_at > ${at(now)}) as pending
          from unnest(array[${keyList(keys)}]::text[]) as k(key)
          left join signin_throttle t on t.key = k.key`,
    )
    .then((r) => rowsOf<KeyCount>(r));
}

/** A read-only look before any write: a locked caller is refused without touching (or waiting on) a counter. */
export async function findThrottleLock(db: Db, keys: ThrottleKey[], now: Date): Promise<ThrottleLock | null> {
  return lockOf(await countsOf(db, keys, now), keys, now);
}

/**
 * Reserves this attempt before its password is checked, or answers the lock. One transaction: the counter
 * rows are locked (in key order) first, so the count read next includes every reservation committed by an
 * attempt that held them before, and concurrent guesses cannot slip past a limit.
 */
export async function reserveAttempt(
  db: Db,
  keys: ThrottleKey[],
  now: Date,
): Promise<{ lock: ThrottleLock } | { reservation: Reservation }> {
  const attemptId = randomBytes(12).toString('base64url');
  const expired = sql`signin_throttle.window_started_at <= ${at(new Date(now.getTime() - THROTTLE_WINDOW_MS))}`;
  const lock = await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into signin_throttle (key, failures, window_started_at)
      values ${sql.join(
        keys.map((k) => sql`(${k.key}, 0, ${at(now)})`),
        sql`, `,
      )}
      on conflict (key) do update set
        failures = case when ${expired} then 0 else signin_throttle.failures end,
        window_started_at = case when ${expired} then excluded.window_started_at
                                 else signin_throttle.window_started_at end`);
    const found = lockOf(await countsOf(tx, keys, now), keys, now);
    if (!found) {
      const expiresAt = at(new Date(now.getTime() + RESERVATION_TTL_MS));
      await tx.execute(
        sql`insert into signin_reservations (attempt_id, key, expires_at) values ${sql.join(
          keys.map((k) => sql`(${attemptId}, ${k.key}, ${expiresAt})`),
          sql`, `,
        )}`,
      );
    }
    return found;
  });
  // Now and then, outside the transaction: reservations of killed processes and windows long over.
  if (Math.random() < 1 / 16) {
    await db.execute(sql`delete from signin_reservations where expires_at <= ${at(now)}`);
    await db.execute(sql`delete from signin_throttle where ${expired}`);
  }
  return lock ? { lock } : { reservation: { attemptId, keys } };
}

/**
 * A wrong password, in one statement: the reservation becomes a failure on each of its keys. Counted even if
 * the reservation expired meanwhile. A key's window starts at its first failure.
 */
export async function settleFailure(db: Db, reservation: Reservation, now: Date): Promise<void> {
  const fresh = sql`signin_throttle.failures = 0 or signin_throttle.window_started_at <= ${at(
    new Date(now.getTime() - THROTTLE_WINDOW_MS),
  )}`;
  await db.execute(sql`
    with settled as (delete from signin_reservations where attempt_id = ${reservation.attemptId})
    insert into signin_throttle (key, failures, window_started_at)
    values ${sql.join(
      reservation.keys.map((k) => sql`(${k.key}, 1, ${at(now)})`),
      sql`, `,
    )}
    on conflict (key) do update set
      failures = case when ${fresh} then 1 else signin_throttle.failures + 1 end,
      window_started_at = case when ${fresh} then excluded.window_started_at
                               else signin_throttle.window_started_at end`);
}

/** A success, in one statement: the reservation goes and this account-and-address count starts afresh. */
export async function settleSuccess(db: Db, reservation: Reservation, now: Date): Promise<void> {
  const fresh = reservation.keys.filter((k) => k.key.startsWith('acct-ip:'));
  const reset: SQL =
    fresh.length > 0
      ? sql`update signin_throttle set failures = 0, window_started_at = ${at(now)} where key in (${keyList(fresh)})`
      : sql`select 1`;
  await db.execute(
    sql`with settled as (delete from signin_reservations where attempt_id = ${reservation.attemptId}) ${reset}`,
  );
}

/** Any other outcome (account disabled, an error): the attempt was no guess and stops counting now. */
export async function releaseReservation(db: Db, reservation: Reservation): Promise<void> {
  await db.execute(sql`delete from signin_reservations where attempt_id = ${reservation.attemptId}`);
}

/** Whole minutes, rounded up, for the message the person reads. */
export function retryAfterMinutes(lock: ThrottleLock): number {
  return Math.max(1, Math.ceil(lock.retryAfterMs / 60_000));
}
