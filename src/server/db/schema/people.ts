import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { districts, wards } from './jurisdiction';
import { tenancyTypes } from './lookups';

// Landlords, tenants and the rental units they meet in (public-portal.md section 3).
// Addresses are columns, not a shared table: every address belongs to exactly one person, is always read with
// that person, and list screens show address line 1 without a join.

const PIN_CODE = sql.raw(`'^[0-9]{6}$'`);
const MOBILE = sql.raw(`'^[0-9]{1,10}$'`);

const permanentAddress = () => ({
  permAddress1: text('perm_address1').notNull(),
  permAddress2: text('perm_address2'),
  permPinCode: text('perm_pin_code').notNull(),
  permDistrictCode: text('perm_district_code')
    .notNull()
    .references(() => districts.code),
});

const presentAddress = () => ({
  presAddress1: text('pres_address1').notNull(),
  presAddress2: text('pres_address2'),
  presPinCode: text('pres_pin_code').notNull(),
  presDistrictCode: text('pres_district_code')
    .notNull()
    .references(() => districts.code),
});

const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const landlords = pgTable(
  'landlords',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Election card number: 3 letters then 7 digits, upper case (the landlord's login identity). */
    epicNo: text('epic_no').notNull().unique(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    occupation: text('occupation').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email'),
    /**
     * The usercode of the official who registered this person at the counter; null when the person registered
     * itself (or before this column existed). One of the facts reach is derived from (docs/reach.md).
     */
    registeredArea: text('registered_area'),
    /** Lower-case full name for the officials' typo-tolerant search (trigram index, docs/search.md). */
    searchName: text('search_name').generatedAlwaysAs(
      sql`lower(first_name || ' ' || coalesce(middle_name || ' ', '') || coalesce(last_name, ''))`,
    ),
    ...permanentAddress(),
    ...presentAddress(),
    ...timestamps(),
  },
  (t) => [
    check('landlords_epic_no_format', sql`${t.epicNo} ~ '^[A-Z]{3}[0-9]{7}$'`),
    check('landlords_mobile_format', sql`${t.mobile} ~ ${MOBILE}`),
    check(
      'landlords_pin_codes_format',
      sql`${t.permPinCode} ~ ${PIN_CODE} and ${t.presPinCode} ~ ${PIN_CODE}`,
    ),
    // The landlord list and name search order by name; id breaks ties so paging is stable.
    index('landlords_name_idx').on(t.firstName, t.lastName, t.id),
    index('landlords_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')),
    index('landlords_search_name_idx').on(t.searchName, t.id),
  ],
);

export const tenants = pgTable(
  'tenants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The ID number the tenant registered with: EPIC, driving licence or PAN, upper case. */
    epicNo: text('epic_no').notNull().unique(),
    /** The spec's individualEpic: the ID belongs to this person (always true from the forms). */
    individualEpic: boolean('individual_epic').notNull().default(true),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    parentOrSpouseName: text('parent_or_spouse_name').notNull(),
    nationality: text('nationality').notNull().default('Indian'),
    /** The spec's `age` field: it holds the date of birth. */
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    occupation: text('occupation').notNull(),
    mobile: text('mobile').notNull(),
    email: text('email'),
    tenancyType: text('tenancy_type')
      .notNull()
      .default('T1')
      .references(() => tenancyTypes.code),
    /**
     * The usercode of the official who registered this person at the counter; null when the person registered
     * itself (or before this column existed). One of the facts reach is derived from (docs/reach.md).
     */
    registeredArea: text('registered_area'),
    /**
     * Set when the record was registered again over a deleted record's kept channel and the registrant typed
     * another one (docs/otp-channel-changes.md, "A contested record"): until the held change applies or a locality
     * officer settles it at the counter, a key bought through the kept channel may only see and stop that change.
     */
    channelContestedAt: timestamp('channel_contested_at', { withTimezone: true }),
    /** Lower-case full name for the officials' typo-tolerant search (trigram index, docs/search.md). */
    searchName: text('search_name').generatedAlwaysAs(
      sql`lower(first_name || ' ' || coalesce(middle_name || ' ', '') || coalesce(last_name, ''))`,
    ),
    ...permanentAddress(),
    ...presentAddress(),
    ...timestamps(),
  },
  (t) => [
    check('tenants_epic_no_format', sql`${t.epicNo} ~ '^[A-Z0-9/-]{8,20}$'`),
    check('tenants_nationality', sql`${t.nationality} in ('Indian', 'Others')`),
    check('tenants_mobile_format', sql`${t.mobile} ~ ${MOBILE}`),
    check('tenants_pin_codes_format', sql`${t.permPinCode} ~ ${PIN_CODE} and ${t.presPinCode} ~ ${PIN_CODE}`),
    index('tenants_name_idx').on(t.firstName, t.lastName, t.id),
    index('tenants_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')),
    index('tenants_search_name_idx').on(t.searchName, t.id),
    // One person, one record: `VT-760174377` and `VT760174377/` are the same ID as `VT760174377`.
    uniqueIndex('tenants_epic_no_normalized_idx').on(normalizedIdNumber(t.epicNo)),
  ],
);

