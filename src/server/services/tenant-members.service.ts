import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  TENANT_MESSAGES,
  type FamilyMember,
  type FamilyMemberBody,
  type Helper,
  type HelperBody,
} from '../../contract/tenants.contract';
import type { Db } from '../db/client';
import { districts, documents, domesticHelpers, familyMembers, states } from '../db/schema';
import { HttpError } from '../http/errors';
import { districtProblem } from './tenants-shape';

// Family members and domestic helpers of a tenant (public-portal.md sections 3-5). A member is never deleted
// by these calls: removing one sets `left_on`, so applications that covered it keep their history. The routes
// check that the caller reaches the tenant first (tenant-scope.ts).

type DocRef = { docid: number; doctype: string; contenttype: string };

/** Today's calendar date in India, yyyy-mm-dd (the date a member is recorded as having left). */
export function indianDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
}

async function documentsOf(
  db: Db,
  ownerType: 'tenantfamily' | 'tenanthelper',
  codes: number[],
): Promise<Map<number, DocRef[]>> {
  const byOwner = new Map<number, DocRef[]>();
  if (codes.length === 0) return byOwner;
  const rows = await db
    .select({
      ownerId: documents.ownerId,
      docid: documents.docid,
      doctype: documents.doctype,
      contenttype: documents.contentType,
    })
    .from(documents)
    .where(and(eq(documents.ownerType, ownerType), inArray(documents.ownerId, codes)))
    .orderBy(asc(documents.docid));
  for (const { ownerId, ...doc } of rows) byOwner.set(ownerId, [...(byOwner.get(ownerId) ?? []), doc]);
  return byOwner;
}

export async function listFamily(db: Db, tenantId: number): Promise<FamilyMember[]> {
  const rows = await db
    .select()
    .from(familyMembers)
    .where(eq(familyMembers.tenantId, tenantId))
    .orderBy(asc(familyMembers.memberCode));
  const docs = await documentsOf(
    db,
    'tenantfamily',
    rows.map((r) => r.memberCode),
  );
  return rows.map((r) => ({
    memberCode: r.memberCode,
    tenantId: r.tenantId,
    memberName: r.memberName,
    age: r.dateOfBirth,
    occupation: r.occupation,
    relationship: r.relationship,
    leftOn: r.leftOn,
    active: r.leftOn === null,
    documents: docs.get(r.memberCode) ?? [],
  }));
}

export async function addFamilyMember(db: Db, tenantId: number, body: FamilyMemberBody): Promise<number> {
  const [row] = await db
    .insert(familyMembers)
    .values({
      tenantId,
      memberName: body.memberName,
      dateOfBirth: body.age,
      occupation: body.occupation,
      relationship: body.relationship,
    })
    .returning({ memberCode: familyMembers.memberCode });
  return row.memberCode;
}

export async function listHelpers(db: Db, tenantId: number): Promise<Helper[]> {
  const rows = await db
    .select({
      helper: domesticHelpers,
      districtName: districts.name,
      stateCode: states.code,
      stateName: states.name,
    })
    .from(domesticHelpers)
    .innerJoin(districts, eq(districts.code, domesticHelpers.permDistrictCode))
    .innerJoin(states, eq(states.code, districts.stateCode))
    .where(eq(domesticHelpers.tenantId, tenantId))
    .orderBy(asc(domesticHelpers.memberCode));
  const docs = await documentsOf(
    db,
    'tenanthelper',
    rows.map((r) => r.helper.memberCode),
  );
  return rows.map(({ helper: h, districtName, stateCode, stateName }) => ({
    memberCode: h.memberCode,
    tenantId,
    memberName: h.memberName,
    age: h.dateOfBirth,
    permanentAddress: {
      address1: h.permAddress1,
      address2: h.permAddress2,
      pinCode: h.permPinCode,
      district: { districtCode: h.permDistrictCode, districtName },
      statename: { stateCode, stateName },
    },
    presentAddress: { pinCode: h.presPinCode },
    leftOn: h.leftOn,
    active: h.leftOn === null,
    documents: docs.get(h.memberCode) ?? [],
  }));
}

/** Adds a helper; a district that is unknown or not in the chosen state gets the spec's "re-check" message. */
export async function addHelper(db: Db, tenantId: number, body: HelperBody): Promise<number> {
  const address = body.permanentAddress;
  const problem = await districtProblem(db, [
    { districtCode: address.district.districtCode, stateCode: address.statename.stateCode },
  ]);
  if (problem) throw new HttpError(400, `${TENANT_MESSAGES.recheck} (${problem})`);
  const [row] = await db
    .insert(domesticHelpers)
    .values({
      ownerType: 'tenant',
      tenantId,
      memberName: body.memberName,
      dateOfBirth: body.age,
      permAddress1: address.address1,
      permAddress2: address.address2,
      permPinCode: address.pinCode,
      permDistrictCode: address.district.districtCode,
      presPinCode: body.presentAddress?.pinCode ?? null,
    })
    .returning({ memberCode: domesticHelpers.memberCode });
  return row.memberCode;
}

export type RemoveOutcome = 'removed' | 'not-found' | 'already-left';

/** Marks a family member of `tenantId` as left today. */
export async function removeFamilyMember(
  db: Db,
  tenantId: number,
  memberCode: number,
  now: Date,
): Promise<RemoveOutcome> {
  const ofTenant = and(eq(familyMembers.memberCode, memberCode), eq(familyMembers.tenantId, tenantId));
  const done = await db
    .update(familyMembers)
    .set({ leftOn: indianDate(now) })
    .where(and(ofTenant, isNull(familyMembers.leftOn)))
    .returning({ memberCode: familyMembers.memberCode });
  if (done.length > 0) return 'removed';
  const [exists] = await db
    .select({ memberCode: familyMembers.memberCode })
    .from(familyMembers)
    .where(ofTenant);
  return exists ? 'already-left' : 'not-found';
}

/** Marks a helper of `tenantId` as left today. */
export async function removeHelper(
  db: Db,
  tenantId: number,
  memberCode: number,
  now: Date,
): Promise<RemoveOutcome> {
  const ofTenant = and(eq(domesticHelpers.memberCode, memberCode), eq(domesticHelpers.tenantId, tenantId));
  const done = await db
    .update(domesticHelpers)
    .set({ leftOn: indianDate(now) })
    .where(and(ofTenant, isNull(domesticHelpers.leftOn)))
    .returning({ memberCode: domesticHelpers.memberCode });
  if (done.length > 0) return 'removed';
  const [exists] = await db
    .select({ memberCode: domesticHelpers.memberCode })
    .from(domesticHelpers)
    .where(ofTenant);
  return exists ? 'already-left' : 'not-found';
}

/** The tenant a family member or a tenant's helper belongs to, or null (also for a landlord's helper). */
export async function tenantOfMember(
  db: Db,
  kind: 'family' | 'helper',
  memberCode: number,
): Promise<number | null> {
  if (kind === 'family') {
    const [row] = await db
      .select({ tenantId: familyMembers.tenantId })
      .from(familyMembers)
      .where(eq(familyMembers.memberCode, memberCode));
    return row?.tenantId ?? null;
  }
  const [row] = await db
    .select({ tenantId: domesticHelpers.tenantId })
    .from(domesticHelpers)
    .where(eq(domesticHelpers.memberCode, memberCode));
  return row?.tenantId ?? null;
}
