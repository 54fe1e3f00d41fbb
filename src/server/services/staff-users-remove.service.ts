import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { STAFF_USER_MESSAGES } from '../../contract/staff-users.contract';
import type { AppDeps, Clock } from '../app';
import { logRecords, roles, sessions, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { auditContext, auditValues } from '../security/audit-log';
import { AUTH_FAILED_MESSAGE, staffOf } from '../security/auth-guard';

/** Stored instead of a deleted account's hash: no password verifies against it (argon2 cannot parse it). */
const DELETED_HASH = '!deleted';

/**
 * DELETE users/removeuser/{id} (ADMIN): the account is closed for good, not erased (docs/users-admin.md,
 * "Delete or deactivate"): it can never sign in again, its sessions end in the same transaction, its username
 * stays reserved so the usernames in application flows and log records keep naming one person.
 *
 * The last administrator cannot go: an admin cannot delete itself, and the deleting admin must still be active
 * when the deletion is written. Every active administrator's row is locked first (in id order, one lock order
 * for all), then the target's, and the caller must be among the locked admins: two admins deleting each other at
 * once run one after the other, and the second finds itself deleted (401), so one always remains.
 */
export async function removeStaffUser(
  deps: AppDeps,
  request: FastifyRequest,
  id: number,
): Promise<{ message: string }> {
  const clock: Clock = deps.clock ?? { now: () => new Date() };
  const caller = staffOf(request);
  if (id === caller.userId) throw new HttpError(409, STAFF_USER_MESSAGES.notSelf);
  const now = clock.now();
  return deps.db.transaction(async (tx) => {
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(roles.name, 'ADMIN'), eq(users.active, true)))
      .orderBy(asc(users.id))
      .for('update', { of: users });
    // The caller was deleted by another admin while this request waited: its session is over.
    if (!admins.some((admin) => admin.id === caller.userId)) throw new HttpError(401, AUTH_FAILED_MESSAGE);
    const [target] = await tx
      .select({ id: users.id, username: users.username, role: roles.name })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(and(eq(users.id, id), eq(users.active, true)))
      .for('update', { of: users });
    if (!target) throw new HttpError(404, STAFF_USER_MESSAGES.noSuchUser);
    await tx.update(users).set({ active: false, passwordHash: DELETED_HASH }).where(eq(users.id, id));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)))
      .returning({ tokenHash: sessions.tokenHash });
    await tx.insert(logRecords).values({
      ...auditValues({
        ...auditContext(request),
        kind: 'admin',
        username: caller.username,
        remark: `Deleted user ${target.username} (ID ${id}, ${target.role}); ${ended.length} session(s) ended`,
      }),
      logdt: now,
    });
    return { message: STAFF_USER_MESSAGES.deleted };
  });
}

/**
 * POST users/updateuser/{username}/{email}: a user changes its own email, an ADMIN anyone's (others: an audited
 * 403 from the route). The change is an audit record: kind 'admin' when an administrator made it.
 */
export async function updateStaffEmail(
  deps: AppDeps,
  request: FastifyRequest,
  username: string,
  email: string,
): Promise<{ message: string }> {
  const clock: Clock = deps.clock ?? { now: () => new Date() };
  const caller = staffOf(request);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ email })
      .where(and(sql`lower(${users.username}) = lower(${username})`, eq(users.active, true)))
      .returning({ id: users.id, username: users.username });
    if (!row) throw new HttpError(404, 'User not found');
    await tx.insert(logRecords).values({
      ...auditValues({
        ...auditContext(request),
        kind: caller.role === 'ADMIN' ? 'admin' : 'other',
        username: caller.username,
        remark: `Email of ${row.username} (ID ${row.id}) updated`,
      }),
      logdt: clock.now(),
    });
    return { message: STAFF_USER_MESSAGES.emailUpdated };
  });
}
