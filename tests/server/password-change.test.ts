import { beforeEach, describe, expect, it } from 'vitest';
import { desc, like } from 'drizzle-orm';
import { API_BASE } from '../../src/contract/api';
import { logRecords } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { otpKeyFor } from '../support/otp';
import { useSmtpTestServer } from '../support/smtp-test-server';
import { attemptSignin, bearer, sealPassword, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { TEST_PASSWORD, testDatabases } from '../support/test-db';

const NEW_PASSWORD = 'Lum-Sohpetbneng-7';

describe.each(testDatabases())('password change by OTP on %s', (kind) => {
  // A staff account's OTP is never in the readable outbox: it is mailed, and read here from a real SMTP conversation.
  const { env, received } = useSmtpTestServer();
  const t = useTestApp(kind, { env });
  beforeEach(() => t.clock.advance(25 * 60 * 60_000));

  const change = async (key: string, username: string, password: string, ciphertext?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API_BASE}/process/changepassword`,
      headers: withKey(key),
      payload: { username, password: ciphertext ?? (await sealPassword(t.app, password)) },
    });
  const rolesCall = (token: string, username: string) =>
    t.app.inject({ method: 'GET', url: `${API_BASE}/users/getroles/${username}`, headers: bearer(token) });
  const userKey = async (username: string) =>
    (
      await otpKeyFor(t.app, {
        subject: 'user',
        id: username,
        to: `${username}@mrss.example`,
        mailbox: received,
      })
    ).apiKey;

  it('changes the password, ends every session and key of the account, and the new password signs in', async () => {
    const sessions = [await signInStaff(t.app, 'moderator'), await signInStaff(t.app, 'moderator')];
    const other = await signInStaff(t.app, 'moderator2');
    const key = await userKey('moderator');
    const spareKey = await userKey('moderator');

    const changed = await change(key, 'moderator', NEW_PASSWORD);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: 'Your Password has been changed successfully!' });

    for (const session of sessions)
      expect((await rolesCall(session.accessToken, 'moderator')).statusCode).toBe(401);
    expect((await rolesCall(other.accessToken, 'moderator2')).statusCode).toBe(200);
    expect((await change(spareKey, 'moderator', 'Another-password-9')).statusCode).toBe(401);
    expect((await attemptSignin(t.app, { username: 'moderator', password: TEST_PASSWORD })).statusCode).toBe(
      401,
    );
    expect((await attemptSignin(t.app, { username: 'moderator', password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
    const lines = await t.db
      .select()
      .from(logRecords)
      .where(like(logRecords.remark, 'Password changed%'))
      .orderBy(desc(logRecords.id));
    expect(lines.map((l) => [l.username, l.remark])).toEqual([
      ['user:moderator', 'Password changed by OTP; 2 session(s) and 2 key(s) ended'],
    ]);
  });

  it('refuses a key issued for another username, after spending the sealed password', async () => {
    const key = await userKey('supervisor');
    const ciphertext = await sealPassword(t.app, NEW_PASSWORD);
    const refused = await change(key, 'admin', NEW_PASSWORD, ciphertext);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This key was issued for another username.');
    const replayed = await change(key, 'supervisor', NEW_PASSWORD, ciphertext);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe('This form has expired. Please try again.');
    expect((await attemptSignin(t.app, { username: 'admin' })).statusCode).toBe(200);
  });

  it('refuses passwords that break the policy and keeps the old one', async () => {
    const key = await userKey('verifier');
    const cases: [string, string][] = [
      ['short1!', 'The new password must have at least 8 characters.'],
      ['Verifier', 'The new password must not be the username.'],
      ['Password123', 'This password is too common. Please choose another one.'],
      // From the shared list of 10,000 (src/server/security/common-passwords.txt), any case.
      ['QwertyUIOP123', 'This password is too common. Please choose another one.'],
    ];
    for (const [password, message] of cases) {
      const refused = await change(key, 'verifier', password);
      expect(refused.statusCode, password).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    expect((await attemptSignin(t.app, { username: 'verifier' })).statusCode).toBe(200);
  });

  it('needs a live user key: none, a landlord key or a revoked one are refused', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/process/changepassword`,
      payload: { username: 'user', password: await sealPassword(t.app, NEW_PASSWORD) },
    });
    expect(none.statusCode).toBe(401);
    const landlordKey = await citizenKeyFor(t, { kind: 'landlord', landlordId: 1 });
    expect((await change(landlordKey, 'user', NEW_PASSWORD)).statusCode).toBe(403);
    const key = await userKey('user');
    t.clock.advance(31 * 60_000);
    expect((await change(key, 'user', NEW_PASSWORD)).statusCode).toBe(401);
    expect((await attemptSignin(t.app, { username: 'user' })).statusCode).toBe(200);
  });
});
