import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { loadConfig } from '../../src/server/config';
import { logRecords } from '../../src/server/db/schema';
import { clientIp } from '../../src/server/security/client-ip';
import { startTestApp, type TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// Issue 20, section 3: TRUST_PROXY=true believed every hop of X-Forwarded-For, so a client that wrote
// 'X-Forwarded-For: 6.6.6.6' became 6.6.6.6 for the sign-in and OTP limits and in the log records.

const PROXY = '10.0.0.9';
const REAL_CLIENT = '203.0.113.7';
const SPOOFED = '6.6.6.6';
/** What one proxy forwards when the client sent its own header: the proxy appends the address it saw. */
const forwardedThroughOneProxy = { 'x-forwarded-for': `${SPOOFED}, ${REAL_CLIENT}` };

describe('TRUST_PROXY settings', () => {
  it('refuses true at start and says what to write instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: must not be true.*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8,192\.168\.1\.5/,
    );
  });

  it('reads false (the default), a hop count, and addresses or CIDR ranges', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
    ]);
  });

  it.each(['yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.1/8/2'])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: not a hop count/);
  });
});

describe.each(testDatabases())('client address behind trusted proxies on %s', (kind) => {
  const apps: Record<string, TestApp & { close(): Promise<void> }> = {};
  const probe = (name: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    apps[name].app.inject({ method: 'GET', url: '/probe/ip', remoteAddress, headers });

  beforeAll(async () => {
    const settings = { none: 'false', oneHop: '1', proxyList: `${PROXY},192.168.0.0/16` };
    for (const [name, TRUST_PROXY] of Object.entries(settings)) {
      apps[name] = await startTestApp(kind, {
        env: { TRUST_PROXY },
        extend: (app) => app.get('/probe/ip', async (request) => ({ ip: clientIp(request) })),
      });
    }
  });
  afterAll(async () => {
    for (const app of Object.values(apps)) await app.close();
  });

  it('with one trusted hop, believes the address the proxy saw and not what the client wrote', async () => {
    const reply = await probe('oneHop', PROXY, forwardedThroughOneProxy);
    expect(reply.json().ip).toBe(REAL_CLIENT);
  });

  it('with a list of proxies, reads the header only through those proxies', async () => {
    expect((await probe('proxyList', PROXY, forwardedThroughOneProxy)).json().ip).toBe(REAL_CLIENT);
    // A client reaching the server directly (not through a listed proxy) is its socket address, whatever it writes.
    expect((await probe('proxyList', REAL_CLIENT, { 'x-forwarded-for': SPOOFED })).json().ip).toBe(
      REAL_CLIENT,
    );
  });

  it('without proxies, ignores X-Forwarded-For', async () => {
    expect((await probe('none', REAL_CLIENT, { 'x-forwarded-for': SPOOFED })).json().ip).toBe(REAL_CLIENT);
  });

  it('writes the real address, not the spoofed one, into the log records', async () => {
    const { app, db } = apps.oneHop;
    const reply = await app.inject({
      method: 'GET',
      url: `${API_BASE}/no-such-route-for-proxy-test`,
      remoteAddress: PROXY,
      headers: forwardedThroughOneProxy,
    });
    expect(reply.statusCode).toBe(404);
    const lines = (await db.select().from(logRecords)).filter((r) =>
      r.remark?.includes('no-such-route-for-proxy-test'),
    );
    expect(lines.map((r) => r.ipAddress)).toEqual([REAL_CLIENT]);
  });
});
