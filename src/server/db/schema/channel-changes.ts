import { sql } from 'drizzle-orm';
import { boolean, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// Changes of a person's OTP channel (the mobile number and email address its one-time passwords go to) asked by
// someone else: an official for a landlord or tenant, an administrator for a staff account
// (docs/otp-channel-changes.md). Such a change is held here and takes effect only at `effective_at`, unless the
// person stops it first; the person's current channel is told at once and again when it applies.

export const channelChanges = pgTable(
  'channel_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Whose channel: 'landlord', 'tenant' or 'user' (a staff account). */
    subjectKind: text('subject_kind', { enum: ['landlord', 'tenant', 'user'] }).notNull(),
    /** The landlord id, the tenant id (as text) or the staff username, as citizen_keys.subject_id has it. */
    subjectId: text('subject_id').notNull(),
    /** Whether the mobile is changed, and to what (null: removed). Staff accounts have no mobile. */
    setsMobile: boolean('sets_mobile').notNull(),
    newMobile: text('new_mobile'),
    /** Whether the email is changed, and to what (null: removed). */
    setsEmail: boolean('sets_email').notNull(),
    newEmail: text('new_email'),
    /** The official who asked, its role and its office (a jurisdiction code), as the notices and log name them. */
    requestedBy: text('requested_by').notNull(),
    requestedRole: text('requested_role').notNull(),
    requestedOffice: text('requested_office').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    /** Set when the person stopped it, a newer request replaced it, or the person changed its channel itself. */
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    stoppedBy: text('stopped_by'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /**
     * Asked by a locality officer who checked the person's identity document at the counter, settling a contested
     * record (docs/otp-channel-changes.md, "A contested record"): a key may not stop it.
     */
    checkedInPerson: boolean('checked_in_person').notNull().default(false),
  },
  (t) => [
    // At most one pending change per person: a second request replaces the first in one transaction.
    uniqueIndex('channel_changes_pending_idx')
      .on(t.subjectKind, t.subjectId)
      .where(sql`applied_at is null and stopped_at is null`),
    index('channel_changes_subject_idx').on(t.subjectKind, t.subjectId, t.requestedAt),
  ],
);
