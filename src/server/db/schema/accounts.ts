import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { bytea } from './documents';

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  /** Role code used in tokens and menus: ADMIN, VERIFIER, MODERATOR, ... */
  name: text('name').notNull().unique(),
  /** Human label shown in pickers. */
  rolename: text('rolename').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    /** Jurisdiction code the account works in (state, district, station, locality or ward code). */
    usercode: text('usercode').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    level: integer('level').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * True only for an account made before look-alike usernames were refused whose skeleton an older account
     * already had (migration 'username_skeleton'): it keeps its name and signs in, and the older one holds the
     * skeleton. Every newer account is false, so the index below refuses its look-alikes.
     */
    skeletonShared: boolean('skeleton_shared').notNull().default(false),
  },
  (t) => [
    index('users_usercode_idx').on(t.usercode),
    // Usernames are unique regardless of case: 'Admin' cannot be created beside 'admin'.
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    // Nor look-alikes: 'moderat0r.2' beside 'moderator2' (docs/users-admin.md "Usernames"), even two at once.
    uniqueIndex('users_username_skeleton_idx')
      .on(usernameSkeletonSql(t.username))
      .where(sql`not ${t.skeletonShared}`),
  ],
);

/**
 * A username as the database compares it for look-alikes: the SQL twin of usernameSkeleton in the contract (lower
 * case, no separators, USERNAME_LOOK_ALIKES and USERNAME_LOOK_ALIKE_PAIRS). The index and the sign-up check use it.
 */
export function usernameSkeletonSql(column: AnyPgColumn | SQL) {
  return sql`replace(replace(replace(translate(regexp_replace(lower(${column}), '[._-]', '', 'g'), '01i2358', 'ollzesb'), 'rn', 'm'), 'vv', 'w'), 'cl', 'd')`;
}

/** Server-side sessions: the bearer token is random; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** The audit trail shown on the Log Records screen. */
export const logRecords = pgTable(
  'log_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ipAddress: text('ip_address'),
    remark: text('remark').notNull(),
    url: text('url').notNull(),
    username: text('username'),
    logdt: timestamp('logdt', { withTimezone: true }).notNull().defaultNow(),
    /** What sort of event: signin, signin-failure, logout, otp-issue, otp-use, workflow, refusal, admin, other. */
    kind: text('kind').notNull().default('other'),
    /**
     * Place in the tamper-evident chain (docs/log-records.md): null until the record is sealed; records are sealed
     * in the order they became visible, so a record whose id committed late still joins the chain.
     */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    /** SHA-256 (hex) of the previous record's chain_hash and this record's fields. */
    chainHash: text('chain_hash'),
  },
  (t) => [
    index('log_records_logdt_idx').on(t.logdt),
    uniqueIndex('log_records_chain_seq_idx').on(t.chainSeq),
    index('log_records_unsealed_idx')
      .on(t.id)
      .where(sql`chain_seq is null`),
    index('log_records_username_idx').on(sql`lower(${t.username})`, t.id),
    index('log_records_kind_idx').on(t.kind, t.id),
  ],
);

/** Images an ADMIN sets for public pages (Media Update); key 'hero' is the landing page's hero image. */
export const siteMedia = pgTable('site_media', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
  /** SHA-256 (hex) of the content: the public URL's ETag and cache-busting version. */
  sha256: text('sha256').notNull(),
  byteSize: integer('byte_size').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').notNull(),
});