/**
 * An ID number as the database compares it: upper case, letters and digits only (the SQL twin of
 * normalizeIdNumber in the contract). The unique index and every lookup by ID number use this same expression.
 */
export function normalizedIdNumber(column: AnyPgColumn) {
  return sql`upper(regexp_replace(${column}, '[^A-Za-z0-9]', '', 'g'))`;
}

/** Feeds rental_units.rentcode. */
export const rentalUnitRentcodeSeq = pgSequence('rental_unit_rentcode_seq');

export const rentalUnits = pgTable(
  'rental_units',
  {
    /** Issued by the database ('RU' + 9 digits) so two replicas never hand out the same code. */
    rentcode: text('rentcode')
      .primaryKey()
      .default(sql`'RU' || lpad(nextval('rental_unit_rentcode_seq')::text, 9, '0')`),
    landlordId: bigint('landlord_id', { mode: 'number' })
      .notNull()
      .references(() => landlords.id, { onDelete: 'cascade' }),
    houseNo: text('house_no'),
    floorNo: text('floor_no'),
    address1: text('address1').notNull(),
    address2: text('address2'),
    pinCode: text('pin_code').notNull(),
    districtCode: text('district_code')
      .notNull()
      .references(() => districts.code),
    /** The sub-locality/ward (the spec's laCode); its locality, station and district follow from the code. */
    wardCode: text('ward_code')
      .notNull()
      .references(() => wards.code),
    /** Derived from the ward code, so the landlord list and count of a locality read one index. */
    localityCode: text('locality_code')
      .notNull()
      .generatedAlwaysAs(sql`left(ward_code, 13)`),
    /** False while an application for this unit is in process or approved (only vacant units are offered). */
    vacant: boolean('vacant').notNull().default(true),
    /** Set when the landlord disowns a unit that has application history (the history is kept). */
    disownedAt: timestamp('disowned_at', { withTimezone: true }),
    /**
     * Whether the unit gives its ward's officials reach over the landlord's record: true when added with the
     * landlord's key or by an official who already reached the landlord; false when an official added it for a
     * landlord it did not reach (it then reaches this unit alone). Rows older than the column: true (docs/reach.md).
     */
    grantsReach: boolean('grants_reach').notNull().default(true),
    /**
     * Who added the unit: the official's username, or 'landlord:<id>' for the landlord's key (as applications'
     * logby). Only the official who added a unit awaiting the landlord's consent confirms its code. Null for rows
     * older than the column (docs/reach.md).
     */
    addedBy: text('added_by'),
    /**
     * When the landlord consented to a unit an official added for it without reaching it (its code, or its own
     * key's Generate on the unit); grants_reach is set true in the same statement. Null otherwise.
     */
    landlordConsentedAt: timestamp('landlord_consented_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    check('rental_units_pin_code_format', sql`${t.pinCode} ~ ${PIN_CODE}`),
    check('rental_units_ward_code_format', sql`${t.wardCode} ~ '^PS[0-9]{7}LA[0-9]{2}W[0-9]{2}$'`),
    // Target of the applications' (rentcode, landlord_id) foreign key: a unit is applied for with its owner.
    unique('rental_units_rentcode_landlord_key').on(t.rentcode, t.landlordId),
    index('rental_units_landlord_idx').on(t.landlordId),
    // "Landlords with a unit in this ward / locality": index-only scans that yield distinct landlord ids.
    index('rental_units_ward_idx').on(t.wardCode, t.landlordId),
    index('rental_units_locality_idx').on(t.localityCode, t.landlordId),
  ],
);

export const familyMembers = pgTable(
  'family_members',
  {
    memberCode: bigserial('member_code', { mode: 'number' }).primaryKey(),
    tenantId: bigint('tenant_id', { mode: 'number' })
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    memberName: text('member_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    relationship: text('relationship').notNull(),
    occupation: text('occupation').notNull(),
    permAddress1: text('perm_address1'),
    permAddress2: text('perm_address2'),
    permPinCode: text('perm_pin_code'),
    permDistrictCode: text('perm_district_code').references(() => districts.code),
    /** Null while the member lives with the tenant; the date they left otherwise. */
    leftOn: date('left_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('family_members_tenant_idx').on(t.tenantId)],
);

/** Domestic helpers of a tenant or of a landlord: exactly one owner column is set, matching owner_type. */
export const domesticHelpers = pgTable(
  'domestic_helpers',
  {
    memberCode: bigserial('member_code', { mode: 'number' }).primaryKey(),
    ownerType: text('owner_type', { enum: ['tenant', 'landlord'] }).notNull(),
    tenantId: bigint('tenant_id', { mode: 'number' }).references(() => tenants.id, { onDelete: 'cascade' }),
    landlordId: bigint('landlord_id', { mode: 'number' }).references(() => landlords.id, {
      onDelete: 'cascade',
    }),
    memberName: text('member_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    permAddress1: text('perm_address1').notNull(),
    permAddress2: text('perm_address2'),
    permPinCode: text('perm_pin_code').notNull(),
    permDistrictCode: text('perm_district_code')
      .notNull()
      .references(() => districts.code),
    presPinCode: text('pres_pin_code'),
    leftOn: date('left_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'domestic_helpers_one_owner',
      sql`(${t.ownerType} = 'tenant' and ${t.tenantId} is not null and ${t.landlordId} is null)
        or (${t.ownerType} = 'landlord' and ${t.landlordId} is not null and ${t.tenantId} is null)`,
    ),
    check('domestic_helpers_pin_code_format', sql`${t.permPinCode} ~ ${PIN_CODE}`),
    index('domestic_helpers_tenant_idx').on(t.tenantId),
    index('domestic_helpers_landlord_idx').on(t.landlordId),
  ],
);

/**
 * Every distinct search_name of tenants and landlords (docs/search.md, "The statewide plan"): a statewide search
 * scores these names, far fewer than people, through their trigram index, then reads the people of the best names
 * by (search_name, id). Triggers of migration 0008 add a name when a person is written with it; names are never
 * removed (a name nobody bears any more only costs one empty index probe).
 */
export const personNames = pgTable(
  'person_names',
  {
    entity: text('entity', { enum: ['tenant', 'landlord'] }).notNull(),
    searchName: text('search_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.searchName, t.entity] }),
    // One trigram index per entity, so a search reads only the names of the people it looks for.
    index('person_names_tenant_trgm_idx')
      .using('gin', t.searchName.op('gin_trgm_ops'))
      .where(sql`entity = 'tenant'`),
    index('person_names_landlord_trgm_idx')
      .using('gin', t.searchName.op('gin_trgm_ops'))
      .where(sql`entity = 'landlord'`),
  ],
);
