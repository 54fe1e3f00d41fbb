import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// What is left of a deleted tenant: its ID number and the OTP channel (mobile, email) in force when it was deleted
// (docs/otp-channel-changes.md, "Deleted and registered again"). A registration of the same ID number within a
// year starts on this channel, and a different one typed by the registrant is a held change told to it, so
// deleting a record and registering it again never moves a person's one-time passwords at once.

export const deletedIdentities = pgTable(
  'deleted_identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Whose record was deleted: 'tenant' (landlords have no delete). */
    subjectKind: text('subject_kind', { enum: ['tenant'] }).notNull(),
    /** The ID number of the deleted record. */
    epicNo: text('epic_no').notNull(),
    mobile: text('mobile'),
    email: text('email'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
    /** The official who deleted it and its office, as the notice and the log name them. */
    deletedBy: text('deleted_by').notNull(),
    deletedOffice: text('deleted_office').notNull(),
    /** The deleting official's usercode: the locality above it settles a contested registration (null before 0023). */
    deletedArea: text('deleted_area'),
  },
  (t) => [index('deleted_identities_epic_idx').on(t.subjectKind, t.epicNo, t.deletedAt)],
);
