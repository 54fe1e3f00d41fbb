import {
  districtOf,
  jurisdictionLevelOf,
  stateOf,
  type JurisdictionLevel,
} from '../../../machines/application';
import { HttpError } from '../http/errors';
import { STATEWIDE_ROLES } from '../security/jurisdiction-scope';
import type { StaffIdentity } from '../security/sessions';

/**
 * The applications a list may show: one jurisdiction node, named by its level and code, or everything for the
 * statewide roles. Each level maps to one column with its own list index (docs/data-model.md), so a page is one
 * index range already in `applid desc` order.
 */
export type ListScope = { level: JurisdictionLevel; code: string } | { level: 'all' } | { level: 'none' };

const RANK: Record<JurisdictionLevel, number> = { state: 0, district: 1, station: 2, locality: 3, ward: 4 };

export const OUTSIDE_LIST_MESSAGE = 'You may only list the applications of your own jurisdiction.';

/** The code of `code`'s ancestor (or itself) at `level`; `code` must be at that level or below it. */
function ancestorAt(code: string, level: JurisdictionLevel): string {
  switch (level) {
    case 'state':
      return stateOf(code);
    case 'district':
      return districtOf(code);
    case 'station':
      return code.slice(0, 9);
    case 'locality':
      return code.slice(0, 13);
    case 'ward':
      return code;
  }
}

/** Does node `outer` contain node `inner` (or equal it)? */
function contains(outer: { level: JurisdictionLevel; code: string }, inner: string): boolean {
  const innerLevel = jurisdictionLevelOf(inner);
  if (!innerLevel || RANK[innerLevel] < RANK[outer.level]) return false;
  return ancestorAt(inner, outer.level) === outer.code;
}

/** Everything the official may read. A malformed usercode reads nothing: a typo never widens an account's reach. */
export function scopeOfStaff(staff: StaffIdentity): ListScope {
  if (STATEWIDE_ROLES.includes(staff.role)) return { level: 'all' };
  const level = jurisdictionLevelOf(staff.usercode);
  return level ? { level, code: staff.usercode } : { level: 'none' };
}

/** 'LA-01' names a locality of the caller's own police station (docs/jurisdiction-codes.md). */
function resolveShortLocality(staff: StaffIdentity, code: string): string {
  if (!/^LA-\d{2}$/.test(code)) return code;
  if (!staff.usercode.startsWith('PS')) {
    throw new HttpError(
      400,
      `The short locality code ${code} names a locality only for an official of a police station.`,
    );
  }
  return `${staff.usercode.slice(0, 9)}LA${code.slice(3)}`;
}

/**
 * The scope of a list whose URL names `code`. A code inside the caller's jurisdiction narrows the list to it
 * (a locality officer filtering by one of its wards); the caller's own code, or a code that contains it, leaves
 * the caller's whole jurisdiction; a code elsewhere is refused (403). The URL never widens what an official reads.
 */
export function listScopeFor(staff: StaffIdentity, rawCode: string): ListScope {
  const own = scopeOfStaff(staff);
  const code = resolveShortLocality(staff, rawCode);
  const level = jurisdictionLevelOf(code);
  if (!level) throw new HttpError(400, `${rawCode} is not a jurisdiction code.`);
  if (own.level === 'none') return own;
  if (own.level === 'all') return code === staff.usercode ? own : { level, code };
  if (contains(own, code)) return { level, code };
  if (contains({ level, code }, own.code)) return own;
  throw new HttpError(403, OUTSIDE_LIST_MESSAGE);
}
