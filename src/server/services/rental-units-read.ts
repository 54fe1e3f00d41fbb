import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RentalUnit } from '../../contract/rental-units.contract';
import type { Db } from '../db/client';
import { districts, localities, policeStations, rentalUnits, wards } from '../db/schema';
import type { Caller } from '../security/caller';
import { unitsInScope } from './landlords-scope';

// Units as the spec's Rental unit entity: the ward (`la`) with its headman, police station and district.

const unitDistrict = alias(districts, 'unit_district');
const wardDistrict = alias(districts, 'ward_district');

/** Owned (not disowned) units matching `where`, in rent code order (the order they were added). */
export async function unitsWhere(db: Db, where: SQL | undefined): Promise<RentalUnit[]> {
  const rows = await db
    .select({
      unit: rentalUnits,
      unitDistrictName: unitDistrict.name,
      wardName: wards.name,
      headman: wards.headmanName,
      stationCode: policeStations.code,
      stationName: policeStations.name,
      wardDistrictCode: wardDistrict.code,
      wardDistrictName: wardDistrict.name,
    })
    .from(rentalUnits)
    .innerJoin(unitDistrict, eq(unitDistrict.code, rentalUnits.districtCode))
    .innerJoin(wards, eq(wards.code, rentalUnits.wardCode))
    .innerJoin(localities, eq(localities.code, wards.localityCode))
    .innerJoin(policeStations, eq(policeStations.code, localities.policeStationCode))
    .innerJoin(wardDistrict, eq(wardDistrict.code, policeStations.districtCode))
    .where(and(isNull(rentalUnits.disownedAt), where))
    .orderBy(asc(rentalUnits.rentcode));
  return rows.map((r) => ({
    rentcode: r.unit.rentcode,
    houseNo: r.unit.houseNo,
    floorNo: r.unit.floorNo,
    address1: r.unit.address1,
    address2: r.unit.address2,
    pinCode: r.unit.pinCode,
    district: { districtCode: r.unit.districtCode, districtName: r.unitDistrictName },
    vacant: r.unit.vacant,
    laCode: r.unit.wardCode,
    landlordId: r.unit.landlordId,
    landlordConsent: r.unit.grantsReach ? ('given' as const) : ('pending' as const),
    la: {
      localAuthorityCode: r.unit.wardCode,
      localAuthorityName: r.wardName,
      headManName: r.headman,
      ps: { policeStationName: r.stationName, policeStationCode: r.stationCode },
      dist: { districtCode: r.wardDistrictCode, districtName: r.wardDistrictName },
    },
  }));
}

/** A landlord's units as this caller may see them: all of them for its own key, those in reach for an official. */
export function unitsOfLandlordFor(db: Db, caller: Caller, landlordId: number): Promise<RentalUnit[]> {
  const own = eq(rentalUnits.landlordId, landlordId);
  return unitsWhere(db, caller.kind === 'staff' ? and(own, unitsInScope(caller.staff)) : own);
}
