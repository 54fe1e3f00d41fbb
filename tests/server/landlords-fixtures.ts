import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { applications, domesticHelpers, landlords, rentalUnits } from '../../src/server/db/schema';

// Bodies and row counts shared by the landlord, helper and rental-unit suites.

export const MOD_WARD = 'PS1701001LA01W01';
export const MOD2_WARD = 'PS1701001LA02W01';

const address = (line: string) => ({
  address1: line,
  address2: 'Shillong',
  pinCode: '793003',
  district: {
    districtCode: '1701',
    districtName: 'East Khasi Hills',
    statename: { stateCode: '17', stateName: 'Meghalaya' },
  },
});

/** A valid landlord body as the Basic Details form sends it. */
let epics = 0;
/** An EPIC number no other suite or run uses: `prefix` (3 letters), the process and a counter. */
export const freshEpic = (prefix = 'EPC') =>
  `${prefix}${String(process.pid % 1000).padStart(3, '0')}${String(++epics).padStart(4, '0')}`;

export function landlordBody(epicNo: string, overrides: Record<string, unknown> = {}) {
  return {
    epicNo,
    firstName: 'Iba',
    middleName: '',
    lastName: 'Kharbuli',
    occupation: 'Teacher',
    mobile: '9863012345',
    email: '',
    permanentAddress: address('Laitumkhrah Main Road'),
    presentAddress: address('Laitumkhrah Main Road'),
    ...overrides,
  };
}

export function helperBody(overrides: Record<string, unknown> = {}) {
  return {
    memberName: 'Phrang Lyngdoh',
    age: '1990-04-01',
    permanentAddress: {
      address1: 'Mawlai Mawroh',
      address2: null,
      pinCode: '793008',
      district: { districtCode: '1701' },
      statename: { stateCode: '17' },
    },
    presentAddress: { pinCode: '793003' },
    ...overrides,
  };
}

/** A new unit in a ward of station PS1701001 (district 1701), as the landlord's dialog sends it. */
export function unitBody(wardCode = MOD_WARD, overrides: Record<string, unknown> = {}) {
  return {
    houseNo: '12',
    floorNo: '1',
    address1: 'Near the church',
    address2: '',
    pinCode: '793003',
    district: { districtCode: '1701' },
    laCode: wardCode,
    la: { ps: { policeStationCode: wardCode.slice(0, 9) } },
    ...overrides,
  };
}

export async function countOf(db: Db, table: typeof landlords | typeof rentalUnits | typeof domesticHelpers) {
  const [{ n }] = await db.select({ n: count() }).from(table);
  return n;
}

/** A landlord whose every owned unit lies in `ward`, with at least one, for scope tests. */
export async function landlordOnlyIn(db: Db, ward: string): Promise<number> {
  const units = await db.select().from(rentalUnits).where(isNull(rentalUnits.disownedAt));
  const byLandlord = new Map<number, string[]>();
  for (const u of units) byLandlord.set(u.landlordId, [...(byLandlord.get(u.landlordId) ?? []), u.wardCode]);
  const found = [...byLandlord].find(([, wards]) => wards.every((w) => w === ward));
  if (!found) throw new Error(`no demo landlord with units only in ${ward}`);
  return found[0];
}

/** Live applications (not deleted, holding the unit) of a unit. */
export async function liveApplicationsOf(db: Db, rentcode: string) {
  return db
    .select()
    .from(applications)
    .where(and(eq(applications.rentcode, rentcode), isNull(applications.deletedAt)));
}
