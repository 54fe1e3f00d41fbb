import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as passwords from '../../src/server/security/passwords';
import { THROTTLE_LIMITS, THROTTLE_WINDOW_MS } from '../../src/server/security/signin-throttle';
import { deviceCookieName } from '../../src/server/security/trusted-device';
import { attemptSignin, deviceCookieFrom } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// The real Argon2id verification, wrapped in a spy: it tells how many password hashes a request cost.
vi.mock('../../src/server/security/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/server/security/passwords')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const verifyPassword = vi.mocked(passwords.verifyPassword);

const LOCKED = /^Too many failed sign-in attempts\. Please try again in \d+ minutes?\.$/;

describe.each(testDatabases())('sign-in throttling on %s', (kind) => {
  const t = useTestApp(kind);
  let ipCounter = 0;
  /** A distinct address per test, so tests do not share the per-address counters. */
  const freshIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  beforeEach(() => verifyPassword.mockClear());

  const fail = (username: string, remoteAddress: string, cookie?: string) =>
    attemptSignin(t.app, { username, password: 'wrong-password', remoteAddress, cookie });

  it('locks an account from one address after five failures, without hashing the password', async () => {
    const ip = freshIp();
    for (let i = 0; i < THROTTLE_LIMITS.accountFromIp; i++)
      expect((await fail('moderator', ip)).statusCode).toBe(401);
    expect(verifyPassword).toHaveBeenCalledTimes(5);

    verifyPassword.mockClear();
    const locked = await attemptSignin(t.app, { username: 'moderator', remoteAddress: ip });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(LOCKED);
    expect(locked.json().message).toContain('15 minutes');
    expect(verifyPassword).not.toHaveBeenCalled();

    // Another address is not locked out by this one.
    expect((await attemptSignin(t.app, { username: 'moderator', remoteAddress: freshIp() })).statusCode).toBe(
      200,
    );
  });

  it('lifts the lock when the window has passed', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await fail('moderator2', ip);
    expect((await attemptSignin(t.app, { username: 'moderator2', remoteAddress: ip })).statusCode).toBe(429);
    t.clock.advance(THROTTLE_WINDOW_MS + 1);
    expect((await attemptSignin(t.app, { username: 'moderator2', remoteAddress: ip })).statusCode).toBe(200);
  });

  it('starts the account-and-address count afresh after a success', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await fail('locality', ip);
    expect((await attemptSignin(t.app, { username: 'locality', remoteAddress: ip })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fail('locality', ip)).statusCode).toBe(401);
    expect((await attemptSignin(t.app, { username: 'locality', remoteAddress: ip })).statusCode).toBe(200);
  });

  it('counts parallel guesses atomically: no more than five hashes get through', async () => {
    const ip = freshIp();
    const replies = await Promise.all(Array.from({ length: 12 }, () => fail('police', ip)));
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
    expect(verifyPassword).toHaveBeenCalledTimes(5);
  });

  it('locks one address that sprays many accounts', async () => {
    const ip = freshIp();
    for (let i = 0; i < THROTTLE_LIMITS.ip; i++) expect((await fail(`spray-${i}`, ip)).statusCode).toBe(401);
    verifyPassword.mockClear();
    const locked = await attemptSignin(t.app, { username: 'admin', remoteAddress: ip });
    expect(locked.statusCode).toBe(429);
    expect(verifyPassword).not.toHaveBeenCalled();
  });

  it('locks an account guessed from many addresses, except on a browser it trusts', async () => {
    // The real official signs in once and receives the trusted-device cookie.
    const first = await attemptSignin(t.app, { username: 'supermoderator2', remoteAddress: freshIp() });
    expect(first.statusCode).toBe(200);
    const trusted = deviceCookieFrom(first);

    // An attacker spreads guesses over many addresses until the account-wide limit.
    for (let i = 0; i < THROTTLE_LIMITS.account; i++)
      expect((await fail('supermoderator2', freshIp())).statusCode).toBe(401);

    verifyPassword.mockClear();
    const stranger = await attemptSignin(t.app, { username: 'supermoderator2', remoteAddress: freshIp() });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toMatch(LOCKED);
    expect(verifyPassword).not.toHaveBeenCalled();

    const official = await attemptSignin(t.app, {
      username: 'supermoderator2',
      remoteAddress: freshIp(),
      cookie: trusted,
    });
    expect(official.statusCode).toBe(200);
  });

  it('ignores a device cookie that is forged or vouches for another account', async () => {
    const verifierCookie = deviceCookieFrom(
      await attemptSignin(t.app, { username: 'verifier', remoteAddress: freshIp() }),
    );
    const userCookie = deviceCookieFrom(
      await attemptSignin(t.app, { username: 'user', remoteAddress: freshIp() }),
    );
    for (let i = 0; i < THROTTLE_LIMITS.account; i++) await fail('verifier', freshIp());

    const name = deviceCookieName('verifier');
    const userValue = userCookie.slice(userCookie.indexOf('=') + 1);
    const tampered = verifierCookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const cookie of [userCookie, `${name}=${userValue}`, tampered]) {
      expect(
        (await attemptSignin(t.app, { username: 'verifier', remoteAddress: freshIp(), cookie })).statusCode,
      ).toBe(429);
    }
    // The genuine cookie still works, so the refusals above were the cookie's fault.
    expect(
      (await attemptSignin(t.app, { username: 'verifier', remoteAddress: freshIp(), cookie: verifierCookie }))
        .statusCode,
    ).toBe(200);
  });

  it('limits guesses made with one trusted-device cookie', async () => {
    const ok = await attemptSignin(t.app, { username: 'supermoderator', remoteAddress: freshIp() });
    const cookie = deviceCookieFrom(ok);
    for (let i = 0; i < THROTTLE_LIMITS.device; i++)
      expect((await fail('supermoderator', freshIp(), cookie)).statusCode).toBe(401);
    expect(
      (await attemptSignin(t.app, { username: 'supermoderator', remoteAddress: freshIp(), cookie }))
        .statusCode,
    ).toBe(429);
  });

  it('checks the throttle before the captcha', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) await fail('admin', ip);
    const res = await attemptSignin(t.app, { username: 'admin', remoteAddress: ip, captcha: 'WRONG9' });
    expect(res.statusCode).toBe(429);
  });
});
