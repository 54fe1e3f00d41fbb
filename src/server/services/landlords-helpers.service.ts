import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Helper, HelperInput } from '../../contract/landlords.contract';
import { LANDLORD_MESSAGES } from '../../contract/landlords.contract';
import type { Db } from '../db/client';
import { districts, documents, domesticHelpers, states } from '../db/schema';
import { HttpError } from '../http/errors';

// Domestic helpers of a landlord (owner type landlord; documents of owner type landlordhelper). A helper is never
// deleted: removing sets leftOn, so applications that listed the helper keep it.

/** Adds a helper to a landlord; the district must lie in the state named (400 otherwise, nothing written). */
export async function createLandlordHelper(db: Db, landlordId: number, input: HelperInput): Promise<number> {
  const address = input.permanentAddress;
  const [district] = await db
    .select({ stateCode: districts.stateCode })
    .from(districts)
    .where(eq(districts.code, address.district.districtCode));
  if (!district || district.stateCode !== address.statename.stateCode) {
    throw new HttpError(400, LANDLORD_MESSAGES.helperInvalid);
  }
  const [row] = await db
    .insert(domesticHelpers)
    .values({
      ownerType: 'landlord',
      landlordId,
      memberName: input.memberName,
      dateOfBirth: input.age,
      permAddress1: address.address1,
      permAddress2: address.address2,
      permPinCode: address.pinCode,
      permDistrictCode: address.district.districtCode,
      presPinCode: input.presentAddress?.pinCode ?? null,
    })
    .returning({ memberCode: domesticHelpers.memberCode });
  return row.memberCode;
}

/** Every helper of the landlord (active and left), oldest first, with their documents. */
export async function landlordHelpers(db: Db, landlordId: number): Promise<Helper[]> {
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
    .where(and(eq(domesticHelpers.ownerType, 'landlord'), eq(domesticHelpers.landlordId, landlordId)))
    .orderBy(asc(domesticHelpers.memberCode));
  const codes = rows.map((r) => r.helper.memberCode);
  const docs =
    codes.length === 0
      ? []
      : await db
          .select({ docid: documents.docid, doctype: documents.doctype, ownerId: documents.ownerId })
          .from(documents)
          .where(and(eq(documents.ownerType, 'landlordhelper'), inArray(documents.ownerId, codes)))
          .orderBy(asc(documents.docid));
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
    documents: docs
      .filter((d) => d.ownerId === h.memberCode)
      .map(({ docid, doctype }) => ({ docid, doctype })),
    landlordId,
  }));
}

/** The landlord a helper works for, or null when the code names no landlord's helper. */
export async function helperLandlordId(db: Db, memberCode: number): Promise<number | null> {
  const [row] = await db
    .select({ landlordId: domesticHelpers.landlordId })
    .from(domesticHelpers)
    .where(and(eq(domesticHelpers.memberCode, memberCode), eq(domesticHelpers.ownerType, 'landlord')));
  return row?.landlordId ?? null;
}

/** Marks the helper as left today; a helper already left keeps its first date. */
export async function removeLandlordHelper(db: Db, memberCode: number, today: string): Promise<void> {
  const [row] = await db
    .select({ leftOn: domesticHelpers.leftOn })
    .from(domesticHelpers)
    .where(eq(domesticHelpers.memberCode, memberCode));
  if (row?.leftOn) return;
  await db.update(domesticHelpers).set({ leftOn: today }).where(eq(domesticHelpers.memberCode, memberCode));
}
