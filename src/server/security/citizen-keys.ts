import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { citizenKeys } from '../db/schema';
import { TOUCH_INTERVAL_MS } from './sessions';

// Citizen keys (docs/otp-and-citizen-keys.md): what a verified OTP buys. The key is 32 random bytes sent in the
// X-Api-Key header; only its SHA-256 is stored. It reaches the records of one landlord, one tenant, or (scope
// 'user') the password of one staff account, and nothing else.

/** Whose records a citizen key reaches. */
export type CitizenScope =
  | { kind: 'landlord'; landlordId: number }
  | { kind: 'tenant'; tenantId: number }
  | { kind: 'user'; username: string };

export type CitizenScopeKind = CitizenScope['kind'];

/** The caller on a route guarded by requireCitizen (request.citizen). */
export interface CitizenIdentity {
  /** The first characters of the key's hash: names the key in the audit trail without revealing it. */
  keyRef: string;
  /** The key's stored hash (to end the person's other keys, never shown). */
  keyHash: string;
  scope: CitizenScope;
  /** The channel the key was bought through (channelRefOf), null when issued without an OTP. */
  channelRef: string | null;
  /** What the key reaches: the person's records, or only its pending channel change (a contested record). */
  reach: CitizenKeyReach;
}

/**
 * 'held-change': a key bought through the kept channel of a contested tenant record may only see and stop the
 * record's pending channel change, and log out (docs/otp-channel-changes.md, "A contested record").
 */
export type CitizenKeyReach = 'record' | 'held-change';

export interface CitizenKeyLimits {
  idleMs: number;
  absoluteMs: number;
}

export type CitizenKeyRefusal = 'unknown' | 'revoked' | 'idle' | 'expired';
export type CitizenKeyCheck =
  { ok: true; citizen: CitizenIdentity } | { ok: false; reason: CitizenKeyRefusal };

const KEY_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Ended keys are kept this long (for investigation), then swept. */
const KEEP_ENDED_MS = 24 * 60 * 60_000;

export function hashCitizenKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** 'landlord:12', 'tenant:7', 'user:alice': the subject key shared with the OTP tables. */
export function subjectKeyOf(scope: CitizenScope): string {
  switch (scope.kind) {
    case 'landlord':
      return `landlord:${scope.landlordId}`;
    case 'tenant':
      return `tenant:${scope.tenantId}`;
    case 'user':
      return `user:${scope.username}`;
  }
}

/** How a citizen is named in the audit trail and in `uploaded_by` columns. */
export function citizenLabel(citizen: CitizenIdentity): string {
  return subjectKeyOf(citizen.scope);
}

/** The subject id as citizen_keys and channel_changes store it: the landlord or tenant id, or the username. */
export function subjectIdOf(scope: CitizenScope): string {
  return scope.kind === 'landlord'
    ? String(scope.landlordId)
    : scope.kind === 'tenant'
      ? String(scope.tenantId)
      : scope.username;
}

function scopeOf(kind: CitizenScopeKind, subjectId: string): CitizenScope {
  if (kind === 'user') return { kind, username: subjectId };
  return kind === 'landlord'
    ? { kind, landlordId: Number(subjectId) }
    : { kind, tenantId: Number(subjectId) };
}

/**
 * A digest naming an OTP destination (docs/otp-channel-changes.md): where the person's codes go, the email address
 * (trimmed, lower case) else the mobile number (its digits). Two spellings of one address give one digest.
 */
export function channelRefOf(channel: { email: string | null; mobile: string | null }): string | null {
  const email = channel.email?.trim().toLowerCase();
  const mobile = channel.mobile?.replace(/\D/g, '');
  const destination = email ? `email:${email}` : mobile ? `sms:${mobile}` : null;
  return destination && createHash('sha256').update(destination).digest('base64url');
}

/**
 * Issues a key for a scope; returns the key itself (shown once, to the caller who proved the OTP). `channelRef`
 * names the channel the OTP went to.
 */
