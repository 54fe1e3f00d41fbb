import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  AdminLocalitiesQuery,
  AdminLocality,
  AdminStation,
  AdminWard,
  AdminWardsQuery,
  UnitUser,
} from '../../contract/jurisdiction-admin.contract';
import { isRole } from '../../contract/roles';
import type { Db } from '../db/client';
import { districts, localities, policeStations, roles, users, wards } from '../db/schema';
import type { JurisdictionScope } from '../security/jurisdiction-scope';
import { localityColumns, localityFields, wardColumns, wardFields } from './master-lookups.service';

// The staff tables of Police Stations, Localities, Sub-Localities/Wards and their Registered views: each is ONE
// request answering every unit of the caller's scope with the accounts working there (usercode = unit code).
// Scope follows the dashboard's cards (dashboard-cards.ts): a unit inside the caller's jurisdiction, or one that
// contains it, so a card's count is its table's length.

/** The unit lies inside the caller's jurisdiction, or contains it. */
export function unitInScope(code: PgColumn, scope: JurisdictionScope): SQL | undefined {
  if (scope.all) return undefined;
  return sql`(starts_with(${code}, ${scope.unitPrefix}) or starts_with(${scope.usercode}, ${code}))`;
}

/**
 * True when a filter code (district, station or locality) may be asked by the caller: it lies inside the
 * caller's jurisdiction or contains it. A district code is compared as the 'PS' + district its stations begin
 * with, as jurisdictionOf does for a district usercode.
 */
export function filterInReach(scope: JurisdictionScope, code: string): boolean {
  if (scope.all) return true;
  const unit = /^\d+$/.test(code) ? `PS${code}` : code;
  return unit.startsWith(scope.unitPrefix) || scope.unitPrefix.startsWith(unit);
}

/** The accounts of each unit code, by username. */
export async function usersOfUnits(db: Db, codes: string[]): Promise<Map<string, UnitUser[]>> {
  const byCode = new Map<string, UnitUser[]>();
  if (codes.length === 0) return byCode;
  const rows = await db
    .select({ id: users.id, username: users.username, usercode: users.usercode, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(inArray(users.usercode, codes), eq(users.active, true)))
    .orderBy(asc(users.username));
  for (const r of rows) {
    if (!isRole(r.role)) continue;
    const list = byCode.get(r.usercode) ?? [];
    list.push({ id: r.id, username: r.username, role: r.role });
    byCode.set(r.usercode, list);
  }
  return byCode;
}

/** Each unit row as its table answers it, with the accounts working there. */
async function withUnitUsers<R extends { code: string }, T>(
  db: Db,
  rows: R[],
  fields: (row: R) => T,
): Promise<Array<T & { users: UnitUser[] }>> {
  const people = await usersOfUnits(
    db,
    rows.map((r) => r.code),
  );
  return rows.map((r) => ({ ...fields(r), users: people.get(r.code) ?? [] }));
}

export async function adminStations(db: Db, scope: JurisdictionScope): Promise<AdminStation[]> {
  const rows = await db
    .select({
      code: policeStations.code,
      name: policeStations.name,
      districtCode: districts.code,
      districtName: districts.name,
    })
    .from(policeStations)
    .innerJoin(districts, eq(districts.code, policeStations.districtCode))
    .where(unitInScope(policeStations.code, scope))
    .orderBy(asc(policeStations.code));
  return withUnitUsers(db, rows, (r) => ({
    policeStationCode: r.code,
    policeStationName: r.name,
    dist: { districtCode: r.districtCode, districtName: r.districtName },
  }));
}

export async function adminLocalities(
  db: Db,
  scope: JurisdictionScope,
  filter: AdminLocalitiesQuery,
): Promise<AdminLocality[]> {
  const rows = await db
    .select(localityColumns)
    .from(localities)
    .innerJoin(policeStations, eq(policeStations.code, localities.policeStationCode))
    .where(
      and(
        unitInScope(localities.code, scope),
        filter.districtCode ? eq(policeStations.districtCode, filter.districtCode) : undefined,
        filter.policeStationCode ? eq(localities.policeStationCode, filter.policeStationCode) : undefined,
      ),
    )
    .orderBy(asc(localities.code));
  return withUnitUsers(db, rows, localityFields);
}

export async function adminWards(
  db: Db,
  scope: JurisdictionScope,
  filter: AdminWardsQuery,
): Promise<AdminWard[]> {
  const rows = await db
    .select(wardColumns)
    .from(wards)
    .innerJoin(localities, eq(localities.code, wards.localityCode))
    .innerJoin(policeStations, eq(policeStations.code, localities.policeStationCode))
    .where(
      and(
        unitInScope(wards.code, scope),
        filter.localityCode ? eq(wards.localityCode, filter.localityCode) : undefined,
        filter.policeStationCode ? eq(localities.policeStationCode, filter.policeStationCode) : undefined,
      ),
    )
    .orderBy(asc(wards.code));
  return withUnitUsers(db, rows, wardFields);
}
