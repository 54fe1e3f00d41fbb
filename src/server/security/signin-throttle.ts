import { inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signinThrottle } from '../db/schema';

// Failed sign-in counters live in the database so every API replica enforces the same limits
// (docs/sign-in-security.md). Each key counts failures in a fixed window that starts at its first failure.

export const THROTTLE_WINDOW_MS = 15 * 60_000;
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

/** The keys one attempt counts against. A trusted device replaces the account-wide key by its own. */
export function throttleKeys(input: {
  username: string;
  ip: string;
  deviceId: string | null;
}): ThrottleKey[] {
  const user = encodeURIComponent(input.username.toLowerCase());
  const keys: ThrottleKey[] = [
    { key: `acct-ip:${user}:${input.ip}`, limit: THROTTLE_LIMITS.accountFromIp },
    { key: `ip:${input.ip}`, limit: THROTTLE_LIMITS.ip },
    input.deviceId
      ? { key: `device:${input.deviceId}`, limit: THROTTLE_LIMITS.device }
      : { key: `acct:${user}`, limit: THROTTLE_LIMITS.account },
  ];
  // One lock order for every statement (code-point order, PostgreSQL's COLLATE "C"; keys are ASCII), so two
  // sign-ins writing the same keys at once cannot deadlock.
  return keys.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

export interface ThrottleLock {
  retryAfterMs: number;
}

/** Locked when a freshly counted attempt is over a key's limit, until that key's window ends. */
function lockOf(
  rows: { key: string; failures: number; windowStartedAt: Date }[],
  keys: ThrottleKey[],
  now: Date,
) {
  let retryAfterMs = 0;
  for (const row of rows) {
    const limit = keys.find((k) => k.key === row.key)?.limit ?? Infinity;
    const windowEnd = row.windowStartedAt.getTime() + THROTTLE_WINDOW_MS;
    if (windowEnd > now.getTime() && row.failures > limit)
      retryAfterMs = Math.max(retryAfterMs, windowEnd - now.getTime());
  }
  return retryAfterMs > 0 ? { retryAfterMs } : null;
}

/** A read-only look before any write: a locked caller is refused without touching (or waiting on) a counter. */
export async function findThrottleLock(db: Db, keys: ThrottleKey[], now: Date): Promise<ThrottleLock | null> {
  const rows = await db
    .select()
    .from(signinThrottle)
    .where(
      inArray(
        signinThrottle.key,
        keys.map((k) => k.key),
      ),
    );
  // Equal to the limit is locked already: the next counted attempt would be over it.
  return lockOf(
    rows.map((r) => ({ ...r, failures: r.failures + 1 })),
    keys,
    now,
  );
}

const WINDOW_EXPIRED = (windowStart: Date) =>
  sql`${sql.raw('signin_throttle.window_started_at')} <= ${windowStart.toISOString()}::timestamptz`;

/**
 * The throttle check, done first for every sign-in: counts this attempt as a failure in one atomic upsert, so
 * concurrent guesses cannot slip past a limit between a check and a count. When a count is over its limit
 * the attempt is refused and given back (a refused attempt does not extend the lock). Any outcome other than
 * a wrong password gives the attempt back too: giveBackAttempt, or releaseAttempt after a success.
 */
export async function reserveAttempt(db: Db, keys: ThrottleKey[], now: Date): Promise<ThrottleLock | null> {
  const expired = WINDOW_EXPIRED(new Date(now.getTime() - THROTTLE_WINDOW_MS));
  const rows = await db
    .insert(signinThrottle)
    .values(keys.map((k) => ({ key: k.key, failures: 1, windowStartedAt: now })))
    .onConflictDoUpdate({
      target: signinThrottle.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${sql.raw('signin_throttle.failures')} + 1 end`,
        windowStartedAt: sql`case when ${expired} then excluded.window_started_at else ${sql.raw('signin_throttle.window_started_at')} end`,
      },
    })
    .returning();
  const lock = lockOf(rows, keys, now);
  if (lock) await giveBackAttempt(db, keys);
  if (Math.random() < 1 / 16) {
    await db
      .delete(signinThrottle)
      .where(lt(signinThrottle.windowStartedAt, new Date(now.getTime() - THROTTLE_WINDOW_MS)));
  }
  return lock;
}

/** Uncounts a reserved attempt that ended before the password was checked (captcha, expired form ...). */
export async function giveBackAttempt(db: Db, keys: ThrottleKey[]): Promise<void> {
  await updateInKeyOrder(db, keys, sql`failures = greatest(signin_throttle.failures - 1, 0)`);
}

/**
 * After a successful sign-in, in one statement: this account-and-address starts afresh (count 0, new window);
 * the other counters get the attempt back.
 */
export async function releaseAttempt(db: Db, keys: ThrottleKey[], now: Date): Promise<void> {
  const fresh = sql`signin_throttle.key like 'acct-ip:%'`;
  await updateInKeyOrder(
    db,
    keys,
    sql`failures = case when ${fresh} then 0 else greatest(signin_throttle.failures - 1, 0) end,
        window_started_at = case when ${fresh} then ${now.toISOString()}::timestamptz else signin_throttle.window_started_at end`,
  );
}

/** A multi-row UPDATE that takes its row locks in key order, the same order as reserveAttempt's upsert. */
async function updateInKeyOrder(db: Db, keys: ThrottleKey[], assignments: SQL): Promise<void> {
  const list = sql.join(
    keys.map((k) => sql`${k.key}`),
    sql`, `,
  );
  await db.execute(sql`
    with locked as (
      select key from signin_throttle where key in (${list}) order by key collate "C" for update
    )
    update signin_throttle set ${assignments} from locked where signin_throttle.key = locked.key`);
}

/** Whole minutes, rounded up, for the message the person reads. */
export function retryAfterMinutes(lock: ThrottleLock): number {
  return Math.max(1, Math.ceil(lock.retryAfterMs / 60_000));
}
