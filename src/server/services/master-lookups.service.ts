import { and, asc, eq, type SQL } from 'drizzle-orm';
import type {
  DistrictRow,
  LocalAuthorityRow,
  LocalityRow,
  PoliceStationRow,
  StateRow,
} from '../../contract/master.contract';
import type { Db } from '../db/client';
import {
  districts,
  localities,
  occupations,
  policeStations,
  relationshipTypes,
  states,
  tenancyTypes,
  wards,
} from '../db/schema';

// The public reference lists (docs/landlords-api.md, "Lookups"). Each list is small (at most a few thousand
// wards in a state), read whole and ordered by code or name so the pickers show a stable order.

export async function listStates(db: Db): Promise<StateRow[]> {
  const rows = await db.select().from(states).orderBy(asc(states.name));
  return rows.map((s) => ({ stateCode: s.code, stateName: s.name }));
}

export async function listDistricts(db: Db, stateCode: string): Promise<DistrictRow[]> {
  const rows = await db
    .select()
    .from(districts)
    .where(eq(districts.stateCode, stateCode))
    .orderBy(asc(districts.code));
  return rows.map((d) => ({ districtCode: d.code, districtName: d.name }));
}

export async function listOccupations(db: Db): Promise<{ value: string }[]> {
  return db.select({ value: occupations.value }).from(occupations).orderBy(asc(occupations.id));
}

export async function listRelationshipTypes(db: Db): Promise<{ value: string }[]> {
  return db
    .select({ value: relationshipTypes.value })
    .from(relationshipTypes)
    .orderBy(asc(relationshipTypes.id));
}

export async function listTenancyTypes(db: Db): Promise<{ tenancyCode: string; type: string }[]> {
  return db
    .select({ tenancyCode: tenancyTypes.code, type: tenancyTypes.type })
    .from(tenancyTypes)
    .orderBy(asc(tenancyTypes.code));
}

const stationColumns = {
  code: policeStations.code,
  name: policeStations.name,
  districtCode: districts.code,
  districtName: districts.name,
  stateCode: districts.stateCode,
};

export async function listPoliceStations(
  db: Db,
  filter: { districtCode?: string; code?: string },
): Promise<PoliceStationRow[]> {
  const conditions: SQL[] = [];
  if (filter.districtCode) conditions.push(eq(policeStations.districtCode, filter.districtCode));
  if (filter.code) conditions.push(eq(policeStations.code, filter.code));
  const rows = await db
    .select(stationColumns)
    .from(policeStations)
    .innerJoin(districts, eq(districts.code, policeStations.districtCode))
    .where(and(...conditions))
    .orderBy(asc(policeStations.code));
  return rows.map((r) => ({
    policeStationCode: r.code,
    policeStationName: r.name,
    dist: { districtCode: r.districtCode, districtName: r.districtName, stateCode: r.stateCode },
  }));
}

/** A locality with its police station: the columns read and the fields answered (also the staff tables'). */
export const localityColumns = {
  code: localities.code,
  name: localities.name,
  headman: localities.headmanName,
  stationCode: policeStations.code,
  stationName: policeStations.name,
};

export function localityFields(r: {
  code: string;
  name: string;
  headman: string;
  stationCode: string;
  stationName: string;
}) {
  return {
    localityCode: r.code,
    localityName: r.name,
    headManName: r.headman,
    ps: { policeStationCode: r.stationCode, policeStationName: r.stationName },
  };
}

/** A sub-locality/ward with its locality and police station: the columns read and the fields answered. */
export const wardColumns = {
  code: wards.code,
  name: wards.name,
  headman: wards.headmanName,
  localityCode: localities.code,
  localityName: localities.name,
  stationCode: policeStations.code,
  stationName: policeStations.name,
};

export function wardFields(r: {
  code: string;
  name: string;
  headman: string;
  localityCode: string;
  localityName: string;
  stationCode: string;
  stationName: string;
}) {
  return {
    localAuthorityCode: r.code,
    localAuthorityName: r.name,
    headManName: r.headman,
    area: r.localityCode,
    localityName: r.localityName,
    ps: { policeStationCode: r.stationCode, policeStationName: r.stationName },
  };
}

export async function listLocalities(
  db: Db,
  filter: { districtCode?: string; policeStationCode?: string; code?: string },
): Promise<LocalityRow[]> {
  const conditions: SQL[] = [];
  if (filter.districtCode) conditions.push(eq(policeStations.districtCode, filter.districtCode));
  if (filter.policeStationCode) conditions.push(eq(localities.policeStationCode, filter.policeStationCode));
  if (filter.code) conditions.push(eq(localities.code, filter.code));
  const rows = await db
    .select({ ...localityColumns, districtCode: districts.code, districtName: districts.name })
    .from(localities)
    .innerJoin(policeStations, eq(policeStations.code, localities.policeStationCode))
    .innerJoin(districts, eq(districts.code, policeStations.districtCode))
    .where(and(...conditions))
    .orderBy(asc(localities.code));
  return rows.map((r) => ({
    ...localityFields(r),
    dist: { districtCode: r.districtCode, districtName: r.districtName },
  }));
}

/** Sub-localities/wards with their locality, station and district, filtered as the pickers ask. */
export async function listLocalAuthorities(
  db: Db,
  filter: { policeStationCode?: string; localityCode?: string; code?: string },
): Promise<LocalAuthorityRow[]> {
  const conditions: SQL[] = [];
  if (filter.policeStationCode) conditions.push(eq(localities.policeStationCode, filter.policeStationCode));
  if (filter.localityCode) conditions.push(eq(wards.localityCode, filter.localityCode));
  if (filter.code) conditions.push(eq(wards.code, filter.code));
  const rows = await db
    .select({ ...wardColumns, districtCode: districts.code, districtName: districts.name })
    .from(wards)
    .innerJoin(localities, eq(localities.code, wards.localityCode))
    .innerJoin(policeStations, eq(policeStations.code, localities.policeStationCode))
    .innerJoin(districts, eq(districts.code, policeStations.districtCode))
    .where(and(...conditions))
    .orderBy(asc(wards.code));
  return rows.map((r) => ({
    ...wardFields(r),
    dist: { districtCode: r.districtCode, districtName: r.districtName },
  }));
}
