import { and, eq, sql } from 'drizzle-orm';
import { isRole } from '../../contract/roles';
import type { RoleDto, UserDto } from '../../contract/users.contract';
import type { Db } from '../db/client';
import { roles, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { NOT_ALLOWED_MESSAGE } from '../security/auth-guard';
import { isWithinJurisdiction, jurisdictionOf } from '../security/jurisdiction-scope';
import type { StaffIdentity } from '../security/sessions';

// Who may look up which account (docs/sign-in-security.md, "Account look-ups"): ADMIN and SUPERVISOR any;
// everyone else themselves and the accounts whose usercode lies inside their own jurisdiction.

const accountColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  usercode: users.usercode,
  level: users.level,
  roleId: roles.id,
  roleName: roles.name,
  rolename: roles.rolename,
};

type AccountRow = { roleId: number; roleName: string; rolename: string };

function roleOf(row: AccountRow): RoleDto[] {
  return isRole(row.roleName) ? [{ id: row.roleId, name: row.roleName, rolename: row.rolename }] : [];
}

export const USER_NOT_FOUND_MESSAGE = 'User not found';

/**
 * The roles of one account (an account holds one role; the list shape is the API's). An account outside the
 * caller's jurisdiction answers exactly like an unknown username (404), so the call cannot be used to learn
 * which usernames exist elsewhere; the refusal reaches the audit trail through the central error handler.
 */
export async function rolesOfAccount(db: Db, caller: StaffIdentity, username: string): Promise<RoleDto[]> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    // Usernames are unique regardless of case; a deleted (inactive) account is not found.
    .where(and(sql`lower(${users.username}) = lower(${username})`, eq(users.active, true)));
  const visible =
    row !== undefined &&
    (row.id === caller.userId || isWithinJurisdiction(jurisdictionOf(caller), row.usercode));
  if (!visible) throw new HttpError(404, USER_NOT_FOUND_MESSAGE);
  return roleOf(row);
}

/** Every account working under exactly this usercode (e.g. the users of a police station or locality). */
export async function accountsByUsercode(db: Db, caller: StaffIdentity, code: string): Promise<UserDto[]> {
  if (!isWithinJurisdiction(jurisdictionOf(caller), code)) throw new HttpError(403, NOT_ALLOWED_MESSAGE);
  const rows = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.usercode, code), eq(users.active, true)))
    .orderBy(users.id);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    email: row.email,
    usercode: row.usercode,
    level: row.level,
    role: roleOf(row),
  }));
}
