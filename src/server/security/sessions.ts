import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { isRole, type Role } from '../../contract/roles';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { roles, sessions, users } from '../db/schema';

/** lastSeenAt is written at most this often, so most authenticated reads cost one SELECT and no write. */
export const TOUCH_INTERVAL_MS = 30_000;
/** Expired and revoked sessions are kept this long (for investigation), then swept. */
const KEEP_ENDED_MS = 24 * 60 * 60_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Who is calling, as every staff route sees it (request.staff). */
export interface StaffIdentity {
  userId: number;
  username: string;
  role: Role;
  usercode: string;
  level: number;
}

export type SessionRefusal = 'unknown' | 'revoked' | 'idle' | 'expired' | 'inactive';
export type SessionCheck = { ok: true; staff: StaffIdentity } | { ok: false; reason: SessionRefusal };

/** Only this digest is stored: a copy of the sessions table cannot be replayed as bearer tokens. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
}

/** Starts a session and returns the bearer token (32 random bytes); the token itself is never stored. */
export async function createSession(
  db: Db,
  input: { userId: number; ip: string; now: Date; limits: SessionLimits },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const { now } = input;
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId: input.userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + input.limits.absoluteMs),
    ipAddress: input.ip,
  });
  if (Math.random() < 1 / 16) await sweepEndedSessions(db, now);
  return token;
}

/** Every staff call reads its session: the lookup is prepared once per database (docs/measurements.md). */
const sessionLookup = perDatabase((db) =>
  db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      userId: users.id,
      username: users.username,
      usercode: users.usercode,
      level: users.level,
      active: users.active,
      role: roles.name,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .prepare('session_lookup'),
);

/** Checks a bearer token: unknown, revoked, idle too long, past its absolute expiry or a disabled account fail. */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
  limits: SessionLimits,
): Promise<SessionCheck> {
  if (!TOKEN_SHAPE.test(token)) return { ok: false, reason: 'unknown' };
  const tokenHash = hashSessionToken(token);
  const [row] = await sessionLookup(db).execute({ tokenHash });
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  if (now.getTime() - row.lastSeenAt.getTime() > limits.idleMs) return { ok: false, reason: 'idle' };
  if (!row.active || !isRole(row.role)) return { ok: false, reason: 'inactive' };
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastSeenAt, now)));
  }
  const { userId, username, usercode, level, role } = row;
  return { ok: true, staff: { userId, username, usercode, level, role } };
}

/** Ends a session at once. Returns the account's username when a live session was ended (for the audit). */
export async function revokeSession(db: Db, token: string, now: Date): Promise<string | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const ended = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tokenHash, hashSessionToken(token)), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  if (ended.length === 0) return null;
  const [user] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, ended[0].userId));
  return user?.username ?? null;
}

async function sweepEndedSessions(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - KEEP_ENDED_MS);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)));
}
