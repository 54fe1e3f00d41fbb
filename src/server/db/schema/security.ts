import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Captcha challenges: single use, short expiry, a few tries. Only a hash of the answer is kept. */
export const captchas = pgTable(
  'captchas',
  {
    id: text('id').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    triesLeft: integer('tries_left').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  // Every issue removes a few expired rows found through this index, so a flood cannot grow the table.
  (t) => [index('captchas_expires_at_idx').on(t.expiresAt)],
);

/** Single-use nonces bound into every encrypted password, so a captured ciphertext cannot be replayed. */
export const transportNonces = pgTable(
  'transport_nonces',
  {
    nonce: text('nonce').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('transport_nonces_expires_at_idx').on(t.expiresAt)],
);

/** Failed sign-in counters per key ('ip:..', 'acct-ip:..', 'acct:..', 'device:..'), shared by all API replicas. */
export const signinThrottle = pgTable('signin_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/**
 * Sign-in attempts whose password is being checked right now, one row per throttle key. They count against
 * the limits like failures, so parallel guesses cannot slip past a limit; a wrong password turns its rows into
 * a failure, any other outcome deletes them, and rows a killed process never settled stop counting at
 * `expires_at` (seconds later).
 */
export const signinReservations = pgTable(
  'signin_reservations',
  {
    attemptId: text('attempt_id').notNull(),
    key: text('key').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.key] }),
    index('signin_reservations_key_idx').on(t.key, t.expiresAt),
    index('signin_reservations_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Requests per address per anonymous endpoint in the current fixed window ('<endpoint>|<address>'), shared by
 * all API replicas (docs/sign-in-security.md, "Anonymous endpoints"). One upsert per request counts; rows whose
 * window has ended are purged as new windows start.
 */
export const anonymousRequestCounts = pgTable(
  'anonymous_request_counts',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('anonymous_request_counts_expires_at_idx').on(t.expiresAt)],
);

/** The persisted RSA-OAEP key pair for password transport (one row, id 'transport'). */
export const serverKeys = pgTable('server_keys', {
  id: text('id').primaryKey(),
  publicKeySpki: text('public_key_spki').notNull(),
  privateKeyPkcs8: text('private_key_pkcs8').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
