import { bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Citizen access (docs/otp-and-citizen-keys.md): one-time passwords, the requests for them (the send and per-address
// limits count these rows, so every API replica sees the same counts), the citizen keys an OTP buys, and the
// outbox every message passes through.

/**
 * Who an OTP or a citizen key is for: 'landlord:<id>', 'tenant:<id>' or 'user:<username>' (staff password change).
 * The same string is the subject key of otp_requests, otp_challenges and citizen_keys.
 */
export type SubjectKey = string;

/** One-time passwords: 6 digits, only a keyed hash kept, single use, a few tries, minutes of life. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subjectKey: text('subject_key').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    triesLeft: integer('tries_left').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * The address (as counted: IPv6 by its /64) whose request issued the code. A new send replaces only that
     * requester's own earlier code, so no stranger can end the code a person asked for (issue 20, F5).
     */
    requester: text('requester'),
  },
  (t) => [
    index('otp_challenges_subject_idx').on(t.subjectKey, t.createdAt),
    index('otp_challenges_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Every request for an OTP, answered or not (an unknown EPIC counts against the address too, so lookups cannot
 * list who is registered). The send limits count the rows of a subject; the address limit counts the rows of an
 * address. Rows older than a day are purged.
 */
export const otpRequests = pgTable(
  'otp_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null when the identity asked for does not exist. */
    subjectKey: text('subject_key'),
    ipAddress: text('ip_address').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /**
     * 'sent', 'sent-device' (sent to a browser holding the person's device cookie), 'unknown' (no such person),
     * 'refused' (over a limit), 'lookup' (an existence check, no OTP).
     */
    outcome: text('outcome', { enum: ['sent', 'sent-device', 'unknown', 'refused', 'lookup'] }).notNull(),
  },
  (t) => [
    index('otp_requests_subject_idx').on(t.subjectKey, t.requestedAt),
    index('otp_requests_ip_idx').on(t.ipAddress, t.requestedAt),
    index('otp_requests_requested_at_idx').on(t.requestedAt),
  ],
);

/** Citizen keys: random, only the SHA-256 stored, short-lived, revocable, scoped to one landlord, tenant or user. */
export const citizenKeys = pgTable(
  'citizen_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    /** 'landlord', 'tenant' or 'user'. */
    scope: text('scope', { enum: ['landlord', 'tenant', 'user'] }).notNull(),
    /** The landlord id, the tenant id (as text) or the staff username. */
    subjectId: text('subject_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    /**
     * A digest of the OTP channel the key was bought through (the email address, else the mobile number, when the
     * code was sent): a key from a channel that is no longer the person's may not move the channel again
     * (docs/otp-channel-changes.md). Null for keys issued without an OTP (none in the product; test set-ups).
     */
    channelRef: text('channel_ref'),
    /**
     * What the key reaches: 'record' (the person's records), or 'held-change' (only the person's pending channel
     * change and logout): a key bought through the kept channel of a contested tenant record
     * (docs/otp-channel-changes.md, "A contested record").
     */
    reach: text('reach', { enum: ['record', 'held-change'] })
      .notNull()
      .default('record'),
  },
  (t) => [
    index('citizen_keys_subject_idx').on(t.scope, t.subjectId),
    index('citizen_keys_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * Every message the portal sends (OTPs now, status notifications later), whatever carries it: kept here by default,
 * and also handed to SMTP or the SMS gateway when those are configured. Outside production it is readable at
 * GET dev/outbox.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** 'outbox' (kept only), 'smtp' or 'sms-webhook'. */
    transport: text('transport', { enum: ['outbox', 'smtp', 'sms-webhook', 'operator-console'] }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Why a hand-over to SMTP or the gateway failed (for the operator; never shown to the citizen). */
    error: text('error'),
    /**
     * False for a message to a staff account (its OTP, the notices of its email): never listed by the demo outbox,
     * which would otherwise tell anyone which usernames exist and their emails (pen-test round 2).
     */
    readable: boolean('readable').notNull().default(true),
  },
  (t) => [index('outbox_messages_created_at_idx').on(t.createdAt)],
);
