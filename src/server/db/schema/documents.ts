import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { domesticHelpers, familyMembers, tenants } from './people';

/** PostgreSQL bytea as a Node Buffer (both pg and PGlite hand back bytes; normalise to Buffer). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const DOCUMENT_TYPES = [
  'PHOTO',
  'IDENTITYPROOF',
  'SIGNATURE',
  'RESIDENTIALCERTIFICATE',
  'FORMA',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const documentTypeEnum = pgEnum('document_type', DOCUMENT_TYPES);

export const DOCUMENT_OWNER_TYPES = ['tenant', 'tenantfamily', 'tenanthelper', 'landlordhelper'] as const;
export type DocumentOwnerType = (typeof DOCUMENT_OWNER_TYPES)[number];
export const documentOwnerTypeEnum = pgEnum('document_owner_type', DOCUMENT_OWNER_TYPES);

/**
 * The identity documents an IDENTITYPROOF may be, as the uploader declares them (the server cannot read a scan).
 * Aadhaar is never one (public-portal.md and backoffice.md section 5). The contract's IDENTITY_PROOF_TYPES is
 * the same list (tests/server/documents-id-type.test.ts holds them equal).
 */
export const ID_PROOF_KINDS = ['EPIC', 'DL', 'PAN', 'PASSPORT'] as const;
export type IdProofKind = (typeof ID_PROOF_KINDS)[number];
const ID_PROOF_KIND_LIST = sql.raw(ID_PROOF_KINDS.map((k) => `'${k}'`).join(', '));

/** The spec caps an upload at 512000 bytes (about 500 KB). */
export const MAX_DOCUMENT_BYTES = 512_000;

/**
 * Uploaded documents. The API speaks of (ownertype, ownerid); the table keeps one real foreign key per kind of
 * owner so that deleting a tenant, family member or helper deletes their documents too (ON DELETE CASCADE),
 * and `owner_id` is derived from whichever key is set. Use `documentOwner()` to fill the keys.
 */
export const documents = pgTable(
  'documents',
  {
    docid: bigserial('docid', { mode: 'number' }).primaryKey(),
    doctype: documentTypeEnum('doctype').notNull(),
    ownerType: documentOwnerTypeEnum('owner_type').notNull(),
    tenantId: bigint('tenant_id', { mode: 'number' }).references(() => tenants.id, { onDelete: 'cascade' }),
    familyMemberCode: bigint('family_member_code', { mode: 'number' }).references(
      () => familyMembers.memberCode,
      {
        onDelete: 'cascade',
      },
    ),
    helperCode: bigint('helper_code', { mode: 'number' }).references(() => domesticHelpers.memberCode, {
      onDelete: 'cascade',
    }),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(tenant_id, family_member_code, helper_code)`),
    /** Which identity document an IDENTITYPROOF is; null for other types (and for proofs stored before 0005). */
    idType: text('id_type').$type<IdProofKind>(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
    size: integer('size').notNull(),
    /** Username of the official, or 'landlord:<id>' / 'tenant:<id>' for a citizen upload. */
    uploadedBy: text('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'documents_one_owner',
      sql`(${t.ownerType} = 'tenant' and ${t.tenantId} is not null and ${t.familyMemberCode} is null and ${t.helperCode} is null)
        or (${t.ownerType} = 'tenantfamily' and ${t.familyMemberCode} is not null and ${t.tenantId} is null and ${t.helperCode} is null)
        or (${t.ownerType} in ('tenanthelper', 'landlordhelper') and ${t.helperCode} is not null and ${t.tenantId} is null and ${t.familyMemberCode} is null)`,
    ),
    check(
      'documents_id_type',
      sql`${t.idType} is null or (${t.doctype} = 'IDENTITYPROOF' and ${t.idType} in (${ID_PROOF_KIND_LIST}))`,
    ),
    check('documents_content_type', sql`${t.contentType} in ('image/jpeg', 'image/png', 'application/pdf')`),
    check(
      'documents_size',
      sql`${t.size} = octet_length(${t.content}) and ${t.size} between 1 and ${sql.raw(String(MAX_DOCUMENT_BYTES))}`,
    ),
    index('documents_owner_idx').on(t.ownerType, t.ownerId),
  ],
);

/** The foreign-key columns for an (ownertype, ownerid) pair as the API sends it. */
export function documentOwner(ownerType: DocumentOwnerType, ownerId: number) {
  switch (ownerType) {
    case 'tenant':
      return { ownerType, tenantId: ownerId };
    case 'tenantfamily':
      return { ownerType, familyMemberCode: ownerId };
    case 'tenanthelper':
    case 'landlordhelper':
      return { ownerType, helperCode: ownerId };
  }
}
