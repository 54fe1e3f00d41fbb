import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { districts, documents, domesticHelpers, states, type IdProofKind } from '../db/schema';

// Domestic helpers of a tenant or of a landlord: one table (owner_type says whose), one way to add, list and
// remove them. A helper is never deleted: removing sets left_on, so applications that listed the helper keep it.

export type HelperOwner =
  { ownerType: 'tenant'; tenantId: number } | { ownerType: 'landlord'; landlordId: number };

/** What a helper form sends, for either owner (public-portal.md section 3, Domestic helper). */
export interface HelperFields {
  memberName: string;
  age: string;
  permanentAddress: {
    address1: string;
    address2?: string | null;
    pinCode: string;
    district: { districtCode: string };
  };
  presentAddress?: { pinCode?: string | null } | null;
}

/** Today's calendar date in India, yyyy-mm-dd (the date a member or helper is recorded as having left). */
export function indianDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
}

function ownedBy(owner: HelperOwner): SQL {
  return owner.ownerType === 'tenant'
    ? and(eq(domesticHelpers.ownerType, 'tenant'), eq(domesticHelpers.tenantId, owner.tenantId))!
    : and(eq(domesticHelpers.ownerType, 'landlord'), eq(domesticHelpers.landlordId, owner.landlordId))!;
}

export async function insertHelper(db: Db, owner: HelperOwner, fields: HelperFields): Promise<number> {
  const address = fields.permanentAddress;
  const [row] = await db
    .insert(domesticHelpers)
    .values({
      ...owner,
      memberName: fields.memberName,
      dateOfBirth: fields.age,
      permAddress1: address.address1,
      permAddress2: address.address2 ?? null,
      permPinCode: address.pinCode,
      permDistrictCode: address.district.districtCode,
      presPinCode: fields.presentAddress?.pinCode ?? null,
    })
    .returning({ memberCode: domesticHelpers.memberCode });
  return row.memberCode;
}

export type MemberDocument = {
  docid: number;
  doctype: string;
  contenttype: string;
  /** The declared kind of an IDENTITYPROOF; null otherwise. */
  idtype: IdProofKind | null;
};

/** The documents of family members or helpers, by member code (no content: the list screens show types only). */
export async function memberDocuments(
  db: Db,
  ownerType: 'tenantfamily' | 'tenanthelper' | 'landlordhelper',
  codes: number[],
): Promise<Map<number, MemberDocument[]>> {
  const byOwner = new Map<number, MemberDocument[]>();
  if (codes.length === 0) return byOwner;
  const rows = await db
    .select({
      ownerId: documents.ownerId,
      docid: documents.docid,
      doctype: documents.doctype,
      contenttype: documents.contentType,
      idtype: documents.idType,
    })
    .from(documents)
    .where(and(eq(documents.ownerType, ownerType), inArray(documents.ownerId, codes)))
    .orderBy(asc(documents.docid));
  for (const { ownerId, ...doc } of rows) byOwner.set(ownerId, [...(byOwner.get(ownerId) ?? []), doc]);
  return byOwner;
}

/** Every helper of the owner (active and left), oldest first, as the spec's entity, with their documents. */
export async function helpersOf(db: Db, owner: HelperOwner) {
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
    .where(ownedBy(owner))
    .orderBy(asc(domesticHelpers.memberCode));
  const docs = await memberDocuments(
    db,
    `${owner.ownerType}helper`,
    rows.map((r) => r.helper.memberCode),
  );
  return rows.map(({ helper: h, districtName, stateCode, stateName }) => ({
    memberCode: h.memberCode,
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

export type RemoveOutcome = 'removed' | 'not-found' | 'already-left';

/** Marks a helper of the owner as left on `today`; a helper already left keeps its first date. */
export async function markHelperLeft(
  db: Db,
  owner: HelperOwner,
  memberCode: number,
  today: string,
): Promise<RemoveOutcome> {
  const ofOwner = and(eq(domesticHelpers.memberCode, memberCode), ownedBy(owner));
  const done = await db
    .update(domesticHelpers)
    .set({ leftOn: today })
    .where(and(ofOwner, isNull(domesticHelpers.leftOn)))
    .returning({ memberCode: domesticHelpers.memberCode });
  if (done.length > 0) return 'removed';
  const [exists] = await db
    .select({ memberCode: domesticHelpers.memberCode })
    .from(domesticHelpers)
    .where(ofOwner);
  return exists ? 'already-left' : 'not-found';
}
