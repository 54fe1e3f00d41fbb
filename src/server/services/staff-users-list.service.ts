import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { isRole, ROLE_LABELS } from '../../contract/roles';
import { USERS_PAGE_SIZE, type StaffUserRow, type UsersPage } from '../../contract/staff-users.contract';
import { pageMeta } from '../../contract/paging';
import type { Db } from '../db/client';
import { roles, users } from '../db/schema';

/** LIKE's own characters in a typed filter match themselves. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * One page of the Users page's table (ADMIN): the accounts that can sign in, by id, optionally only those whose
 * username holds `username` (any case). Deleted accounts are not listed (docs/users-admin.md).
 */
export async function staffUsersPage(db: Db, page: number, username?: string): Promise<UsersPage> {
  const filters: SQL[] = [eq(users.active, true)];
  if (username)
    filters.push(sql`lower(${users.username}) like ${`%${likeLiteral(username.toLowerCase())}%`}`);
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        role: roles.name,
        usercode: users.usercode,
        email: users.email,
      })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(asc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset(page * USERS_PAGE_SIZE),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const content: StaffUserRow[] = rows.flatMap((row) =>
    isRole(row.role) ? [{ ...row, role: row.role, roleLabel: ROLE_LABELS[row.role] }] : [],
  );
  return { ...pageMeta(page, USERS_PAGE_SIZE, total), content };
}
