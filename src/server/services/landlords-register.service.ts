import { pageMeta } from '../../contract/paging';
import { count, countDistinct, eq, sql, type SQL } from 'drizzle-orm';
import { LANDLORD_PAGE_SIZE, type LandlordPage, type LandlordRow } from '../../contract/register.contract';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows-of';
import { applications, landlords, localities, rentalUnits, tenants, wards } from '../db/schema';
import { jurisdictionOf } from '../security/jurisdiction-scope';
import type { StaffIdentity } from '../security/sessions';
import {
  applicationsInScope,
  reachGrantingUnitsInScope,
  unitsInArea,
  type LandlordArea,
} from './landlords-scope';

// The register's counts and the landlords-by-locality list (docs/register-api.md).

/**
 * Tenants the caller answers for: those with a (not deleted) application in the caller's jurisdiction.
 * ADMIN and SUPERVISOR count every registered tenant, with or without an application.
 */
export async function countTenants(db: Db, staff: StaffIdentity): Promise<number> {
  if (jurisdictionOf(staff).all) {
    const [row] = await db.select({ n: count() }).from(tenants);
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: countDistinct(applications.tenantId) })
    .from(applications)
    .where(applicationsInScope(staff));
  return row?.n ?? 0;
}

/**
 * Landlords with a rental unit (still owned, granting reach: docs/reach.md) in the caller's jurisdiction. ADMIN and SUPERVISOR count every
 * registered landlord.
 */
export async function countLandlords(db: Db, staff: StaffIdentity): Promise<number> {
  if (jurisdictionOf(staff).all) {
    const [row] = await db.select({ n: count() }).from(landlords);
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: countDistinct(rentalUnits.landlordId) })
    .from(rentalUnits)
    .where(reachGrantingUnitsInScope(staff));
  return row?.n ?? 0;
}

/** True when the ward or locality exists (a well-formed code may still name nothing). */
export async function areaExists(db: Db, area: LandlordArea): Promise<boolean> {
  const table = area.level === 'ward' ? wards : localities;
  const found = await db.select({ code: table.code }).from(table).where(eq(table.code, area.code)).limit(1);
  return found.length > 0;
}

/** Case-insensitive prefix of the first name, the last name or "first last"; starts_with needs no escaping. */
function nameFilter(name: string | undefined): SQL {
  if (!name) return sql`true`;
  const prefix = name.toLowerCase().replace(/\s+/g, ' ');
  return sql`(starts_with(lower(l.first_name), ${prefix}) or starts_with(lower(coalesce(l.last_name, '')), ${prefix})
    or starts_with(lower(concat_ws(' ', l.first_name, l.last_name)), ${prefix}))`;
}

// The distinct landlord ids of the area are collected first (an index-only scan of rental_units_*_idx) and
// only those few hundred landlords are sorted by name. MATERIALIZED stops the planner from walking every
// landlord in name order instead (80-900 ms at a million applications, docs/data-model.md).
// Only units that grant reach (docs/reach.md): a unit an official added for a landlord it does not reach shows in
// the units list, not here, since every row here opens the landlord's record.
const areaLandlords = (area: LandlordArea) => sql`ids as materialized (
  select distinct ${rentalUnits.landlordId} as landlord_id from ${rentalUnits}
  where ${unitsInArea(area.code)} and ${rentalUnits.grantsReach})`;

/** How many landlords have a unit in the area (and match the name filter). */
export async function countLandlordsInArea(db: Db, area: LandlordArea, name?: string): Promise<number> {
  const result = await db.execute(sql`with ${areaLandlords(area)}
    select count(*)::int as n from ${landlords} l join ids on ids.landlord_id = l.id where ${nameFilter(name)}`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** One zero-based page of the area's landlords in name order, with the paging flags the spec's screen reads. */
export async function landlordsPage(
  db: Db,
  area: LandlordArea,
  page: number,
  name?: string,
): Promise<LandlordPage> {
  const size = LANDLORD_PAGE_SIZE;
  const [total, result] = await Promise.all([
    countLandlordsInArea(db, area, name),
    db.execute(sql`with ${areaLandlords(area)}
      select l.id, l.first_name, l.middle_name, l.last_name, l.mobile, l.occupation
      from ${landlords} l join ids on ids.landlord_id = l.id
      where ${nameFilter(name)}
      order by l.first_name, l.last_name, l.id
      limit ${size} offset ${page * size}`),
  ]);
  const content: LandlordRow[] = rowsOf<RawLandlord>(result).map((r) => ({
    id: Number(r.id),
    landlord_id: Number(r.id),
    firstName: r.first_name,
    middleName: r.middle_name,
    lastName: r.last_name,
    mobile: r.mobile,
    occupation: r.occupation,
  }));
  return { content, ...pageMeta(page, size, total) };
}

interface RawLandlord {
  id: number | string;
  first_name: string;
  middle_name: string | null;
  last_name: string | null;
  mobile: string;
  occupation: string;
}
