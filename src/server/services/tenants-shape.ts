import { aliasedTable, eq, inArray } from 'drizzle-orm';
import type { Tenant, TenantAddressInput, TenantBody } from '../../contract/tenants.contract';
import type { Db } from '../db/client';
import { districts, states, tenants } from '../db/schema';

// The Tenant entity of the spec from a tenants row and back, and the district/state check of its addresses.

type TenantRow = typeof tenants.$inferSelect;

const permDistrict = aliasedTable(districts, 'perm_district');
const presDistrict = aliasedTable(districts, 'pres_district');
const permState = aliasedTable(states, 'perm_state');
const presState = aliasedTable(states, 'pres_state');

/** The tenant with both addresses' district and state names, as the spec's Tenant entity; null if absent. */
export async function loadTenant(db: Db, where: { id: number } | { epicNo: string }): Promise<Tenant | null> {
  const [row] = await db
    .select({
      tenant: tenants,
      permDistrictName: permDistrict.name,
      permStateCode: permState.code,
      permStateName: permState.name,
      presDistrictName: presDistrict.name,
      presStateCode: presState.code,
      presStateName: presState.name,
    })
    .from(tenants)
    .innerJoin(permDistrict, eq(permDistrict.code, tenants.permDistrictCode))
    .innerJoin(permState, eq(permState.code, permDistrict.stateCode))
    .innerJoin(presDistrict, eq(presDistrict.code, tenants.presDistrictCode))
    .innerJoin(presState, eq(presState.code, presDistrict.stateCode))
    .where('id' in where ? eq(tenants.id, where.id) : eq(tenants.epicNo, where.epicNo));
  if (!row) return null;
  const t: TenantRow = row.tenant;
  return {
    id: t.id,
    epicNo: t.epicNo,
    firstName: t.firstName,
    middleName: t.middleName,
    lastName: t.lastName,
    email: t.email,
    occupation: t.occupation,
    parentOrspouseName: t.parentOrSpouseName,
    nationality: t.nationality === 'Others' ? 'Others' : 'Indian',
    age: t.dateOfBirth,
    mobile: t.mobile,
    type: t.tenancyType,
    individualEpic: t.individualEpic,
    exist: true,
    permanentAddress: {
      address1: t.permAddress1,
      address2: t.permAddress2,
      pinCode: t.permPinCode,
      district: {
        districtCode: t.permDistrictCode,
        districtName: row.permDistrictName,
        statename: { stateCode: row.permStateCode, stateName: row.permStateName },
      },
    },
    presentAddress: {
      address1: t.presAddress1,
      address2: t.presAddress2,
      pinCode: t.presPinCode,
      district: {
        districtCode: t.presDistrictCode,
        districtName: row.presDistrictName,
        statename: { stateCode: row.presStateCode, stateName: row.presStateName },
      },
    },
  };
}

/**
 * Null when every (district, state) pair names a known district of that state; otherwise the message for the
 * person (the form picks the district from the chosen state's list, so a mismatch is a stale or forged form).
 */
export async function districtProblem(
  db: Db,
  pairs: { districtCode: string; stateCode: string }[],
): Promise<string | null> {
  const codes = [...new Set(pairs.map((p) => p.districtCode))];
  const found = await db
    .select({ code: districts.code, stateCode: districts.stateCode })
    .from(districts)
    .where(inArray(districts.code, codes));
  for (const pair of pairs) {
    const district = found.find((d) => d.code === pair.districtCode);
    if (!district) return `Unknown district: ${pair.districtCode}.`;
    if (district.stateCode !== pair.stateCode) {
      return `The district ${pair.districtCode} is not in the state ${pair.stateCode}.`;
    }
  }
  return null;
}

export const addressPair = (a: TenantAddressInput) => ({
  districtCode: a.district.districtCode,
  stateCode: a.district.statename.stateCode,
});

/** The columns a save writes (the tenancy type is decided by the caller: T1 on creation). */
export function tenantColumns(body: TenantBody) {
  const perm = body.permanentAddress;
  const pres = body.presentAddress;
  return {
    epicNo: body.epicNo,
    individualEpic: true,
    firstName: body.firstName,
    middleName: body.middleName,
    lastName: body.lastName,
    parentOrSpouseName: body.parentOrspouseName,
    nationality: body.nationality,
    dateOfBirth: body.age,
    occupation: body.occupation,
    mobile: body.mobile,
    email: body.email,
    permAddress1: perm.address1,
    permAddress2: perm.address2,
    permPinCode: perm.pinCode,
    permDistrictCode: perm.district.districtCode,
    presAddress1: pres.address1,
    presAddress2: pres.address2,
    presPinCode: pres.pinCode,
    presDistrictCode: pres.district.districtCode,
  };
}

/** True for PostgreSQL's unique_violation, whether the driver's error arrives bare or wrapped by drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
