import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  jurisdictionLevelOf,
  stationOf,
  type JurisdictionLevel,
} from '../../../machines/application/jurisdiction';
import { applications, districts, localities, policeStations, rentalUnits } from '../db/schema';
import { isWithinJurisdiction, jurisdictionOf } from '../security/jurisdiction-scope';
import type { StaffIdentity } from '../security/sessions';

// "Inside the caller's jurisdiction" as SQL, written so each condition is one range of an existing index
// (docs/data-model.md): equality on the code column of the caller's level where the table has one, and the
// localities of a station, district or state otherwise. No LIKE or range on codes, whose order depends on
// the database collation.

type Caller = Pick<StaffIdentity, 'role' | 'usercode'>;

/** The caller's level, or null for ADMIN and SUPERVISOR (statewide) and 'none' for a malformed usercode. */
function callerLevel(staff: Caller): JurisdictionLevel | 'none' | null {
  if (jurisdictionOf(staff).all) return null;
  return jurisdictionLevelOf(staff.usercode) ?? 'none';
}

const localitiesOfStation = (code: string) =>
  sql`(select ${localities.code} from ${localities} where ${localities.policeStationCode} = ${code})`;
const localitiesOfDistrict = (code: string) =>
  sql`(select l.code from ${localities} l join ${policeStations} p on p.code = l.police_station_code
       where p.district_code = ${code})`;
const localitiesOfState = (code: string) =>
  sql`(select l.code from ${localities} l join ${policeStations} p on p.code = l.police_station_code
       join ${districts} d on d.code = p.district_code where d.state_code = ${code})`;

/** Not-deleted applications in the caller's jurisdiction; undefined when the caller sees the whole state. */
export function applicationsInScope(staff: Caller): SQL | undefined {
  const level = callerLevel(staff);
  const code = staff.usercode;
  const live = isNull(applications.deletedAt);
  switch (level) {
    case null:
      return live;
    case 'ward':
      return and(eq(applications.wardCode, code), live);
    case 'locality':
      return and(eq(applications.localityCode, code), live);
    case 'station':
      return and(eq(applications.stationCode, code), live);
    case 'district':
      return and(eq(applications.districtCode, code), live);
    case 'state':
      return and(
        inArray(
          applications.districtCode,
          sql`(select ${districts.code} from ${districts} where ${districts.stateCode} = ${code})`,
        ),
        live,
      );
    default:
      return sql`false`;
  }
}

/**
 * Applications in the caller's jurisdiction that give reach over their tenant (docs/reach.md): an office
 * application made for a tenant the official did not reach gives reach over itself alone.
 */
export function reachGrantingApplicationsInScope(staff: Caller): SQL | undefined {
  return and(applicationsInScope(staff), eq(applications.grantsReach, true));
}

/** Rental units (still owned) lying in the area `code` names: a ward, locality, station, district or state. */
export function unitsInArea(code: string): SQL {
  const owned = isNull(rentalUnits.disownedAt);
  switch (jurisdictionLevelOf(code)) {
    case 'ward':
      return and(eq(rentalUnits.wardCode, code), owned)!;
    case 'locality':
      return and(eq(rentalUnits.localityCode, code), owned)!;
    case 'station':
      return and(inArray(rentalUnits.localityCode, localitiesOfStation(code)), owned)!;
    case 'district':
      return and(inArray(rentalUnits.localityCode, localitiesOfDistrict(code)), owned)!;
    case 'state':
      return and(inArray(rentalUnits.localityCode, localitiesOfState(code)), owned)!;
    default:
      return sql`false`;
  }
}

/** Units in the caller's jurisdiction; undefined (every owned unit) for statewide roles. */
export function unitsInScope(staff: Caller): SQL {
  return callerLevel(staff) === null ? isNull(rentalUnits.disownedAt) : unitsInArea(staff.usercode);
}

/**
 * Units in the caller's jurisdiction that give reach over their landlord (docs/reach.md): a unit an official added
 * for a landlord it did not reach gives reach over that unit alone.
 */
export function reachGrantingUnitsInScope(staff: Caller): SQL {
  return and(unitsInScope(staff), eq(rentalUnits.grantsReach, true))!;
}

export type LandlordArea = { level: 'ward' | 'locality'; code: string };
export type AreaResolution =
  { ok: true; area: LandlordArea; narrowed: boolean } | { ok: false; status: 400 | 403; message: string };

export const OUTSIDE_JURISDICTION_MESSAGE =
  'This locality or sub-locality/ward is outside your jurisdiction.';

/**
 * Resolves the landlords list's area code for this caller (docs/jurisdiction-codes.md):
 * - 'LA-NN' is locality NN of the caller's own police station (the first 9 characters of its usercode);
 * - an area inside the caller's jurisdiction is used as asked;
 * - an area that contains the caller's own (a ward officer asking for its locality) is narrowed to the
 *   caller's ward: the reply never reaches outside the jurisdiction, whatever the URL says;
 * - any other area is refused (403).
 */
export function resolveLandlordArea(staff: Caller, requested: string): AreaResolution {
  let code = requested;
  const short = /^LA-(\d{2})$/.exec(requested);
  if (short) {
    const level = jurisdictionLevelOf(staff.usercode);
    if (level !== 'station' && level !== 'locality' && level !== 'ward') {
      return {
        ok: false,
        status: 400,
        message: `${requested} names a locality of your police station, but your account is not attached to a police station. Give the full locality code (e.g. PS1701001LA01).`,
      };
    }
    code = `${stationOf(staff.usercode)}LA${short[1]}`;
  }
  const level = jurisdictionLevelOf(code);
  if (level !== 'ward' && level !== 'locality') {
    return { ok: false, status: 400, message: `${requested} is not a locality or sub-locality/ward code.` };
  }
  const scope = jurisdictionOf(staff);
  if (isWithinJurisdiction(scope, code)) return { ok: true, area: { level, code }, narrowed: false };
  const own = jurisdictionLevelOf(staff.usercode);
  if (!scope.all && own === 'ward' && staff.usercode.startsWith(code)) {
    return { ok: true, area: { level: 'ward', code: staff.usercode }, narrowed: true };
  }
  return { ok: false, status: 403, message: OUTSIDE_JURISDICTION_MESSAGE };
}
