import { and, eq, sql } from 'drizzle-orm';
import type { DocumentReply } from '../../contract/register.contract';
import type { Db } from '../db/client';
import { applications, documents, domesticHelpers, familyMembers } from '../db/schema';
import type { StaffIdentity } from '../security/sessions';
import { reachGrantingApplicationsInScope } from './landlords-scope';
import { landlordReach } from './owner-scope';
import { TENANT_READERS } from '../../contract/roles';
import { reachTenant } from './tenant-scope';

export type DocumentLookup =
  { ok: true; document: DocumentReply } | { ok: false; reason: 'not-found' | 'outside-jurisdiction' };

/**
 * A document an official may see (docs/reach.md). ADMIN and SUPERVISOR see every document. Any other official
 * sees one whose owner (the tenant, a family member or helper of the tenant) belongs to a reach-granting live
 * application in the official's jurisdiction, or a landlord's helper's document of a landlord it reaches; and an official with the tenant screens (TENANT_READERS) also sees
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
  // Every official, statewide ones too, by the facts that reach the document's person (docs/reach.md).
  const reached =
    (await heldInScope(db, staff, tenantId, doc.landlordId)) ||
    (tenantId !== null && (await reachesTenant(db, staff, tenantId)));
  if (!reached) return { ok: false, reason: 'outside-jurisdiction' };
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

/**
 * Whether the tenant has a reach-granting application in the official's jurisdiction (any official who lists
 * applications, not only TENANT_READERS), or the landlord whose helper it is lies in the official's reach
 * (owner-scope.ts). An application or unit the official made on its own never opens the person's documents.
 */
async function heldInScope(
  db: Db,
  staff: StaffIdentity,
  tenantId: number | null,
  landlordId: number | null,
): Promise<boolean> {
  if (tenantId === null) {
    return landlordId !== null && (await landlordReach(db, { kind: 'staff', staff }, landlordId)) === 'ok';
  }
  const [hit] = await db
    .select({ applid: applications.applid })
    .from(applications)
    .where(and(eq(applications.tenantId, tenantId), reachGrantingApplicationsInScope(staff)))
    .limit(1);
  return Boolean(hit);
}

/** The tenant routes' reach, for the officials who have those routes. */
async function reachesTenant(db: Db, staff: StaffIdentity, tenantId: number): Promise<boolean> {
  if (!TENANT_READERS.includes(staff.role)) return false;
  return (await reachTenant(db, { kind: 'staff', staff }, tenantId)) === 'ok';
}
