import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  TENANT_MESSAGES,
  type FamilyMember,
  type FamilyMemberBody,
  type Helper,
  type HelperBody,
} from '../../contract/tenants.contract';
import type { Db } from '../db/client';
import { domesticHelpers, familyMembers } from '../db/schema';
import { HttpError } from '../http/errors';
import {
  helpersOf,
  indianDate,
  insertHelper,
  markHelperLeft,
  memberDocuments,
  type RemoveOutcome,
} from './domestic-helpers';
import { districtProblem } from './tenants-shape';

export type { RemoveOutcome };

// Family members and domestic helpers of a tenant (public-portal.md sections 3-5). A member is never deleted
// by these calls: removing one sets `left_on`, so applications that covered it keep their history. The routes
// check that the caller reaches the tenant first (tenant-scope.ts).

export async function listFamily(db: Db, tenantId: number): Promise<FamilyMember[]> {
  const rows = await db
    .select()
    .from(familyMembers)
    .where(eq(familyMembers.tenantId, tenantId))
    .orderBy(asc(familyMembers.memberCode));
  const docs = await memberDocuments(
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
  const helpers = await helpersOf(db, { ownerType: 'tenant', tenantId });
  return helpers.map((helper) => ({ ...helper, tenantId }));
}

/** Adds a helper; a district that is unknown or not in the chosen state gets the spec's "re-check" message. */
export async function addHelper(db: Db, tenantId: number, body: HelperBody): Promise<number> {
  const address = body.permanentAddress;
  const problem = await districtProblem(db, [
    { districtCode: address.district.districtCode, stateCode: address.statename.stateCode },
  ]);
  if (problem) throw new HttpError(400, `${TENANT_MESSAGES.recheck} (${problem})`);
  return insertHelper(db, { ownerType: 'tenant', tenantId }, body);
}

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
export function removeHelper(
  db: Db,
  tenantId: number,
  memberCode: number,
  now: Date,
): Promise<RemoveOutcome> {
  return markHelperLeft(db, { ownerType: 'tenant', tenantId }, memberCode, indianDate(now));
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
