import type { PersonSearchResult, SearchEntity } from '../../contract/search.contract';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows-of';
import type { Caller } from '../security/caller';
import type { StaffIdentity } from '../security/sessions';
import { landlordReach } from './owner-scope';
import { idSearch, nameSearch, type PersonRow } from './search.sql';
import { reachTenant } from './tenant-scope';

// The officials' search of tenants and landlords (docs/search.md): an ID number or registration number matches
// exactly, a name by prefix and typo-tolerantly (search.sql.ts), and only people the caller may see come back.

/** An ID query: the upper-cased ID number, and the registration number when the query is all digits. */
export interface IdQuery {
  idNumber: string;
  registration: number | null;
}

/**
 * Names hold no digits, so a query with a digit is an ID number (EPIC, PAN, driving licence) or, all digits, a
 * registration number as well (a tenant's ID number may be all digits too). Spaces inside are ignored.
 */
export function idQueryOf(text: string): IdQuery | null {
  if (!/\d/.test(text)) return null;
  const idNumber = text.toUpperCase().replace(/\s+/g, '');
  const registration = /^\d{1,15}$/.test(idNumber) ? Number(idNumber) : null;
  return { idNumber, registration };
}

/** The name as search_name holds it: lower case, single spaces. */
export function nameQueryOf(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

function resultOf(row: PersonRow): PersonSearchResult {
  return {
    id: Number(row.id),
    epicNo: row.epicNo,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    age: row.age,
    mobile: row.mobile,
    occupation: row.occupation,
    permanentAddress: { address1: row.permAddress1 },
    presentAddress: { address1: row.presAddress1 },
  };
}

/**
 * Whether the caller may see this person found by its ID: the very rules of the tenant and landlord screens
 * (tenant-scope.ts reachTenant, owner-scope.ts landlordReach, docs/reach.md).
 */
async function reaches(db: Db, caller: Caller, entity: SearchEntity, id: number): Promise<boolean> {
  return entity === 'tenant'
    ? (await reachTenant(db, caller, id)) === 'ok'
    : (await landlordReach(db, caller, id)) === 'ok';
}

/** The people matching `text`, best first; an empty array when none matches inside the caller's reach. */
export async function searchPeople(
  db: Db,
  staff: StaffIdentity,
  entity: SearchEntity,
  text: string,
): Promise<PersonSearchResult[]> {
  const id = idQueryOf(text);
  if (id) {
    const found = rowsOf<PersonRow>(await db.execute(idSearch(entity, id.idNumber, id.registration)));
    const caller: Caller = { kind: 'staff', staff };
    const seen = await Promise.all(found.map((row) => reaches(db, caller, entity, Number(row.id))));
    return found.filter((_, i) => seen[i]).map(resultOf);
  }
  return rowsOf<PersonRow>(await db.execute(nameSearch(entity, staff, nameQueryOf(text)))).map(resultOf);
}
