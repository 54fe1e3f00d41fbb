import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { jurisdictionLevelOf, type JurisdictionLevel } from '../../../machines/application/jurisdiction';
import { ROLE_LABELS, type Role } from '../../contract/roles';
import {
  LEVEL_NUMBER,
  ROLE_LEVEL,
  STAFF_USER_MESSAGES,
  type SignUpBody,
  type SignUpReply,
  usernameSkeleton,
} from '../../contract/staff-users.contract';
import type { AppDeps } from '../deps';
import type { Db } from '../db/client';
import {
  districts,
  localities,
  logRecords,
  policeStations,
  roles,
  states,
  users,
  usernameSkeletonSql,
  wards,
} from '../db/schema';
import { HttpError } from '../http/errors';
import { auditContext, auditValues } from '../security/audit-log';
import { staffOf } from '../security/auth-guard';
import { staffPasswordRefusal } from '../security/password-policy';
import { hashPassword } from '../security/passwords';
import { refuseAudited } from '../security/refusals';
import type { StaffIdentity } from '../security/sessions';
import { openSealedSecret, SealedSecretError } from '../security/transport-key';
import { isUniqueViolation } from './tenants-shape';

/** May `caller` create an account of `role` working at `usercode` (a code already known to fit the role)? */
export function mayCreate(
  caller: Pick<StaffIdentity, 'role' | 'usercode'>,
  role: Role,
  usercode: string,
): boolean {
  switch (caller.role) {
    case 'ADMIN':
      return true;
    case 'VERIFIER':
      // A locality or ward code carries its district after 'PS' (characters 3-6).
      return (
        ['SUPERMODERATOR', 'LOCALITY', 'MODERATOR'].includes(role) && usercode.slice(2, 6) === caller.usercode
      );
    case 'SUPERMODERATOR':
      return role === 'MODERATOR' && usercode.startsWith(caller.usercode);
    default:
      return false;
  }
}

/** The table that names the places of each jurisdiction level. */
export const TABLE_OF_LEVEL = {
  state: states,
  district: districts,
  station: policeStations,
  locality: localities,
  ward: wards,
} as const;

async function codeExists(db: Db, level: JurisdictionLevel, code: string): Promise<boolean> {
  const table = TABLE_OF_LEVEL[level];
  const rows = await db.select({ code: table.code }).from(table).where(eq(table.code, code)).limit(1);
  return rows.length > 0;
}

/**
 * Whether an account's username reads like `username` (the same skeleton: docs/users-admin.md "Usernames"). The
 * unique index on the skeleton refuses the second of two creates at once that both passed this check.
 */
async function readsLikeAnAccount(db: Db, username: string): Promise<boolean> {
  const [hit] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(usernameSkeletonSql(users.username), usernameSkeleton(username)))
    .limit(1);
  return Boolean(hit);
}

/**
 * POST users/sign-up. The sealed password is opened first (its nonce spent whatever follows); then the role must
 * fit the usercode's level, the caller must be allowed to create it there (an audited 403 otherwise), the code
 * must exist, and the password must pass the policy. The account and its audit record ('admin') are written in
 * one transaction; a username that reads like an existing one (any case, separators, look-alike characters) is a
 * 409 that names no account.
 */
export async function createStaffUser(
  deps: AppDeps,
  request: FastifyRequest,
  body: SignUpBody,
): Promise<SignUpReply> {
  const { clock } = deps;
  const caller = staffOf(request);
  const opened = await openSealedSecret(deps.db, body.password, clock.now()).catch((err: unknown) => {
    if (err instanceof SealedSecretError) throw new HttpError(400, `password: ${err.message}`);
    throw err;
  });
  const [entry] = body.roles;
  const role: Role = typeof entry === 'string' ? entry : entry.name;
  const level = ROLE_LEVEL[role];
  if (jurisdictionLevelOf(body.usercode) !== level) {
    throw new HttpError(400, `usercode: ${STAFF_USER_MESSAGES.roleNotForCode}`);
  }
  if (!mayCreate(caller, role, body.usercode)) {
    return refuseAudited(deps, request, STAFF_USER_MESSAGES.notYourJurisdiction);
  }
  if (!(await codeExists(deps.db, level, body.usercode))) {
    throw new HttpError(400, `usercode: ${STAFF_USER_MESSAGES.unknownCode}`);
  }
  const policy = staffPasswordRefusal(body.username, opened.secret);
  if (policy) throw new HttpError(400, `password: ${policy}`);
  if (await readsLikeAnAccount(deps.db, body.username))
    throw new HttpError(409, STAFF_USER_MESSAGES.usernameTaken);

  const passwordHash = await hashPassword(opened.secret);
  const now = clock.now();
  try {
    const created = await deps.db.transaction(async (tx) => {
      const [roleRow] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, role));
      if (!roleRow) throw new HttpError(400, `roles: ${STAFF_USER_MESSAGES.roleNotForCode}`);
      const [row] = await tx
        .insert(users)
        .values({
          username: body.username,
          email: body.email,
          passwordHash,
          usercode: body.usercode,
          roleId: roleRow.id,
          level: LEVEL_NUMBER[level],
        })
        .returning({ id: users.id, username: users.username });
      await tx.insert(logRecords).values({
        ...auditValues({
          ...auditContext(request),
          kind: 'admin',
          username: caller.username,
          remark: `Created user ${row.username} (ID ${row.id}, ${ROLE_LABELS[role]}, ${body.usercode})`,
        }),
        logdt: now,
      });
      return row;
    });
    return { message: STAFF_USER_MESSAGES.created, id: created.id, username: created.username };
  } catch (err) {
    if (isUniqueViolation(err)) throw new HttpError(409, STAFF_USER_MESSAGES.usernameTaken);
    throw err;
  }
}
