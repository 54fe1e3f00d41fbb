import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { captchas, logRecords, transportNonces } from '../../src/server/db/schema';
import { ANONYMOUS_LIMIT, RATE_LIMITED_MESSAGE } from '../../src/server/security/anonymous-rate-limit';
import { CAPTCHA_TTL_MS } from '../../src/server/security/captcha';
import { NONCE_TTL_MS } from '../../src/server/security/transport-key';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// Issue 8, item 4: anonymous endpoints get a per-address budget, refusals reach the log records once per
// address per window, and a flood cannot grow the captcha and nonce tables without bound.

const ENDPOINTS = ['users/getcaptcha', 'users/getPublicKey'] as const;

describe.each(testDatabases())('anonymous endpoint limits on %s', (kind) => {
  const t = useTestApp(kind);
  let ipCounter = 0;
  const freshIp = () => `100.64.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const get = (path: string, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: `${API_BASE}/${path}`, remoteAddress });

  it.each(ENDPOINTS)('answers %s with 429 past the limit for one address only', async (path) => {
    const flooder = freshIp();
    for (let i = 0; i < ANONYMOUS_LIMIT.max; i++) expect((await get(path, flooder)).statusCode).toBe(200);
    const refused = await get(path, flooder);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(RATE_LIMITED_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(ANONYMOUS_LIMIT.windowMs / 1000);

    // Other addresses, and the other anonymous endpoint from this address, keep their own budgets.
    expect((await get(path, freshIp())).statusCode).toBe(200);
    const other = ENDPOINTS.find((p) => p !== path)!;
    expect((await get(other, flooder)).statusCode).toBe(200);
  });

  it('writes one audit line per address per window, however many requests it refuses', async () => {
    const flooder = freshIp();
    for (let i = 0; i < ANONYMOUS_LIMIT.max; i++) await get('users/getcaptcha', flooder);
    for (let i = 0; i < 25; i++) expect((await get('users/getcaptcha', flooder)).statusCode).toBe(429);
    const lines = (await t.db.select().from(logRecords)).filter((r) => r.ipAddress === flooder);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ url: `${API_BASE}/users/getcaptcha`, username: null });
    expect(lines[0].remark).toMatch(
      /^Refused: over 60 requests in 60 s from one address to users\/getcaptcha/,
    );
  });

  it('gives the address a new budget, and a new audit line, in the next window', async () => {
    const flooder = freshIp();
    for (let i = 0; i <= ANONYMOUS_LIMIT.max; i++) await get('users/getPublicKey', flooder);
    expect((await get('users/getPublicKey', flooder)).statusCode).toBe(429);

    t.clock.advance(ANONYMOUS_LIMIT.windowMs + 1);
    expect((await get('users/getPublicKey', flooder)).statusCode).toBe(200);
    for (let i = 1; i <= ANONYMOUS_LIMIT.max; i++) await get('users/getPublicKey', flooder);
    expect((await get('users/getPublicKey', flooder)).statusCode).toBe(429);
    const lines = (await t.db.select().from(logRecords)).filter((r) => r.ipAddress === flooder);
    expect(lines).toHaveLength(2);
  });

  it('keeps the captcha and nonce tables bounded under a flood from many addresses', async () => {
    const sizeNow = async () => ({
      captchas: (await t.db.select().from(captchas)).length,
      nonces: (await t.db.select().from(transportNonces)).length,
    });
    // What the tests above left (a few hundred rows), all expired from now on.
    const leftover = await sizeNow();
    expect(leftover.captchas + leftover.nonces).toBeGreaterThan(100);
    // Ten waves of 40 requests to each endpoint from 40 addresses, each wave after the last one expired.
    const perWave = 40;
    const sizes: { captchas: number; nonces: number }[] = [];
    for (let wave = 0; wave < 10; wave++) {
      t.clock.advance(Math.max(CAPTCHA_TTL_MS, NONCE_TTL_MS) + 1);
      for (const ip of Array.from({ length: perWave }, freshIp)) {
        expect((await get('users/getcaptcha', ip)).statusCode).toBe(200);
        expect((await get('users/getPublicKey', ip)).statusCode).toBe(200);
      }
      sizes.push(await sizeNow());
    }
    // 400 of each were issued; each issue removed up to two expired rows, so the tables never grew past what
    // they held before, and once the leftovers were gone only the live wave remains.
    for (const size of sizes) {
      expect(size.captchas).toBeLessThanOrEqual(Math.max(leftover.captchas, perWave));
      expect(size.nonces).toBeLessThanOrEqual(Math.max(leftover.nonces, perWave));
    }
    expect(sizes.slice(5)).toEqual(Array(5).fill({ captchas: perWave, nonces: perWave }));
  });
});
