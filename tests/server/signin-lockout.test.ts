import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import type { CaptchaReply, PublicKeyReply, SigninBody } from '../../src/contract/users.contract';
import { logRecords, signinReservations, signinThrottle } from '../../src/server/db/schema';
import { HttpError } from '../../src/server/http/errors';
import {
  RESERVATION_TTL_MS,
  reserveAttempt,
  THROTTLE_LIMITS,
  throttleKeys,
} from '../../src/server/security/signin-throttle';
import { signIn, SIGNIN_MESSAGES } from '../../src/server/services/signin.service';
import { attemptSignin, deviceCookieFrom, getJson, sealPassword, sealSecret } from '../support/staff-signin';
import { TEST_CAPTCHA, useTestApp } from '../support/test-app';
import { testDatabases, TEST_PASSWORD } from '../support/test-db';

// Issue 8, finding 2: nobody can lock an official out without guessing passwords. Malformed requests never
// count, the official's own browser signs in from a throttled address, and a process killed between
// reserving and settling an attempt leaves nothing that lasts.

describe.each(testDatabases())('sign-in lock-out resistance on %s', (kind) => {
  const t = useTestApp(kind);
  const attempts = THROTTLE_LIMITS.accountFromIp + 1;
  let ipCounter = 0;
  /** A distinct address per case, so cases do not share the per-address counters. */
  const freshIp = () => `192.0.2.${++ipCounter}`;

  /** Failures counted against keys of this address (account-and-address, and address). */
  const failuresFrom = async (ip: string) =>
    (await t.db.select().from(signinThrottle))
      .filter((row) => row.key.endsWith(`:${ip}`))
      .reduce((sum, row) => sum + row.failures, 0);

  /** A body whose sealed password and captcha are genuine, with one field then spoilt. */
  const genuineBody = async (username: string, ip: string): Promise<SigninBody> => ({
    username,
    password: await sealPassword(t.app, TEST_PASSWORD, ip),
    captcha: TEST_CAPTCHA,
    captchaId: (await getJson<CaptchaReply>(t.app, 'users/getcaptcha', ip)).captchaId,
  });

  it.each([
    [
      'a NUL byte in the captcha id',
      (b: SigninBody) => ({ ...b, captchaId: `${b.captchaId.slice(0, 10)}\u0000` }),
    ],
    ['a NUL byte in the username', (b: SigninBody) => ({ ...b, username: `${b.username}\u0000` })],
    ['a lone surrogate in the username', (b: SigninBody) => ({ ...b, username: `${b.username}\uD800` })],
    ['a lone surrogate in the captcha', (b: SigninBody) => ({ ...b, captcha: `TEST4\uDC00` })],
    ['an oversized captcha id', (b: SigninBody) => ({ ...b, captchaId: 'x'.repeat(10_000) })],
    ['an oversized username', (b: SigninBody) => ({ ...b, username: 'm'.repeat(10_000) })],
  ])('never counts a request with %s toward a lock-out (HTTP)', async (_what, spoil) => {
    const ip = freshIp();
    for (let i = 0; i < attempts; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}/users/signin`,
        remoteAddress: ip,
        payload: spoil(await genuineBody('moderator', ip)),
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await failuresFrom(ip)).toBe(0);
    expect((await attemptSignin(t.app, { username: 'moderator', remoteAddress: ip })).statusCode).toBe(200);
  });

  // The sign-in itself, without any route-level input rule in front of it: it must be safe on its own.
  const callService = (body: SigninBody, ip: string) =>
    signIn(
      t.db,
      { idleMs: t.config.SESSION_IDLE_MS, absoluteMs: t.config.SESSION_ABSOLUTE_MS },
      { body, ip, url: `${API_BASE}/users/signin`, cookieHeader: undefined, now: t.clock.now() },
    );

  it.each([
    [
      'a NUL byte in the captcha id',
      (b: SigninBody) => ({ ...b, captchaId: `${b.captchaId}\u0000` }),
      SIGNIN_MESSAGES.badCaptcha,
    ],
    [
      'a NUL byte in the username',
      (b: SigninBody) => ({ ...b, username: `moderator2\u0000` }),
      SIGNIN_MESSAGES.malformed,
    ],
    [
      'a lone surrogate in the username',
      (b: SigninBody) => ({ ...b, username: `moderator2\uDFFF` }),
      SIGNIN_MESSAGES.malformed,
    ],
    [
      'a lone surrogate in the captcha',
      (b: SigninBody) => ({ ...b, captcha: `\uD83D${TEST_CAPTCHA}` }),
      SIGNIN_MESSAGES.malformed,
    ],
  ])('answers 400, spends the nonce and counts nothing for %s (service)', async (_what, spoil, message) => {
    const ip = freshIp();
    for (let i = 0; i < attempts; i++) {
      const body = spoil(await genuineBody('moderator2', ip));
      const refusal = await callService(body, ip).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refusal).toBeInstanceOf(HttpError);
      expect(refusal).toMatchObject({ statusCode: 400, message, audited: true });
      // The same ciphertext, now with a genuine captcha, is refused: the malformed attempt spent its nonce.
      const replay = await attemptSignin(t.app, {
        username: 'moderator2',
        ciphertext: body.password,
        remoteAddress: ip,
      });
      expect(replay.json().message).toBe(SIGNIN_MESSAGES.formExpired);
    }
    expect(await failuresFrom(ip)).toBe(0);
    // The refusals reached the log records, with the unstorable characters replaced.
    const lines = (await t.db.select().from(logRecords)).filter((r) => r.ipAddress === ip);
    expect(lines.length).toBe(2 * attempts);
    expect(lines.every((r) => !r.username?.includes('\u0000'))).toBe(true);
    expect((await attemptSignin(t.app, { username: 'moderator2', remoteAddress: ip })).statusCode).toBe(200);
  });

  it('answers 400, never 500, for a sealed payload whose nonce holds a NUL byte', async () => {
    const { publicKey } = await getJson<PublicKeyReply>(t.app, 'users/getPublicKey');
    const ciphertext = await sealSecret(publicKey, { nonce: 'abc\u0000def', secret: TEST_PASSWORD });
    const res = await attemptSignin(t.app, { username: 'admin', ciphertext, remoteAddress: '192.0.2.209' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SIGNIN_MESSAGES.unreadable);
    expect(await failuresFrom('192.0.2.209')).toBe(0);
  });

  it("signs the owner's trusted browser in from an address throttled for that account", async () => {
    const office = '198.51.100.77';
    const first = await attemptSignin(t.app, { username: 'supermoderator', remoteAddress: office });
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookieFrom(first);

    // From the same office address: the account-and-address limit, then the address-wide limit ...
    for (let i = 0; i < THROTTLE_LIMITS.accountFromIp; i++)
      await attemptSignin(t.app, { username: 'supermoderator', password: 'guess', remoteAddress: office });
    for (let i = THROTTLE_LIMITS.accountFromIp; i < THROTTLE_LIMITS.ip; i++)
      await attemptSignin(t.app, { username: `spray-${i}`, password: 'guess', remoteAddress: office });
    // ... and from elsewhere, the account-wide limit.
    for (let i = 0; i < THROTTLE_LIMITS.account; i++)
      await attemptSignin(t.app, {
        username: 'supermoderator',
        password: 'guess',
        remoteAddress: `203.0.113.${i + 1}`,
      });

    const stranger = await attemptSignin(t.app, { username: 'supermoderator', remoteAddress: office });
    expect(stranger.statusCode).toBe(429);
    const owner = await attemptSignin(t.app, { username: 'supermoderator', remoteAddress: office, cookie });
    expect(owner.statusCode).toBe(200);
  });

  it('leaves no lasting failure when a process is killed between reserving and settling', async () => {
    const office = '198.51.100.88';
    const keys = throttleKeys({ username: 'locality', ip: office, deviceId: null });
    // Eight crash-and-restart cycles: each leaves exactly what a process killed after reserving leaves (its
    // committed reservation, never settled), then the official signs in correctly once it has expired.
    for (let cycle = 0; cycle < 8; cycle++) {
      const crashed = await reserveAttempt(t.db, keys, t.clock.now());
      expect(crashed).toHaveProperty('reservation');
      t.clock.advance(RESERVATION_TTL_MS + 1);
      expect((await attemptSignin(t.app, { username: 'locality', remoteAddress: office })).statusCode).toBe(
        200,
      );
    }
    const counters = (await t.db.select().from(signinThrottle)).filter((r) =>
      keys.some((k) => k.key === r.key),
    );
    expect(counters).toHaveLength(3);
    expect(counters.every((r) => r.failures === 0)).toBe(true);
    const failedLines = (await t.db.select().from(logRecords)).filter(
      (r) => r.ipAddress === office && r.remark !== 'Signed in',
    );
    expect(failedLines).toEqual([]);
  });

  it('counts unsettled reservations until they expire, so parallel guesses cannot pass the limit', async () => {
    const office = '198.51.100.99';
    const keys = throttleKeys({ username: 'police', ip: office, deviceId: null });
    for (let i = 0; i < THROTTLE_LIMITS.accountFromIp; i++)
      expect(await reserveAttempt(t.db, keys, t.clock.now())).toHaveProperty('reservation');
    expect(await reserveAttempt(t.db, keys, t.clock.now())).toHaveProperty('lock');
    const held = await attemptSignin(t.app, { username: 'police', remoteAddress: office });
    expect(held.statusCode).toBe(429);

    t.clock.advance(RESERVATION_TTL_MS + 1);
    expect((await attemptSignin(t.app, { username: 'police', remoteAddress: office })).statusCode).toBe(200);
    const live = (await t.db.select().from(signinReservations)).filter(
      (r) => r.expiresAt.getTime() > t.clock.now().getTime(),
    );
    expect(live).toEqual([]);
  });
});
