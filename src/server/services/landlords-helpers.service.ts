import { and, eq } from 'drizzle-orm';
import type { Helper, HelperInput } from '../../contract/landlords.contract';
import { LANDLORD_MESSAGES } from '../../contract/landlords.contract';
import type { Db } from '../db/client';
import { domesticHelpers } from '../db/schema';
import { HttpError } from '../http/errors';
import { helpersOf, insertHelper, markHelperLeft } from './domestic-helpers';
import { districtProblem } from './tenants-shape';

// Domestic helpers of a landlord (owner type landlord; documents of owner type landlordhelper), kept by
// domestic-helpers.ts like a tenant's.

/** Adds a helper to a landlord; the district must lie in the state named (400 otherwise, nothing written). */
export async function createLandlordHelper(db: Db, landlordId: number, input: HelperInput): Promise<number> {
  const address = input.permanentAddress;
  const problem = await districtProblem(db, [
    { districtCode: address.district.districtCode, stateCode: address.statename.stateCode },
  ]);
  if (problem) throw new HttpError(400, LANDLORD_MESSAGES.helperInvalid);
  return insertHelper(db, { ownerType: 'landlord', landlordId }, input);
}

/** Every helper of the landlord (active and left), oldest first, with their documents. */
export async function landlordHelpers(db: Db, landlordId: number): Promise<Helper[]> {
  const helpers = await helpersOf(db, { ownerType: 'landlord', landlordId });
  return helpers.map((helper) => ({ ...helper, landlordId }));
}

/** The landlord a helper works for, or null when the code names no landlord's helper. */
export async function helperLandlordId(db: Db, memberCode: number): Promise<number | null> {
  const [row] = await db
    .select({ landlordId: domesticHelpers.landlordId })
    .from(domesticHelpers)
    .where(and(eq(domesticHelpers.memberCode, memberCode), eq(domesticHelpers.ownerType, 'landlord')));
  return row?.landlordId ?? null;
}

/** Marks the landlord's helper as left on `today`; a helper already left keeps its first date. */
export async function removeLandlordHelper(
  db: Db,
  landlordId: number,
  memberCode: number,
  today: string,
): Promise<void> {
  await markHelperLeft(db, { ownerType: 'landlord', landlordId }, memberCode, today);
}