export async function issueCitizenKey(
  db: Db,
  input: {
    scope: CitizenScope;
    ip: string | null;
    now: Date;
    limits: CitizenKeyLimits;
    channelRef?: string | null;
    reach?: CitizenKeyReach;
  },
): Promise<{ key: string; expiresAt: Date }> {
  const key = randomBytes(32).toString('base64url');
  const { now } = input;
  const expiresAt = new Date(now.getTime() + input.limits.absoluteMs);
  await db.insert(citizenKeys).values({
    keyHash: hashCitizenKey(key),
    scope: input.scope.kind,
    subjectId: subjectIdOf(input.scope),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    ipAddress: input.ip,
    channelRef: input.channelRef ?? null,
    reach: input.reach ?? 'record',
  });
  if (Math.random() < 1 / 16) await sweepEndedKeys(db, now);
  return { key, expiresAt };
}

/** Checks a key: unknown, revoked, idle too long or past its absolute expiry fail. A live key is touched. */
export async function resolveCitizenKey(
  db: Db,
  key: string,
  now: Date,
  limits: CitizenKeyLimits,
): Promise<CitizenKeyCheck> {
  if (!KEY_SHAPE.test(key)) return { ok: false, reason: 'unknown' };
  const keyHash = hashCitizenKey(key);
  const [row] = await db.select().from(citizenKeys).where(eq(citizenKeys.keyHash, keyHash));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  if (now.getTime() - row.lastSeenAt.getTime() > limits.idleMs) return { ok: false, reason: 'idle' };
  if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await db
      .update(citizenKeys)
      .set({ lastSeenAt: now })
      .where(and(eq(citizenKeys.keyHash, keyHash), lt(citizenKeys.lastSeenAt, now)));
  }
  const scope = scopeOf(row.scope, row.subjectId);
  return {
    ok: true,
    citizen: { keyRef: keyHash.slice(0, 8), keyHash, scope, channelRef: row.channelRef, reach: row.reach },
  };
}

/** Ends one key at once (the citizen's Logout). True when a live key was ended. */
export async function revokeCitizenKey(db: Db, key: string, now: Date): Promise<boolean> {
  if (!KEY_SHAPE.test(key)) return false;
  const ended = await db
    .update(citizenKeys)
    .set({ revokedAt: now })
    .where(and(eq(citizenKeys.keyHash, hashCitizenKey(key)), isNull(citizenKeys.revokedAt)))
    .returning({ keyHash: citizenKeys.keyHash });
  return ended.length > 0;
}

/** Ends every live key of a subject (a password change ends its 'user' keys; an admin may end a landlord's). */
export async function revokeCitizenKeysOf(db: Db, scope: CitizenScope, now: Date): Promise<number> {
  const ended = await db
    .update(citizenKeys)
    .set({ revokedAt: now })
    .where(
      and(
        eq(citizenKeys.scope, scope.kind),
        eq(citizenKeys.subjectId, subjectIdOf(scope)),
        isNull(citizenKeys.revokedAt),
      ),
    )
    .returning({ keyHash: citizenKeys.keyHash });
  return ended.length;
}

/** Ends every live key of the key's subject but the key itself (its channel moved: docs/otp-channel-changes.md). */
export async function revokeOtherCitizenKeys(db: Db, citizen: CitizenIdentity, now: Date): Promise<number> {
  const ended = await db
    .update(citizenKeys)
    .set({ revokedAt: now })
    .where(
      and(
        eq(citizenKeys.scope, citizen.scope.kind),
        eq(citizenKeys.subjectId, subjectIdOf(citizen.scope)),
        ne(citizenKeys.keyHash, citizen.keyHash),
        isNull(citizenKeys.revokedAt),
      ),
    )
    .returning({ keyHash: citizenKeys.keyHash });
  return ended.length;
}

async function sweepEndedKeys(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - KEEP_ENDED_MS);
  await db
    .delete(citizenKeys)
    .where(or(lt(citizenKeys.expiresAt, before), lt(citizenKeys.revokedAt, before)));
}
