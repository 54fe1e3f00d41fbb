import { eq, sql } from 'drizzle-orm';
import { isRole } from '../../contract/roles';
import { hasUnsafeText, safeForLog } from '../../contract/text-rules';
import type { SigninBody, SigninReply } from '../../contract/users.contract';
import type { Db } from '../db/client';
import { roles, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { writeAuditLog } from '../security/audit-log';
import { checkCaptcha } from '../security/captcha';
import { decoyPasswordHash, verifyPassword } from '../security/passwords';
import { createSession, type SessionLimits } from '../security/sessions';
import {
  findThrottleLock,
  releaseReservation,
  reserveAttempt,
  retryAfterMinutes,
  settleFailure,
  settleSuccess,
  throttleKeys,
} from '../security/signin-throttle';
import { loadTransportKey, openSealedSecret, SealedSecretError } from '../security/transport-key';
import { issueDeviceCookie, trustedDeviceId, type DeviceCookie } from '../security/trusted-device';

export const SIGNIN_MESSAGES = {
  badCredentials: 'Invalid username or password',
  badCaptcha: 'Invalid captcha. Please try again.',
  formExpired: 'The sign-in form has expired. Please try again.',
  unreadable: 'The password could not be read. Please reload the page and try again.',
  malformed: 'The username or captcha holds characters that are not allowed.',
  throttled: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

export interface SigninRequest {
  body: SigninBody;
  ip: string;
  /** The raw Cookie header: it may carry this account's trusted-device cookie. */
  cookieHeader: string | undefined;
  url: string;
  now: Date;
}

export interface SigninResult {
  reply: SigninReply;
  /** A fresh trusted-device cookie for this browser and account. */
  deviceCookie: DeviceCookie;
}

/**
 * Staff sign-in (docs/sign-in-security.md). The order matters:
 * 1. the sealed password's nonce and the captcha are spent first, on every attempt, so nothing seen in a
 *    refused attempt (wrong captcha, throttled, wrong password) can be replayed;
 * 2. malformed input is refused, never counted and never sent to the database;
 * 3. a read-only throttle look, then the captcha and nonce verdicts;
 * 4. the attempt is reserved (atomically against the limits), the Argon2id check runs, and the reservation
 *    is settled: a wrong password becomes a failure, anything else deletes it; a process killed before
 *    settling leaves a reservation that expires within seconds.
 * Every outcome is written to the audit trail; the password and the token never are.
 */
export async function signIn(db: Db, limits: SessionLimits, req: SigninRequest): Promise<SigninResult> {
  const { body, ip, url, now } = req;
  const username = safeForLog(body.username);
  const refuse = async (status: number, message: string, remark: string): Promise<never> => {
    await writeAuditLog(db, { kind: 'signin-failure', ip, url, username, remark, at: now });
    throw new HttpError(status, message, { audited: true });
  };

  // NUL (PostgreSQL text cannot hold it) or a lone surrogate (no UTF-8 form): the route-level text rule refuses
  // them before this runs; checked again so the sign-in is safe whoever calls it.
  const wellFormed = !hasUnsafeText(body.username) && !hasUnsafeText(body.captcha);
  const [opened, captchaOk] = await Promise.all([
    openSealedSecret(db, body.password, now).catch((err: unknown) => {
      if (err instanceof SealedSecretError) return err;
      throw err;
    }),
    checkCaptcha(db, body.captchaId, body.captcha, now, 'always'),
  ]);
  if (!wellFormed) return refuse(400, SIGNIN_MESSAGES.malformed, 'Sign-in refused: malformed request');

  const { deviceCookieSecret } = await loadTransportKey(db);
  const deviceId = trustedDeviceId(deviceCookieSecret, req.cookieHeader, body.username, now);
  const keys = throttleKeys({ username: body.username, ip, deviceId });
  // A read-only look first: a locked caller (often a flood) costs one SELECT and takes no row lock.
  const lock = await findThrottleLock(db, keys, now);
  if (lock) return refuse(429, SIGNIN_MESSAGES.throttled(retryAfterMinutes(lock)), THROTTLED_REMARK);
  if (opened instanceof SealedSecretError) {
    return opened.reason === 'expired'
      ? refuse(400, SIGNIN_MESSAGES.formExpired, 'Sign-in refused: replayed or expired password form')
      : refuse(400, SIGNIN_MESSAGES.unreadable, 'Sign-in failed: unreadable password');
  }
  if (!captchaOk)
    return refuse(400, SIGNIN_MESSAGES.badCaptcha, 'Sign-in failed: wrong, expired or reused captcha');

  const [attempt, account] = await Promise.all([
    reserveAttempt(db, keys, now),
    findAccount(db, body.username),
  ]);
  if ('lock' in attempt)
    return refuse(429, SIGNIN_MESSAGES.throttled(retryAfterMinutes(attempt.lock)), THROTTLED_REMARK);
  const { reservation } = attempt;
  let settled = false;
  try {
    // An unknown username is checked against a decoy hash: the reply takes as long as for a real account.
    const passwordOk = await verifyPassword(
      account?.passwordHash ?? (await decoyPasswordHash()),
      opened.secret,
    );
    if (!account || !passwordOk) {
      // The one outcome the throttle limits: a password was checked and was wrong.
      await settleFailure(db, reservation, now);
      settled = true;
      return await refuse(
        401,
        SIGNIN_MESSAGES.badCredentials,
        `Sign-in failed: ${account ? 'wrong password' : 'unknown username'}`,
      );
    }
    if (!account.active || !isRole(account.role)) {
      await releaseReservation(db, reservation);
      settled = true;
      return await refuse(401, SIGNIN_MESSAGES.badCredentials, 'Sign-in failed: account disabled');
    }
    const [accessToken] = await Promise.all([
      createSession(db, { userId: account.id, ip, now, limits }),
      settleSuccess(db, reservation, now).then(() => (settled = true)),
      writeAuditLog(db, {
        kind: 'signin',
        ip,
        url,
        username: account.username,
        remark: 'Signed in',
        at: now,
      }),
    ]);
    return {
      reply: {
        accessToken,
        userlevel: account.level,
        roles: account.role,
        username: account.username,
        usercode: account.usercode,
      },
      deviceCookie: issueDeviceCookie(deviceCookieSecret, account.username, now),
    };
  } finally {
    // An unexpected error must not leave the attempt counted until the reservation expires.
    if (!settled) await releaseReservation(db, reservation).catch(() => undefined);
  }
}

const THROTTLED_REMARK = 'Sign-in refused: too many failed attempts';

async function findAccount(db: Db, username: string) {
  const [account] = await db
    .select({
      id: users.id,
      username: users.username,
      usercode: users.usercode,
      level: users.level,
      active: users.active,
      passwordHash: users.passwordHash,
      role: roles.name,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    // Usernames are unique regardless of case (users_username_lower_idx), so 'Admin' signs in as 'admin'.
    .where(sql`lower(${users.username}) = lower(${username})`);
  return account;
}
