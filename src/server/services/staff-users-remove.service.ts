import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type ChannelUpdateReply, updatedReply } from '../../contract/channel-changes.contract';
import { STAFF_USER_MESSAGES } from '../../contract/staff-users.contract';
import type { AppDeps } from '../deps';
import { logRecords, roles, sessions, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { auditContext, auditValues } from '../security/audit-log';
import { AUTH_FAILED_MESSAGE, staffOf } from '../security/auth-guard';
import { planChannelUpdate } from './channel-changes/channel-changes.service';

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
  const { clock } = deps;
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
 * 403 from the route). The email is the staff password-change OTP channel (docs/otp-channel-changes.md): one's
 * own change applies at once and the old address is told; an administrator's change of another account is held
 * for the waiting period, the account's current address is told, and the reply says until when.
 */
export async function updateStaffEmail(
  deps: AppDeps,
  request: FastifyRequest,
  username: string,
  email: string,
): Promise<ChannelUpdateReply> {
  const [account] = await deps.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, eq(users.active, true)));
  if (!account) throw new HttpError(404, 'User not found');
  const channel = await planChannelUpdate(
    deps,
    request,
    { kind: 'user', username: account.username },
    { email },
  );
  if (!channel) throw new HttpError(404, 'User not found');
  if (channel.writesChannel) await deps.db.update(users).set({ email }).where(eq(users.id, account.id));
  return updatedReply(STAFF_USER_MESSAGES.emailUpdated, await channel.settle(), 'staff');
}
