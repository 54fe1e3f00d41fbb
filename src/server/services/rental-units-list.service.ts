import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { jurisdictionLevelOf } from '../../../machines/application/jurisdiction';
import {
  EPIC_FILTER_PATTERN,
  RENTAL_UNITS_PAGE_SIZE,
  type OfficeRentalUnit,
  type RentalUnitsPage,
  type RentalUnitsQuery,
} from '../../contract/rental-units.contract';
import { pageMeta } from '../../contract/paging';
import type { Db } from '../db/client';
import { districts, landlords, localities, policeStations, rentalUnits } from '../db/schema';
import { jurisdictionOf } from '../security/jurisdiction-scope';
import type { StaffIdentity } from '../security/sessions';
import { unitsWhere } from './rental-units-read';

// The officials' rental-units list (docs/staff-registration.md): the units (not disowned) inside the caller's
// jurisdiction, each page one ordered range of an existing index (docs/data-model.md):
// - a ward or locality official: `ward_code = ?` / `locality_code = ?` on (ward_code | locality_code, landlord_id),
//   ordered by landlord then rent code (an incremental sort on rent code inside one landlord);
// - a station, district or state official: its localities are looked up first (at most a few hundred codes), then
//   `locality_code in (...)` on (locality_code, landlord_id), which PostgreSQL reads in index order, so the page is
//   ordered by locality, landlord, rent code without sorting the whole district.
// The page's keys are found first (10 rows), then only those rows are joined to ward, station, district, landlord.

type Staff = Pick<StaffIdentity, 'role' | 'usercode'>;
interface Scope {
  where: SQL;
  order: SQL[];
}

const byLandlord = [asc(rentalUnits.landlordId), asc(rentalUnits.rentcode)];
const byLocality = [asc(rentalUnits.localityCode), ...byLandlord];

/** The localities of a station, district or state, in code order. */
async function localitiesUnder(db: Db, level: 'station' | 'district' | 'state', code: string) {
  const rows =
    level === 'station'
      ? await db
          .select({ code: localities.code })
          .from(localities)
          .where(eq(localities.policeStationCode, code))
      : await db
          .select({ code: localities.code })
          .from(localities)
          .innerJoin(policeStations, eq(policeStations.code, localities.policeStationCode))
          .innerJoin(districts, eq(districts.code, policeStations.districtCode))
          .where(level === 'district' ? eq(districts.code, code) : eq(districts.stateCode, code));
  return rows.map((r) => r.code).sort();
}

async function scopeOf(db: Db, staff: Staff): Promise<Scope> {
  const owned = isNull(rentalUnits.disownedAt);
  if (jurisdictionOf(staff).all) return { where: owned, order: byLocality };
  const code = staff.usercode;
  const level = jurisdictionLevelOf(code);
  switch (level) {
    case 'ward':
      return { where: and(eq(rentalUnits.wardCode, code), owned)!, order: byLandlord };
    case 'locality':
      return { where: and(eq(rentalUnits.localityCode, code), owned)!, order: byLandlord };
    case 'station':
    case 'district':
    case 'state': {
      const codes = await localitiesUnder(db, level, code);
      if (codes.length === 0) return { where: sql`false`, order: byLocality };
      return { where: and(inArray(rentalUnits.localityCode, codes), owned)!, order: byLocality };
    }
    default:
      // A malformed usercode reads nothing: a typo never widens an account's reach.
      return { where: sql`false`, order: byLandlord };
  }
}

/** `%`, `_` and `\` in a person's text match themselves, not any character. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The search text as SQL: an EPIC names the landlord (null: no such landlord); other text, house or address. */
async function filterOf(db: Db, q: string | undefined): Promise<SQL | undefined | null> {
  const text = q?.trim() ?? '';
  if (!text) return undefined;
  const epic = text.toUpperCase();
  if (EPIC_FILTER_PATTERN.test(epic)) {
    const [owner] = await db.select({ id: landlords.id }).from(landlords).where(eq(landlords.epicNo, epic));
    return owner ? eq(rentalUnits.landlordId, owner.id) : null;
  }
  const pattern = likePattern(text);
  return or(
    ilike(rentalUnits.houseNo, pattern),
    ilike(rentalUnits.address1, pattern),
    ilike(rentalUnits.address2, pattern),
  );
}

export async function rentalUnitsPageFor(
  db: Db,
  staff: Staff,
  query: RentalUnitsQuery,
): Promise<RentalUnitsPage> {
  const page = query.page ?? 0;
  const size = query.size ?? RENTAL_UNITS_PAGE_SIZE;
  const filter = await filterOf(db, query.q);
  if (filter === null) return { ...pageMeta(page, size, 0), content: [] };
  const scope = await scopeOf(db, staff);
  const where = and(scope.where, filter);

  const [[{ total }], keys] = await Promise.all([
    db.select({ total: count() }).from(rentalUnits).where(where),
    db
      .select({ rentcode: rentalUnits.rentcode })
      .from(rentalUnits)
      .where(where)
      .orderBy(...scope.order)
      .limit(size)
      .offset(page * size),
  ]);
  if (keys.length === 0) return { ...pageMeta(page, size, total), content: [] };

  const codes = keys.map((k) => k.rentcode);
  const units = await unitsWhere(db, inArray(rentalUnits.rentcode, codes));
  const owners = await db
    .select({
      id: landlords.id,
      epicNo: landlords.epicNo,
      firstName: landlords.firstName,
      middleName: landlords.middleName,
      lastName: landlords.lastName,
    })
    .from(landlords)
    .where(inArray(landlords.id, [...new Set(units.map((u) => u.landlordId))]));
  const ownerById = new Map(owners.map((o) => [o.id, o]));
  const unitByCode = new Map(units.map((u) => [u.rentcode, u]));
  const content: OfficeRentalUnit[] = codes.flatMap((code) => {
    const unit = unitByCode.get(code);
    const landlord = unit ? ownerById.get(unit.landlordId) : undefined;
    return unit && landlord ? [{ ...unit, landlord }] : [];
  });
  return { ...pageMeta(page, size, total), content };
}
