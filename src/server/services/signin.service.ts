import { eq } from 'drizzle-orm';
import { isRole } from '../../contract/roles';
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
  giveBackAttempt,
  releaseAttempt,
  reserveAttempt,
  retryAfterMinutes,
  throttleKeys,
} from '../security/signin-throttle';
import { loadTransportKey, openSealedSecret, SealedSecretError } from '../security/transport-key';
import { issueDeviceCookie, trustedDeviceId } from '../security/trusted-device';

export const SIGNIN_MESSAGES = {
  badCredentials: 'Invalid username or password',
  badCaptcha: 'Invalid captcha. Please try again.',
  formExpired: 'The sign-in form has expired. Please try again.',
  unreadable: 'The password could not be read. Please reload the page and try again.',
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
  deviceCookie: { name: string; value: string };
}

/**
 * Staff sign-in (docs/sign-in-security.md). The order matters: the throttle is checked (and the attempt
 * counted, atomically) first, then the captcha and the sealed password; only then the Argon2id check, so a
 * throttled or automated caller never costs a hash. Every outcome is written to the audit trail; the
 * password and the token never are.
 */
export async function signIn(db: Db, limits: SessionLimits, req: SigninRequest): Promise<SigninResult> {
  const { body, ip, url, now } = req;
  const audit = (remark: string) => writeAuditLog(db, { ip, url, username: body.username, remark, at: now });

  const { deviceCookieSecret } = await loadTransportKey(db);
  const deviceId = trustedDeviceId(deviceCookieSecret, req.cookieHeader, body.username, now);
  const keys = throttleKeys({ username: body.username, ip, deviceId });
  // A read-only look first: a locked caller (often a flood) costs one SELECT and takes no row lock.
  const lock = (await findThrottleLock(db, keys, now)) ?? (await reserveAttempt(db, keys, now));
  if (lock) {
    await audit('Sign-in refused: too many failed attempts');
    throw new HttpError(429, SIGNIN_MESSAGES.throttled(retryAfterMinutes(lock)));
  }
  // From here until the password check, a refusal is not a password guess: it gives the attempt back.
  const refuse = async (status: number, message: string, remark: string): Promise<never> => {
    await Promise.all([giveBackAttempt(db, keys), audit(remark)]);
    throw new HttpError(status, message);
  };

  if (!(await checkCaptcha(db, body.captchaId, body.captcha, now, 'always'))) {
    return refuse(400, SIGNIN_MESSAGES.badCaptcha, 'Sign-in failed: wrong, expired or reused captcha');
  }

  const [opened, account] = await Promise.all([
    openSealedSecret(db, body.password, now).catch((err: unknown) => {
      if (err instanceof SealedSecretError) return err;
      throw err;
    }),
    findAccount(db, body.username),
  ]);
  if (opened instanceof SealedSecretError) {
    return opened.reason === 'expired'
      ? refuse(400, SIGNIN_MESSAGES.formExpired, 'Sign-in refused: replayed or expired password form')
      : refuse(400, SIGNIN_MESSAGES.unreadable, 'Sign-in failed: unreadable password');
  }

  // An unknown username is checked against a decoy hash: the reply takes as long as for a real account.
  const passwordOk = await verifyPassword(
    account?.passwordHash ?? (await decoyPasswordHash()),
    opened.secret,
  );
  if (!account || !passwordOk || !account.active || !isRole(account.role)) {
    // The attempt stays counted: this is what the throttle limits.
    const reason = !account ? 'unknown username' : !passwordOk ? 'wrong password' : 'account disabled';
    await audit(`Sign-in failed: ${reason}`);
    throw new HttpError(401, SIGNIN_MESSAGES.badCredentials);
  }

  const [accessToken] = await Promise.all([
    createSession(db, { userId: account.id, ip, now, limits }),
    releaseAttempt(db, keys, now),
    writeAuditLog(db, { ip, url, username: account.username, remark: 'Signed in', at: now }),
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
}

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
    .where(eq(users.username, username));
  return account;
}
