import { pgTable, text, integer, timestamp } from 'drizzle-orm/pg-core';

/** Captcha challenges: single use, short expiry, a few tries. Only a hash of the answer is kept. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  triesLeft: integer('tries_left').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Single-use nonces bound into every encrypted password, so a captured ciphertext cannot be replayed. */
export const transportNonces = pgTable('transport_nonces', {
  nonce: text('nonce').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Failed sign-in counters per key ('ip:..', 'acct-ip:..', 'acct:..'), shared by all API replicas. */
export const signinThrottle = pgTable('signin_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/** The persisted RSA-OAEP key pair for password transport (one row, id 'transport'). */
export const serverKeys = pgTable('server_keys', {
  id: text('id').primaryKey(),
  publicKeySpki: text('public_key_spki').notNull(),
  privateKeyPkcs8: text('private_key_pkcs8').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
