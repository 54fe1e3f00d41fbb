import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import {
  APPLICATION_TYPE,
  FLOW_STEPS,
  INITIAL_STATUS,
  STATUS_CODES,
} from '../../../../machines/application/statuses';
import { districts, localities, policeStations, wards } from './jurisdiction';
import { domesticHelpers, familyMembers, rentalUnits, tenants } from './people';

// Tenant clearance applications, the members they cover and their flow history (backoffice.md sections 3-4).
// See docs/data-model.md for why the jurisdiction codes are copied onto each application and which index
// serves which screen.

// machines/application owns the status codes and flow steps; the CHECKs keep the tables honest about them.
const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const statusList = sqlList(STATUS_CODES);
const notDeleted = sql`deleted_at is null`;

export const applications = pgTable(
  'applications',
  {
    applid: bigserial('applid', { mode: 'number' }).primaryKey(),
    status: text('status', { enum: STATUS_CODES }).notNull().default(INITIAL_STATUS),
    applType: text('appl_type').notNull().default(APPLICATION_TYPE),
    /** The latest remark (the recommendation or rejection reason); every remark is also in the flow. */
    remarks: text('remarks'),
    tenantId: bigint('tenant_id', { mode: 'number' })
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    landlordId: bigint('landlord_id', { mode: 'number' }).notNull(),
    rentcode: text('rentcode').notNull(),
    /** The unit's ward when the application was made; the other codes are derived from it (prefix scheme). */
    wardCode: text('ward_code')
      .notNull()
      .references(() => wards.code),
    localityCode: text('locality_code')
      .notNull()
      .generatedAlwaysAs(sql`left(ward_code, 13)`)
      .references(() => localities.code),
    stationCode: text('station_code')
      .notNull()
      .generatedAlwaysAs(sql`left(ward_code, 9)`)
      .references(() => policeStations.code),
    districtCode: text('district_code')
      .notNull()
      .generatedAlwaysAs(sql`substr(ward_code, 3, 4)`)
      .references(() => districts.code),
    /** Who logged the application: an official's username, or 'landlord:<id>' for a citizen. */
    logby: text('logby').notNull(),
    /**
     * Whether the application gives its area's officials reach over the tenant's record: true when made with a
     * landlord's key or by an official who already reached the tenant; false for an office application for a
     * tenant the official did not reach (it then reaches this application alone). A landlord's key makes it
     * false until the tenant consents (tenant_consented_at). Older rows: true (docs/reach.md).
     */
    grantsReach: boolean('grants_reach').notNull().default(true),
    /**
     * When the tenant's consent code for a landlord's application was confirmed (application_consent_codes); null
     * for an application awaiting it, for an official's and for older rows (docs/tenant-consent.md).
     */
    tenantConsentedAt: timestamp('tenant_consented_at', { withTimezone: true }),
    /** Set when family members and helpers were chosen and the application applied; null = incomplete. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Optimistic concurrency: every workflow write is `... where version = $seen` and bumps it. */
    version: integer('version').notNull().default(0),
    /** True once any official has acted on it (a citizen may no longer delete it). */
    officialActed: boolean('official_acted').notNull().default(false),
    certifiedAt: timestamp('certified_at', { withTimezone: true }),
    certifiedBy: text('certified_by'),
    certificateNo: text('certificate_no').unique(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by'),
    deletedReason: text('deleted_reason'),
    /** The date the tenant shifted out (Shifted Tenants, status APARV). */
    leftLocalityOn: date('left_locality_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('applications_status_legal', sql`${t.status} in (${statusList})`),
    check('applications_type_legal', sql`${t.applType} = ${sqlList([APPLICATION_TYPE])}`),
    // The derived codes above assume the fixed-width ward code of docs/jurisdiction-codes.md.
    check('applications_ward_code_format', sql`${t.wardCode} ~ '^PS[0-9]{7}LA[0-9]{2}W[0-9]{2}$'`),
    check('applications_version_nonnegative', sql`${t.version} >= 0`),
    check(
      'applications_certificate_complete',
      sql`(${t.certificateNo} is null) = (${t.certifiedAt} is null) and (${t.certifiedAt} is null) = (${t.certifiedBy} is null)`,
    ),
    check(
      'applications_deletion_complete',
      sql`${t.deletedAt} is not null or (${t.deletedBy} is null and ${t.deletedReason} is null)`,
    ),
    // The unit must belong to the landlord named on the application.
    foreignKey({
      name: 'applications_unit_of_landlord_fk',
      columns: [t.rentcode, t.landlordId],
      foreignColumns: [rentalUnits.rentcode, rentalUnits.landlordId],
    }),
    // One index per list scope: "status X in my jurisdiction, newest first, one page". Deleted rows are never
    // listed, so they are left out of the indexes. Migration 0001 adds INCLUDE (completed_at) to these five,
    // which Drizzle's index builder cannot declare, so that counting a LARP list is an index-only scan.
    index('applications_ward_list_idx')
      .on(t.wardCode, t.status, t.applid.desc().nullsFirst())
      .where(notDeleted),
    index('applications_locality_list_idx')
      .on(t.localityCode, t.status, t.applid.desc().nullsFirst())
      .where(notDeleted),
    index('applications_station_list_idx')
      .on(t.stationCode, t.status, t.applid.desc().nullsFirst())
      .where(notDeleted),
    index('applications_district_list_idx')
      .on(t.districtCode, t.status, t.applid.desc().nullsFirst())
      .where(notDeleted),
    index('applications_status_list_idx').on(t.status, t.applid.desc().nullsFirst()).where(notDeleted),
    index('applications_tenant_idx').on(t.tenantId),
    index('applications_landlord_idx').on(t.landlordId, t.applid.desc().nullsFirst()),
    // An official's own incomplete applications ("Select Application You Wish To Apply"): drafts only, a few rows.
    index('applications_incomplete_logby_idx')
      .on(t.logby, t.applid.desc().nullsFirst())
      .where(sql`completed_at is null and deleted_at is null`),
    index('applications_rentcode_idx').on(t.rentcode),
  ],
);

/** The family members and helpers an application covers (the spec's familyInApplication / helperInApplication). */
export const applicationMembers = pgTable(
  'application_members',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applid: bigint('applid', { mode: 'number' })
      .notNull()
      .references(() => applications.applid, { onDelete: 'cascade' }),
    familyMemberCode: bigint('family_member_code', { mode: 'number' }).references(
      () => familyMembers.memberCode,
      {
        onDelete: 'cascade',
      },
    ),
    helperCode: bigint('helper_code', { mode: 'number' }).references(() => domesticHelpers.memberCode, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    check(
      'application_members_one_member',
      sql`(${t.familyMemberCode} is null) <> (${t.helperCode} is null)`,
    ),
    unique('application_members_family_key').on(t.applid, t.familyMemberCode),
    unique('application_members_helper_key').on(t.applid, t.helperCode),
    index('application_members_family_idx').on(t.familyMemberCode),
    index('application_members_helper_idx').on(t.helperCode),
  ],
);

/**
 * One row per step an application took: the timeline dialog, the tracker and the replay test read it. A row
 * holds what the lifecycle machine recorded for the step (its LifecycleStepRecord) plus the event that caused
 * it, so replaying the rows through the machine rebuilds the application's status.
 */
export const applicationFlow = pgTable(
  'application_flow',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applid: bigint('applid', { mode: 'number' })
      .notNull()
      .references(() => applications.applid, { onDelete: 'cascade' }),
    logdt: timestamp('logdt', { withTimezone: true }).notNull().defaultNow(),
    /** The status the application had after this step (a soft delete keeps the status it had). */
    aplstatus: text('aplstatus', { enum: STATUS_CODES }).notNull(),
    /** The machine's FlowStep: 'submitted', 'recommendedApproval', 'accepted' ... */
    step: text('step', { enum: FLOW_STEPS }).notNull(),
    /** The timeline text (FLOW_TEXTS), e.g. 'Application forwarded to Locality by Sub-Locality/Wards'. */
    remarks: text('remarks').notNull(),
    /** The remark the step gave the application, e.g. '(May be Accepted)'. */
    applRemarks: text('appl_remarks'),
    /** The official's own words, when the step asked for any. */
    comments: text('comments'),
    /** The lifecycle event type ('application.accept' ...); null for 'submitted', which is the creation. */
    action: text('action'),
    /** The event's payload without the actor (rejection reason, remarks), for replay. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    /** Username of the official, or 'landlord:<id>' for a citizen. */
    actor: text('actor').notNull(),
    actorRole: text('actor_role'),
    /** The official's usercode when acting: the jurisdiction the machine's guards checked. */
    actorUsercode: text('actor_usercode'),
  },
  (t) => [
    check('application_flow_status_legal', sql`${t.aplstatus} in (${statusList})`),
    check('application_flow_step_legal', sql`${t.step} in (${sqlList(FLOW_STEPS)})`),
    check('application_flow_action_present', sql`(${t.step} = 'submitted') = (${t.action} is null)`),
    index('application_flow_applid_idx').on(t.applid, t.id),
  ],
);

/**
 * Consent codes (docs/tenant-consent.md, docs/reach.md "The landlord's consent to a unit"): one row per code sent,
 * for one subject: an application (the tenant's consent, `applid`) or a rental unit an official added for a
 * landlord it did not reach (the landlord's consent, `rentcode`). The newest row of a subject is its live code.
 * Only a keyed hash of the code is kept; 10 minutes, 5 tries, single use. The rows of a subject in the last 15
 * minutes are its resend budget. Each row keeps whom it was sent to (`person`) and who asked (`applicant`), so the
 * daily budgets are counted from the rows alone: the rows outlive their subject (its delete sets `applid` or
 * `rentcode` to null), and deleting what was asked about gives no codes back (attack F-A of 27-11-2026).
 */
export const applicationConsentCodes = pgTable(
  'application_consent_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applid: bigint('applid', { mode: 'number' }).references(() => applications.applid, {
      onDelete: 'set null',
    }),
    rentcode: text('rentcode').references(() => rentalUnits.rentcode, { onDelete: 'set null' }),
    /** Whom the code went to: 'tenant:<id>' (an application's tenant) or 'landlord:<id>' (a unit's landlord). */
    person: text('person').notNull(),
    /** Who asked: the application's logby, or the official who added the unit (null for a unit older than that). */
    applicant: text('applicant'),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    triesLeft: integer('tries_left').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    // At most one subject: none once it was deleted.
    check('application_consent_codes_one_subject', sql`${t.applid} is null or ${t.rentcode} is null`),
    check('application_consent_codes_person_shape', sql`${t.person} ~ '^(tenant|landlord):[0-9]+$'`),
    index('application_consent_codes_applid_idx').on(t.applid, t.id.desc()),
    index('application_consent_codes_rentcode_idx').on(t.rentcode, t.id.desc()),
    index('application_consent_codes_person_idx').on(t.person, t.createdAt.desc()),
  ],
);
