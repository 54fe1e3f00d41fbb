import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { OTP_MESSAGES, PASSWORD_MIN_LENGTH, type ChangePasswordBody } from '../../contract/otp.contract';
import type { AppDeps } from '../deps';
import { sessions, users } from '../db/schema';
import { citizenOf } from '../security/citizen-guard';
import { revokeCitizenKeysOf } from '../security/citizen-keys';
import { auditOtp, refuseOtp } from '../security/otp-audit';
import { isCommonPassword } from '../security/password-policy';
import { hashPassword } from '../security/passwords';
import { openSealedSecret, SealedSecretError } from '../security/transport-key';

/**
 * Passwords refused whatever their length: the first guesses of any attacker, and the ones this portal invites
 * (its own name, the state's). A short list on purpose (docs/otp-and-citizen-keys.md, "Password policy").
 */
const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password123',
  'passw0rd',
  '12345678',
  '123456789',
  '1234567890',
  '11111111',
  '00000000',
  '87654321',
  'qwerty123',
  'qwertyuiop',
  'iloveyou',
  'abc12345',
  'abcd1234',
  'admin123',
  'welcome1',
  'welcome123',
  'letmein1',
  'changeme',
  'mrss1234',
  'mrssportal',
  'meghalaya',
  'shillong',
]);

/** Why a new password is refused, or null when it is acceptable. */
export function passwordPolicyRefusal(username: string, password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return OTP_MESSAGES.passwordTooShort;
  if (password.trim().toLowerCase() === username.trim().toLowerCase()) return OTP_MESSAGES.passwordIsUsername;
  // The short list above holds the 8- and 9-character ones; the shared list of 10,000 the longer ones.
  if (COMMON_PASSWORDS.has(password.toLowerCase()) || isCommonPassword(password))
    return OTP_MESSAGES.passwordTooCommon;
  return null;
}

/**
 * `POST process/changepassword` with a 'user' citizen key (bought with an OTP sent to the account's email). The
 * sealed password is opened first (its nonce spent whatever follows), then the key must be for this very
 * username and the password must pass the policy. The new Argon2id hash, the end of every staff session of the
 * account and of its other 'user' keys are written in one transaction: no half-changed account.
 */
export async function changePasswordByOtp(
  deps: AppDeps,
  request: FastifyRequest,
  body: ChangePasswordBody,
): Promise<{ message: string }> {
  const { clock } = deps;
  const citizen = citizenOf(request);
  const keyOwner = citizen.scope.kind === 'user' ? citizen.scope.username : null;
  const subjectKey = keyOwner ? `user:${keyOwner}` : null;
  const opened = await openSealedSecret(deps.db, body.password, clock.now()).catch((err: unknown) => {
    if (err instanceof SealedSecretError) return err;
    throw err;
  });
  if (keyOwner !== body.username) {
    return refuseOtp(deps, request, {
      status: 403,
      message: OTP_MESSAGES.otherUser,
      remark: 'Password change refused: the key was issued for another username',
      subjectKey,
    });
  }
  if (opened instanceof SealedSecretError) {
    return refuseOtp(deps, request, {
      status: 400,
      message: opened.message,
      remark: `Password change refused: ${opened.reason === 'expired' ? 'replayed or expired' : 'unreadable'} sealed password`,
      subjectKey,
    });
  }
  const policy = passwordPolicyRefusal(body.username, opened.secret);
  if (policy) {
    return refuseOtp(deps, request, {
      status: 400,
      message: policy,
      remark: 'Password change refused: the new password breaks the policy',
      subjectKey,
    });
  }

  const passwordHash = await hashPassword(opened.secret);
  const now = clock.now();
  const ended = await deps.db.transaction(async (tx) => {
    const [account] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.username, body.username), eq(users.active, true)))
      .returning({ id: users.id });
    if (!account) return null;
    const endedSessions = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, account.id), isNull(sessions.revokedAt)))
      .returning({ tokenHash: sessions.tokenHash });
    const endedKeys = await revokeCitizenKeysOf(tx, { kind: 'user', username: body.username }, now);
    return { sessions: endedSessions.length, keys: endedKeys };
  });
  if (!ended) {
    return refuseOtp(deps, request, {
      status: 404,
      message: OTP_MESSAGES.noUser,
      remark: 'Password change refused: no active account with this username',
      subjectKey,
    });
  }
  await auditOtp(
    deps,
    request,
    `Password changed by OTP; ${ended.sessions} session(s) and ${ended.keys} key(s) ended`,
    subjectKey,
    'other',
  );
  return { message: OTP_MESSAGES.passwordChanged };
}
