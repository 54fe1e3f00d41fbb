import { and, asc, desc, eq, or } from 'drizzle-orm';
import type { DocumentListItem, UploadDocumentBody } from '../../contract/documents.contract';
import type { DocumentReply } from '../../contract/register.contract';
import type { Db } from '../db/client';
import {
  documentOwner,
  documents,
  domesticHelpers,
  familyMembers,
  tenants,
  type DocumentOwnerType,
  type DocumentType,
} from '../db/schema';
import type { CheckedFile } from './uploads-check';

// Storing and reading uploaded documents. Who may reach the owner is decided by the route through the scope
// helpers (tenant-scope.ts, owner-scope.ts) before anything here runs.

/** Whom a document belongs to, resolved from the API's (ownertype, ownerid). */
export type OwnerFacts =
  { found: false } | { found: true; tenantId: number | null; landlordId: number | null; left: boolean };

export async function ownerFacts(db: Db, ownerType: DocumentOwnerType, ownerId: number): Promise<OwnerFacts> {
  if (ownerType === 'tenant') {
    const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, ownerId));
    return row ? { found: true, tenantId: row.id, landlordId: null, left: false } : { found: false };
  }
  if (ownerType === 'tenantfamily') {
    const [row] = await db
      .select({ tenantId: familyMembers.tenantId, leftOn: familyMembers.leftOn })
      .from(familyMembers)
      .where(eq(familyMembers.memberCode, ownerId));
    return row
      ? { found: true, tenantId: row.tenantId, landlordId: null, left: row.leftOn !== null }
      : { found: false };
  }
  const [row] = await db
    .select({
      tenantId: domesticHelpers.tenantId,
      landlordId: domesticHelpers.landlordId,
      leftOn: domesticHelpers.leftOn,
    })
    .from(domesticHelpers)
    .where(
      and(
        eq(domesticHelpers.memberCode, ownerId),
        eq(domesticHelpers.ownerType, ownerType === 'tenanthelper' ? 'tenant' : 'landlord'),
      ),
    );
  return row
    ? { found: true, tenantId: row.tenantId, landlordId: row.landlordId, left: row.leftOn !== null }
    : { found: false };
}

/** Locks the owner's row so that two uploads of the same document type replace each other in turn. */
async function lockOwner(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  type: DocumentOwnerType,
  id: number,
) {
  if (type === 'tenant')
    await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id)).for('update');
  else if (type === 'tenantfamily')
    await tx
      .select({ c: familyMembers.memberCode })
      .from(familyMembers)
      .where(eq(familyMembers.memberCode, id))
      .for('update');
  else
    await tx
      .select({ c: domesticHelpers.memberCode })
      .from(domesticHelpers)
      .where(eq(domesticHelpers.memberCode, id))
      .for('update');
}

/**
 * Stores a checked file, with the declared kind of an identity proof. An owner keeps one document per type: a new
 * upload replaces the earlier one (file and kind) in the same transaction, so a reader sees the old document or
 * the new one, never both or neither.
 */
export async function storeDocument(
  db: Db,
  body: UploadDocumentBody,
  file: CheckedFile,
  uploadedBy: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, body.ownertype, body.ownerid);
    await tx
      .delete(documents)
      .where(
        and(
          eq(documents.ownerType, body.ownertype),
          eq(documents.ownerId, body.ownerid),
          eq(documents.doctype, body.doctype),
        ),
      );
    const [row] = await tx
      .insert(documents)
      .values({
        ...documentOwner(body.ownertype, body.ownerid),
        doctype: body.doctype,
        idType: file.idType,
        contentType: file.contentType,
        content: file.bytes,
        size: file.bytes.length,
        uploadedBy,
      })
      .returning({ docid: documents.docid });
    return row.docid;
  });
}

/** The tenant's own documents (not its members'), without content. */
export async function tenantDocuments(db: Db, tenantId: number): Promise<DocumentListItem[]> {
  const rows = await db
    .select({
      docid: documents.docid,
      doctype: documents.doctype,
      contenttype: documents.contentType,
      size: documents.size,
      ownerid: documents.ownerId,
      ownertype: documents.ownerType,
      idtype: documents.idType,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(and(eq(documents.ownerType, 'tenant'), eq(documents.ownerId, tenantId)))
    .orderBy(asc(documents.docid));
  return rows.map(({ createdAt, ...doc }) => ({ ...doc, uploadedAt: createdAt.toISOString() }));
}

/** The three documents the registration form needs. */
export const REQUIRED_DOCTYPES: readonly DocumentType[] = ['PHOTO', 'IDENTITYPROOF', 'SIGNATURE'];

export function missingRequired(list: { doctype: DocumentType }[]): DocumentType[] {
  return REQUIRED_DOCTYPES.filter((type) => !list.some((d) => d.doctype === type));
}

/**
 * A document with its content, if it belongs to tenant `tenantId`: the tenant's own, or one of its family
 * members' or helpers'. Null otherwise (also when there is no such document).
 */
export async function documentOfTenant(
  db: Db,
  tenantId: number,
  docid: number,
): Promise<DocumentReply | null> {
  const [doc] = await db
    .select({
      docid: documents.docid,
      doctype: documents.doctype,
      contenttype: documents.contentType,
      content: documents.content,
      ownerid: documents.ownerId,
      ownertype: documents.ownerType,
      idtype: documents.idType,
    })
    .from(documents)
    .leftJoin(familyMembers, eq(familyMembers.memberCode, documents.familyMemberCode))
    .leftJoin(domesticHelpers, eq(domesticHelpers.memberCode, documents.helperCode))
    .where(
      and(
        eq(documents.docid, docid),
        or(
          eq(documents.tenantId, tenantId),
          eq(familyMembers.tenantId, tenantId),
          eq(domesticHelpers.tenantId, tenantId),
        ),
      ),
    );
  if (!doc) return null;
  const { content, ...rest } = doc;
  return { ...rest, base64img: content.toString('base64') };
}

/** The latest PHOTO of a tenant as bytes, when it is a JPEG (for the registration form). */
export async function tenantPhotoJpeg(db: Db, tenantId: number): Promise<Buffer | null> {
  const [row] = await db
    .select({ content: documents.content })
    .from(documents)
    .where(
      and(
        eq(documents.ownerType, 'tenant'),
        eq(documents.ownerId, tenantId),
        eq(documents.doctype, 'PHOTO'),
        eq(documents.contentType, 'image/jpeg'),
      ),
    )
    .orderBy(desc(documents.docid))
    .limit(1);
  return row?.content ?? null;
}
