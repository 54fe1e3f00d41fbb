import type { Role } from '../../contract/roles';
import type { StaffIdentity } from './sessions';

// Jurisdiction codes are hierarchical (docs/jurisdiction-codes.md): state '17', district '1701',
// station 'PS1701001', locality 'PS1701001LA01', ward 'PS1701001LA01W01'. A station code embeds its district
// after 'PS', so a numeric (state or district) usercode reaches stations through 'PS' + usercode.

/** Roles that work at state level and see every jurisdiction. */
export const STATEWIDE_ROLES: readonly Role[] = ['ADMIN', 'SUPERVISOR'];

export type JurisdictionScope = { all: true } | { all: false; usercode: string; unitPrefix: string };

export function jurisdictionOf(staff: Pick<StaffIdentity, 'role' | 'usercode'>): JurisdictionScope {
  if (STATEWIDE_ROLES.includes(staff.role)) return { all: true };
  const numeric = /^\d+$/.test(staff.usercode);
  return {
    all: false,
    usercode: staff.usercode,
    unitPrefix: numeric ? `PS${staff.usercode}` : staff.usercode,
  };
}

/** True when `code` (a state, district, station, locality or ward code) lies inside the caller's jurisdiction. */
export function isWithinJurisdiction(scope: JurisdictionScope, code: string): boolean {
  if (scope.all) return true;
  return code.startsWith(scope.usercode) || code.startsWith(scope.unitPrefix);
}
