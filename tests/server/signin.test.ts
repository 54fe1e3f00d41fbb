import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import type { CaptchaReply, PublicKeyReply } from '../../src/contract/users.contract';
import { signinReplySchema } from '../../src/contract/users.contract';
import { serverKeys } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/demo-hierarchy';
import { attemptSignin, getJson, sealPassword, sealSecret } from '../support/staff-signin';
import { TEST_CAPTCHA, useTestApp } from '../support/test-app';
import { testDatabases, TEST_PASSWORD } from '../support/test-db';

describe.each(testDatabases())('staff sign-in on %s', (kind) => {
  const t = useTestApp(kind);

  it('hands out the same persisted RSA-OAEP key with a fresh nonce each time', async () => {
    const a = await getJson<PublicKeyReply>(t.app, 'users/getPublicKey');
    const b = await getJson<PublicKeyReply>(t.app, 'users/getPublicKey');
    expect(a.publicKey).toBe(b.publicKey);
    expect(a.nonce).not.toBe(b.nonce);
    expect(Date.parse(a.expiresAt) - t.clock.now().getTime()).toBe(5 * 60_000);
    const key = await crypto.subtle.importKey(
      'spki',
      Buffer.from(a.publicKey, 'base64'),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      true,
      ['encrypt'],
    );
    expect((key.algorithm as RsaHashedKeyAlgorithm).modulusLength).toBe(2048);
    // Persisted once, so every replica and every restart hands out this same key.
    const stored = await t.db.select().from(serverKeys);
    expect(stored.map((k) => [k.id, k.publicKeySpki])).toEqual([['transport', a.publicKey]]);
  });

  it('draws a PNG captcha that expires in three minutes', async () => {
    const captcha = await getJson<CaptchaReply>(t.app, 'users/getcaptcha');
    expect(captcha.contentType).toBe('image/png');
    expect(Buffer.from(captcha.image, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect(Date.parse(captcha.expiresAt) - t.clock.now().getTime()).toBe(3 * 60_000);
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.role, a] as const))(
    'signs in the seeded %s account',
    async (_role, account) => {
      const res = await attemptSignin(t.app, { username: account.username });
      expect(res.statusCode).toBe(200);
      const reply = signinReplySchema.parse(res.json());
      expect(reply).toMatchObject({
        username: account.username,
        roles: account.role,
        usercode: account.usercode,
        userlevel: account.level,
      });
      expect(reply.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const cookie = res.headers['set-cookie'] as string;
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).toContain(`Path=${API_BASE}/users/signin`);
    },
  );

  it('stores only a digest of the session token', async () => {
    const res = await attemptSignin(t.app, { username: 'verifier' });
    const { accessToken } = res.json();
    const rows = await t.db.query.sessions.findMany();
    expect(rows.some((r) => r.tokenHash === accessToken)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('refuses a wrong password and an unknown username with the same message', async () => {
    const wrong = await attemptSignin(t.app, {
      username: 'admin',
      password: 'not-the-password',
      remoteAddress: '10.1.0.1',
    });
    const unknown = await attemptSignin(t.app, { username: 'nobody-here', remoteAddress: '10.1.0.1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid username or password');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a wrong captcha and uses the captcha up', async () => {
    const { captchaId } = await getJson<CaptchaReply>(t.app, 'users/getcaptcha');
    const wrong = await attemptSignin(t.app, { username: 'admin', captchaId, captcha: 'WRONG1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid captcha. Please try again.');
    const retried = await attemptSignin(t.app, { username: 'admin', captchaId });
    expect(retried.statusCode).toBe(400);
    expect(retried.json().message).toBe('Invalid captcha. Please try again.');
  });

  it('accepts the captcha answer in any case but only once', async () => {
    const { captchaId } = await getJson<CaptchaReply>(t.app, 'users/getcaptcha');
    const first = await attemptSignin(t.app, {
      username: 'admin',
      captchaId,
      captcha: TEST_CAPTCHA.toLowerCase(),
    });
    expect(first.statusCode).toBe(200);
    const reused = await attemptSignin(t.app, { username: 'admin', captchaId });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Invalid captcha. Please try again.');
  });

  it('refuses an expired captcha', async () => {
    const { captchaId } = await getJson<CaptchaReply>(t.app, 'users/getcaptcha');
    t.clock.advance(3 * 60_000 + 1);
    const res = await attemptSignin(t.app, { username: 'admin', captchaId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid captcha. Please try again.');
  });

  it('refuses a replayed ciphertext even with a fresh captcha', async () => {
    const ciphertext = await sealPassword(t.app, TEST_PASSWORD);
    const first = await attemptSignin(t.app, { username: 'supervisor', ciphertext });
    expect(first.statusCode).toBe(200);
    const replay = await attemptSignin(t.app, { username: 'supervisor', ciphertext });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('The sign-in form has expired. Please try again.');
  });

  it('refuses a ciphertext whose nonce has expired', async () => {
    const ciphertext = await sealPassword(t.app, TEST_PASSWORD);
    t.clock.advance(5 * 60_000 + 1);
    const res = await attemptSignin(t.app, { username: 'supervisor', ciphertext });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The sign-in form has expired. Please try again.');
  });

  it('refuses a ciphertext sealed with a made-up nonce', async () => {
    const { publicKey } = await getJson<PublicKeyReply>(t.app, 'users/getPublicKey');
    const ciphertext = await sealSecret(publicKey, { nonce: 'made-up-nonce', secret: TEST_PASSWORD });
    const res = await attemptSignin(t.app, { username: 'supervisor', ciphertext });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The sign-in form has expired. Please try again.');
  });

  it.each([
    ['not base64', '%%%not-base64%%%'],
    ['too short for the key', Buffer.from('hello').toString('base64')],
    ['random bytes of the right size', Buffer.alloc(256, 7).toString('base64')],
  ])('answers 400, never 500, for a password that is %s', async (_what, ciphertext) => {
    const res = await attemptSignin(t.app, { username: 'admin', ciphertext });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The password could not be read. Please reload the page and try again.');
  });

  it.each([
    ['plain text instead of JSON', 'just the password'],
    ['JSON without a nonce', { secret: TEST_PASSWORD }],
    ['a secret of the wrong type', { nonce: 'n', secret: 12345 }],
  ])('answers 400 for a sealed payload that is %s', async (_what, payload) => {
    const { publicKey } = await getJson<PublicKeyReply>(t.app, 'users/getPublicKey');
    const ciphertext = await sealSecret(publicKey, payload);
    const res = await attemptSignin(t.app, { username: 'admin', ciphertext });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The password could not be read. Please reload the page and try again.');
  });

  const post = (payload: string | object, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: `${API_BASE}/users/signin`,
      headers: { 'content-type': contentType },
      payload,
    });
  const validBody = { username: 'admin', password: 'x', captcha: 'ABCDE', captchaId: 'id' };

  it.each([
    ['no username', { ...validBody, username: undefined }, /^username: /],
    ['an empty username', { ...validBody, username: '   ' }, /Username is required/],
    ['no password', { ...validBody, password: undefined }, /^password: /],
    ['no captcha', { ...validBody, captcha: '' }, /Captcha is required/],
    ['a numeric username', { ...validBody, username: 42 }, /^username: /],
    ['a huge username', { ...validBody, username: 'a'.repeat(100_000) }, /Username is too long/],
    ['a huge password', { ...validBody, password: 'A'.repeat(100_000) }, /Password is malformed/],
    ['an array body', [validBody], /./],
  ])('answers 400 with a clear message for a body with %s', async (_what, body, message) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const broken = await post('{"username": "admin",', 'application/json');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The request body is not valid JSON');
    const text = await post('username=admin&password=x', 'text/plain');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/expected object/);
  });
});
