import { pgTable, text, integer, serial, bigserial, timestamp, index, boolean } from 'drizzle-orm/pg-core';

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
  },
  (t) => [index('users_usercode_idx').on(t.usercode)],
);

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
  },
  (t) => [index('log_records_logdt_idx').on(t.logdt)],
);
