import { and, eq, sql } from 'drizzle-orm';
import type { DocumentReply } from '../../contract/register.contract';
import type { Db } from '../db/client';
import { applications, documents, domesticHelpers, familyMembers } from '../db/schema';
import { jurisdictionOf } from '../security/jurisdiction-scope';
import type { StaffIdentity } from '../security/sessions';
import { applicationsInScope } from './landlords-scope';
import { reachTenant, TENANT_READERS } from './tenant-scope';

export type DocumentLookup =
  { ok: true; document: DocumentReply } | { ok: false; reason: 'not-found' | 'outside-jurisdiction' };

/**
 * A document an official may see. ADMIN and SUPERVISOR see every document. Any other official sees one whose
 * owner (the tenant, a family member or helper of the tenant, or a helper of the landlord) belongs to a live
 * application in the official's jurisdiction; and an official with the tenant screens (TENANT_READERS) also sees
 * the documents of a tenant it reaches by tenant-scope.ts's rule, the reach the tenant routes use: so a tenant
 * registered at the counter, with no application yet, can be checked by the official who registered it.
 * Unknown ids are 'not-found', others 'outside-jurisdiction'.
 */
export async function documentForStaff(db: Db, staff: StaffIdentity, docid: number): Promise<DocumentLookup> {
  const [doc] = await db
    .select({
      docid: documents.docid,
      doctype: documents.doctype,
      ownerType: documents.ownerType,
      ownerId: documents.ownerId,
      idType: documents.idType,
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
  const tenantId = doc.tenantId === null ? null : Number(doc.tenantId);
  if (!jurisdictionOf(staff).all) {
    const reached =
      (await heldInScope(db, staff, tenantId, doc.landlordId)) ||
      (tenantId !== null && (await reachesTenant(db, staff, tenantId)));
    if (!reached) return { ok: false, reason: 'outside-jurisdiction' };
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
      idtype: doc.idType,
    },
  };
}

/** Whether the tenant (or else the landlord) has an application in the official's jurisdiction. */
async function heldInScope(
  db: Db,
  staff: StaffIdentity,
  tenantId: number | null,
  landlordId: number | null,
): Promise<boolean> {
  const holder =
    tenantId !== null
      ? eq(applications.tenantId, tenantId)
      : landlordId !== null
        ? eq(applications.landlordId, landlordId)
        : undefined;
  if (!holder) return false;
  const [hit] = await db
    .select({ applid: applications.applid })
    .from(applications)
    .where(and(holder, applicationsInScope(staff)))
    .limit(1);
  return Boolean(hit);
}

/** The tenant routes' reach, for the officials who have those routes. */
async function reachesTenant(db: Db, staff: StaffIdentity, tenantId: number): Promise<boolean> {
  if (!TENANT_READERS.includes(staff.role)) return false;
  return (await reachTenant(db, { kind: 'staff', staff }, tenantId)) === 'ok';
}
