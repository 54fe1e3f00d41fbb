import { eq, inArray } from 'drizzle-orm';
import {
  LANDLORD_MESSAGES,
  type Address,
  type AddressInput,
  type Landlord,
  type LandlordInput,
} from '../../contract/landlords.contract';
import type { Db } from '../db/client';
import { districts, landlords, states } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Caller } from '../security/caller';
import { unitsOfLandlordFor } from './rental-units-read';
import { fieldMessage } from './landlords-input';

// Landlord records: read (by id, registration number or EPIC), create and update (docs/landlords-api.md).
// Scope is checked by the routes through owner-scope.ts before any of these run.

type LandlordRow = typeof landlords.$inferSelect;
type DistrictInfo = { name: string; stateCode: string; stateName: string };

async function districtInfo(db: Db, codes: string[]): Promise<Map<string, DistrictInfo>> {
  const rows = await db
    .select({ code: districts.code, name: districts.name, stateCode: states.code, stateName: states.name })
    .from(districts)
    .innerJoin(states, eq(states.code, districts.stateCode))
    .where(inArray(districts.code, [...new Set(codes)]));
  return new Map(rows.map((r) => [r.code, r]));
}

function addressOf(
  info: Map<string, DistrictInfo>,
  a: { address1: string; address2: string | null; pinCode: string; districtCode: string },
): Address {
  const d = info.get(a.districtCode);
  return {
    address1: a.address1,
    address2: a.address2,
    pinCode: a.pinCode,
    district: {
      districtCode: a.districtCode,
      districtName: d?.name ?? '',
      statename: { stateCode: d?.stateCode ?? '', stateName: d?.stateName ?? '' },
    },
  };
}

/** The spec's Landlord entity, with the units this caller may see. */
export async function landlordReply(db: Db, row: LandlordRow, caller: Caller): Promise<Landlord> {
  const info = await districtInfo(db, [row.permDistrictCode, row.presDistrictCode]);
  return {
    id: row.id,
    landlord_id: row.id,
    epicNo: row.epicNo,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    occupation: row.occupation,
    mobile: row.mobile,
    email: row.email,
    permanentAddress: addressOf(info, {
      address1: row.permAddress1,
      address2: row.permAddress2,
      pinCode: row.permPinCode,
      districtCode: row.permDistrictCode,
    }),
    presentAddress: addressOf(info, {
      address1: row.presAddress1,
      address2: row.presAddress2,
      pinCode: row.presPinCode,
      districtCode: row.presDistrictCode,
    }),
    rentalUnit: await unitsOfLandlordFor(db, caller, row.id),
    exist: true,
  };
}

/** The reply for an official that found a landlord by EPIC without reaching it (docs/reach.md). */
export function withheldRecord(landlord: Landlord): Landlord {
  const blank = (a: Address): Address => ({ ...a, address1: '', address2: null, pinCode: '' });
  return {
    ...landlord,
    mobile: '',
    email: null,
    permanentAddress: blank(landlord.permanentAddress),
    presentAddress: blank(landlord.presentAddress),
    recordWithheld: true,
  };
}

export async function landlordById(db: Db, id: number): Promise<LandlordRow | null> {
  const [row] = await db.select().from(landlords).where(eq(landlords.id, id));
  return row ?? null;
}

export async function landlordByEpic(db: Db, epicNo: string): Promise<LandlordRow | null> {
  const [row] = await db.select().from(landlords).where(eq(landlords.epicNo, epicNo));
  return row ?? null;
}

type AddressName = 'permanentAddress' | 'presentAddress';
const addressesOf = (input: LandlordInput): [AddressName, AddressInput][] => [
  ['permanentAddress', input.permanentAddress],
  ['presentAddress', input.presentAddress],
];

/** Each address names a known district of the state it names (400 otherwise, nothing written). */
async function checkAddresses(db: Db, addresses: [AddressName, AddressInput][]): Promise<void> {
  const info = await districtInfo(
    db,
    addresses.map(([, a]) => a.district.districtCode),
  );
  for (const [name, a] of addresses) {
    const d = info.get(a.district.districtCode);
    const field = `${name}.district.districtCode`;
    if (!d) throw new HttpError(400, fieldMessage(field, 'District required'));
    if (d.stateCode !== a.district.statename.stateCode)
      throw new HttpError(400, fieldMessage(field, 'The district does not belong to the chosen state.'));
  }
}

function columnsOf(input: LandlordInput) {
  const p = input.permanentAddress;
  const q = input.presentAddress;
  return {
    firstName: input.firstName,
    middleName: input.middleName,
    lastName: input.lastName,
    occupation: input.occupation,
    mobile: input.mobile,
    email: input.email,
    permAddress1: p.address1,
    permAddress2: p.address2,
    permPinCode: p.pinCode,
    permDistrictCode: p.district.districtCode,
    presAddress1: q.address1,
    presAddress2: q.address2,
    presPinCode: q.pinCode,
    presDistrictCode: q.district.districtCode,
  };
}

/** A unique violation, however the driver wraps it. */
function isUniqueViolation(err: unknown): boolean {
  const code = (e: unknown) => (e as { code?: string } | null)?.code;
  return code(err) === '23505' || code((err as { cause?: unknown } | null)?.cause) === '23505';
}

/**
 * Registers a landlord; 409 when the EPIC is registered already (also when two requests race). `registeredArea`:
 * the usercode of the official registering it at the counter, null for a landlord registering itself; the
 * official's area then reaches the record (docs/reach.md).
 */
export async function createLandlord(
  db: Db,
  input: LandlordInput,
  at: { now: Date; registeredArea: string | null },
): Promise<number> {
  const { now, registeredArea } = at;
  await checkAddresses(db, addressesOf(input));
  if (await landlordByEpic(db, input.epicNo)) throw new HttpError(409, LANDLORD_MESSAGES.exists);
  try {
    const [row] = await db
      .insert(landlords)
      .values({ epicNo: input.epicNo, ...columnsOf(input), registeredArea, createdAt: now, updatedAt: now })
      .returning({ id: landlords.id });
    return row.id;
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, LANDLORD_MESSAGES.exists);
    throw err;
  }
}

/**
 * Updates the details; the EPIC is the landlord's login identity and cannot change here. The mobile and email
 * (the OTP channel) are written only when `writesChannel` (docs/otp-channel-changes.md: an official's change of
 * them is held instead).
 */
export async function updateLandlord(
  db: Db,
  row: LandlordRow,
  input: LandlordInput,
  now: Date,
  { writesChannel }: { writesChannel: boolean },
): Promise<void> {
  if (input.epicNo !== row.epicNo)
    throw new HttpError(
      400,
      fieldMessage('epicNo', 'The EPIC number of a registered landlord cannot be changed.'),
    );
  await checkAddresses(db, addressesOf(input));
  const { mobile, email, ...rest } = columnsOf(input);
  await db
    .update(landlords)
    .set({ ...rest, ...(writesChannel ? { mobile, email } : {}), updatedAt: now })
    .where(eq(landlords.id, row.id));
}
