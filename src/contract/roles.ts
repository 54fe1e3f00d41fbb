import { STAFF_ROLES, type StaffRole } from '../../machines/application/staff-roles';

/**
 * Role codes held in a session. POLICE and LOCALITY are the police-station and locality users. The lifecycle
 * machine names them (the dependency runs machines <- contract), so the contract takes its list from there.
 */
export const ROLES = STAFF_ROLES;
export type Role = StaffRole;

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Administrator',
  VERIFIER: 'Verifier',
  MODERATOR: 'Sub-Locality/Ward Officer',
  SUPERMODERATOR: 'Locality Officer',
  SUPERVISOR: 'Supervisor',
  USER: 'User',
  POLICE: 'Police Station User',
  LOCALITY: 'Locality User',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Officials who register landlords and their units: the roles that start applications (backoffice.md 1, 2). */
export const LANDLORD_STAFF_ROLES: readonly Role[] = ['MODERATOR', 'SUPERMODERATOR', 'VERIFIER', 'USER'];
/** The officials' vacancy update (public-portal.md section 6: "a different path for the vacancy update"). */
export const VACANCY_STAFF_ROLES: readonly Role[] = ['MODERATOR', 'SUPERMODERATOR'];
/** Officials who open tenant records (public-portal.md section 6). */
export const TENANT_READERS: readonly Role[] = ['MODERATOR', 'SUPERMODERATOR', 'VERIFIER'];
/** Officials who create tenants, family members, helpers and documents. */
export const TENANT_WRITERS: readonly Role[] = ['MODERATOR', 'SUPERMODERATOR'];
/** The spec lets VERIFIER remove helpers and family members as well. */
export const MEMBER_REMOVERS: readonly Role[] = ['MODERATOR', 'SUPERMODERATOR', 'VERIFIER'];
/** Who settles a contested record at the counter: the locality officer, above the ward (docs/otp-channel-changes.md). */
export const CONTEST_SETTLERS: readonly Role[] = ['SUPERMODERATOR'];
/** Who reads the insights: the analysts of the design card (docs/insights.md, "Who"). */
export const INSIGHTS_ROLES: readonly Role[] = ['VERIFIER', 'SUPERVISOR', 'ADMIN'];
/** Who creates staff accounts, each within its reach (docs/users-admin.md, "Who may create whom"). */
export const STAFF_CREATOR_ROLES: readonly Role[] = ['ADMIN', 'VERIFIER', 'SUPERMODERATOR'];
