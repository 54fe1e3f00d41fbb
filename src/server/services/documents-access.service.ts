import { and, eq, sql } from 'drizzle-orm';
import type { DocumentReply } from '../../contract/register.contract';
import type { Db } from '../db/client';
import { applications, documents, domesticHelpers, familyMembers } from '../db/schema';
import { jurisdictionOf } from '../security/jurisdiction-scope';
import type { StaffIdentity } from '../security/sessions';
import { applicationsInScope } from './landlords-scope';

export type DocumentLookup =
  { ok: true; document: DocumentReply } | { ok: false; reason: 'not-found' | 'outside-jurisdiction' };

/**
 * A document an official may see: its owner (the tenant, a family member or helper of the tenant, or a
 * helper of the landlord) belongs to a live application in the official's jurisdiction. ADMIN and SUPERVISOR
 * see every document. Unknown ids are 'not-found', others 'outside-jurisdiction'.
 */
export async function documentForStaff(db: Db, staff: StaffIdentity, docid: number): Promise<DocumentLookup> {
  const [doc] = await db
    .select({
      docid: documents.docid,
      doctype: documents.doctype,
      ownerType: documents.ownerType,
      ownerId: documents.ownerId,
      contentType: documents.contentType,
      content: documents.content,
      // The tenant or landlord whose applications decide who may see the document.
      tenantId: sql<
        number | null
      >`coalesce(${documents.tenantId}, ${familyMembers.tenantId}, ${domesticHelpers.tenantId})`,
      landlordId: domesticHelpers.landlordId,
    })
    .from(documents)
    .leftJoin(familyMembers, eq(familyMembers.memberCode, documents.familyMemberCode))
    .leftJoin(domesticHelpers, eq(domesticHelpers.memberCode, documents.helperCode))
    .where(eq(documents.docid, docid));
  if (!doc) return { ok: false, reason: 'not-found' };
  if (!jurisdictionOf(staff).all) {
    const tenantId = doc.tenantId === null ? null : Number(doc.tenantId);
    const holder =
      tenantId !== null
        ? eq(applications.tenantId, tenantId)
        : doc.landlordId !== null
          ? eq(applications.landlordId, doc.landlordId)
          : undefined;
    if (!holder) return { ok: false, reason: 'outside-jurisdiction' };
    const [hit] = await db
      .select({ applid: applications.applid })
      .from(applications)
      .where(and(holder, applicationsInScope(staff)))
      .limit(1);
    if (!hit) return { ok: false, reason: 'outside-jurisdiction' };
  }
  return {
    ok: true,
    document: {
      docid: doc.docid,
      doctype: doc.doctype,
      contenttype: doc.contentType,
      base64img: doc.content.toString('base64'),
      ownerid: doc.ownerId,
      ownertype: doc.ownerType,
    },
  };
}
