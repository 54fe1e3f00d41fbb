import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, desc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { DEMO_MODE_URL } from '../../src/contract/demo-mode.contract';
import { OTP_MESSAGES } from '../../src/contract/otp.contract';
import { buildApp, type App } from '../../src/server/app';
import { prepareDatabase } from '../../src/server/bootstrap';
import { loadConfig, type Config } from '../../src/server/config';
import { outboxMessages, users } from '../../src/server/db/schema';
import { startNotes } from '../../src/server/start-notes';
import { latestOtpCode, readOutbox, requestOtpCall } from '../support/otp';
import { sealPassword } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import {
  createEmptyPostgresDatabase,
  createTestDatabase,
  testDatabases,
  type TestDatabase,
} from '../support/test-db';

// Issue 20 section 2 (docs/demo-and-production.md): a deployer who forgets a variable gets a safe server. The demo
// conveniences (readable outbox, fixed captcha, demo data) exist only when MRSS_DEMO asks for them, production
// refuses to start without what it needs, and a staff account's OTP is never readable in the outbox, demo or not.

/** The error loadConfig throws for env, or '' when it accepts it. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

const COMPLETE_PRODUCTION = {
  NODE_ENV: 'production',
  MRSS_SMTP_URL: 'smtp://mail.example.gov.in:587',
  MRSS_CERTIFICATE_SECRET: 'c'.repeat(32),
  MRSS_PUBLIC_URL: 'https://mrss.example.gov.in',
  DATABASE_URL: 'postgres://mrss@db.example.gov.in/mrss',
};

describe('the configuration of a start', () => {
  it('is not demo when nothing is set', () => {
    const config = loadConfig({});
    expect(config.MRSS_DEMO).toBe(false);
    expect(config.MRSS_CAPTCHA_FIXED).toBeUndefined();
  });

  it('refuses the fixed captcha, the demo seed and the demo password without demo mode, naming each', () => {
    const message = refusal({
      MRSS_CAPTCHA_FIXED: 'ABCD42',
      MRSS_SEED_DEMO: 'true',
      MRSS_DEMO_PASSWORD: 'Some-demo-pass-1',
    });
    expect(message).toMatch(/MRSS_CAPTCHA_FIXED: only in demo mode \(MRSS_DEMO=true/);
    expect(message).toMatch(/MRSS_SEED_DEMO: only in demo mode/);
    expect(message).toMatch(/MRSS_DEMO_PASSWORD: only in demo mode/);
    expect(refusal({ MRSS_DEMO: 'true', MRSS_CAPTCHA_FIXED: 'ABCD42', MRSS_SEED_DEMO: 'true' })).toBe('');
    // Saying no to the demo seed is always allowed.
    expect(refusal({ MRSS_SEED_DEMO: 'false' })).toBe('');
  });

  it('refuses a production start without a carrier, the certificate key, the public address and PostgreSQL', () => {
    const message = refusal({ NODE_ENV: 'production' });
    expect(message).toContain('Invalid configuration');
    for (const name of [
      'MRSS_SMTP_URL or MRSS_SMS_WEBHOOK_URL: required in production',
      'MRSS_CERTIFICATE_SECRET: required in production',
      'MRSS_PUBLIC_URL: required in production',
      'DATABASE_URL: required in production',
    ])
      expect(message).toContain(name);
    expect(refusal(COMPLETE_PRODUCTION)).toBe('');
    const { MRSS_SMTP_URL: _smtp, ...withoutSmtp } = COMPLETE_PRODUCTION;
    expect(refusal({ ...withoutSmtp, MRSS_SMS_WEBHOOK_URL: 'https://sms.example.gov.in/send' })).toBe('');
    expect(refusal(withoutSmtp)).toMatch(/MRSS_SMTP_URL or MRSS_SMS_WEBHOOK_URL/);
  });

  it('refuses demo mode in production', () => {
    expect(refusal({ ...COMPLETE_PRODUCTION, MRSS_DEMO: 'true' })).toMatch(
      /MRSS_DEMO: demo mode publishes every one-time password .* refused when NODE_ENV=production/,
    );
  });

  it.each([
    ['mrss.example.gov.in', /absolute URL/],
    ['ftp://mrss.example.gov.in', /https:\/\/ or http:\/\//],
    ['https://mrss.example.gov.in/portal', /only the scheme, host and port/],
    ['https://mrss.example.gov.in/?x=1', /only the scheme, host and port/],
    ['https://user:pw@mrss.example.gov.in', /only the scheme, host and port/],
  ])('refuses MRSS_PUBLIC_URL=%s', (value, why) => {
    expect(refusal({ MRSS_PUBLIC_URL: value })).toMatch(why);
  });

  it('takes an empty MRSS_PUBLIC_URL (a blank line in an env file) as unset: required in production', () => {
    expect(refusal({ MRSS_PUBLIC_URL: '' })).toBe('');
    expect(refusal({ ...COMPLETE_PRODUCTION, MRSS_PUBLIC_URL: '' })).toContain(
      'MRSS_PUBLIC_URL: required in production',
    );
  });

  it('says loudly at start while the outbox is readable, and warns when OTPs cannot be delivered', () => {
    const [demo] = startNotes(loadConfig({ MRSS_DEMO: 'true', PORT: '8080' }));
    expect(demo).toContain('DEMONSTRATION MODE');
    expect(demo).toContain('http://localhost:8080/dev/outbox');
    // Where the server really listens (PORT=0), unless the public address is configured.
    expect(startNotes(loadConfig({ MRSS_DEMO: 'true', PORT: '0' }), 'http://localhost:41234')[0]).toContain(
      'http://localhost:41234/dev/outbox',
    );
    expect(
      startNotes(
        loadConfig({ MRSS_DEMO: 'true', MRSS_PUBLIC_URL: 'https://demo.example.in/' }),
        'http://x:1',
      )[0],
    ).toContain('https://demo.example.in/dev/outbox');
    expect(startNotes(loadConfig({}))).toEqual([
      expect.stringContaining('one-time passwords cannot be delivered'),
    ]);
    expect(startNotes(loadConfig({ MRSS_SMTP_URL: 'smtp://mail.example.in' }))).toEqual([]);
    expect(startNotes(loadConfig(COMPLETE_PRODUCTION))).toEqual([]);
  });
});

describe.each(testDatabases())('a server built from an empty environment on %s', (kind) => {
  let database: TestDatabase;
  let webRoot: string;
  let app: App;
  const config: Config = { ...loadConfig({}), LOG_LEVEL: 'silent' };
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // A built web app is present, so the history fallback is live: the outbox must not fall through to it.
    webRoot = mkdtempSync(path.join(tmpdir(), 'mrss-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>MRSS</title>');
    app = await buildApp({ db: database.db, config, webRoot });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('has no readable outbox: the API and the page answer 404 exactly like an unknown path', async () => {
    const unknownApi = await app.inject({ method: 'GET', url: `${API_BASE}/dev/no-such-thing` });
    const outboxApi = await app.inject({ method: 'GET', url: `${API_BASE}/dev/outbox` });
    expect(outboxApi.statusCode).toBe(404);
    expect(outboxApi.body.replace('/dev/outbox', '/dev/no-such-thing')).toBe(unknownApi.body);
    const page = await app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('<title>MRSS</title>');
  });

  it('tells the pages it is not in demo mode, in a reply every browser may cache', async () => {
    const res = await app.inject({ method: 'GET', url: DEMO_MODE_URL });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ outboxReadable: false });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('delivers no OTP without a carrier (none can be read), and keeps no live code', async () => {
    const staff = await requestOtpCall(app, { subject: 'user', id: 'admin' });
    expect(staff.statusCode).toBe(503);
    expect(staff.json().message).toBe(OTP_MESSAGES.notSent);
    const citizen = await requestOtpCall(app, { subject: 'landlord', id: 'KHS2041137' });
    expect(citizen.statusCode).toBe(503);
    const kept = await database.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(2);
    expect(kept.map((m) => m.body).join(' ')).not.toMatch(/\d{6}/);
    expect(kept.every((m) => m.error?.includes('no carrier'))).toBe(true);
  });
});

describe.each(testDatabases())('the database of a start from an empty environment on %s', (kind) => {
  let dataDir: string;
  let dropDatabase = async () => {};
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'mrss-safe-'));
  });
  afterAll(async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('seeds no demo accounts', async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    if (kind === 'postgres') {
      const empty = await createEmptyPostgresDatabase();
      dropDatabase = empty.drop;
      env.DATABASE_URL = empty.url;
    }
    const { handle, demo } = await prepareDatabase(loadConfig(env));
    try {
      expect(demo).toBeUndefined();
      const [{ n }] = await handle.db.select({ n: count() }).from(users);
      expect(n).toBe(0);
    } finally {
      await handle.close();
    }
  }, 120_000);
});

describe.each(testDatabases())('a staff OTP in demo mode on %s', (kind) => {
  // The test app is in demo mode (tests/support/test-app.ts): the outbox is readable by anyone.
  const t = useTestApp(kind);
  beforeEach(() => t.clock.advance(25 * 60 * 60_000));

  it('says so to the pages', async () => {
    expect((await t.app.inject({ method: 'GET', url: DEMO_MODE_URL })).json()).toEqual({
      outboxReadable: true,
    });
  });

  it("the issue's chain dies at the read: the admin's password-change OTP is not in the outbox, API or page", async () => {
    const printed: string[] = [];
    const consoleLog = vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(line));
    const sent = await requestOtpCall(t.app, { subject: 'user', id: 'admin' }).finally(() =>
      consoleLog.mockRestore(),
    );
    expect(sent.statusCode).toBe(200);
    // The attacker's read: no live code to the admin in the outbox, as JSON or as the page.
    await expect(latestOtpCode(t.app, 'admin@mrss.example')).rejects.toThrow(/no OTP in the outbox/);
    // Not even masked: a listed message would tell anyone that the username exists, and its email (pen-test round 2).
    expect((await readOutbox(t.app)).filter((m) => m.to === 'admin@mrss.example')).toEqual([]);
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/one-time password is \d{6}/);

    // The real code went to the operator's console only (no mail server in this suite).
    const code = /one-time password is (\d{6})\b/.exec(printed.join('\n'))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(page.body).not.toContain(code);

    // Without the code there is no key, so no password change.
    const change = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/process/changepassword`,
      payload: { username: 'admin', password: await sealPassword(t.app, 'Taken-over-pass-1') },
    });
    expect(change.statusCode).toBe(401);
  });

  it('reads no staff OTP from the outbox for any account (figure: attempts, got through)', async () => {
    const accounts = await t.db.select({ username: users.username, email: users.email }).from(users);
    const withEmail = accounts.filter((a) => a.email);
    const consoleLog = vi.spyOn(console, 'log').mockImplementation(() => {});
    let gotThrough = 0;
    try {
      for (const { username, email } of withEmail) {
        expect((await requestOtpCall(t.app, { subject: 'user', id: username })).statusCode, username).toBe(
          200,
        );
        const read = await latestOtpCode(t.app, email!).catch(() => null);
        if (read) gotThrough++;
      }
    } finally {
      consoleLog.mockRestore();
    }
    console.info(
      `staff OTP outbox reads on ${kind}: ${withEmail.length} attempts, ${gotThrough} got through`,
    );
    expect(withEmail.length).toBeGreaterThan(5);
    expect(gotThrough).toBe(0);
  });

  it('lists the same outbox after an OTP request for an existing username as for an unknown one', async () => {
    const consoleLog = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const before = await readOutbox(t.app);
      expect((await requestOtpCall(t.app, { subject: 'user', id: 'moderator' })).statusCode).toBe(200);
      const afterExisting = await readOutbox(t.app);
      expect((await requestOtpCall(t.app, { subject: 'user', id: 'no-such-official' })).statusCode).toBe(200);
      expect(afterExisting).toEqual(before);
      expect(await readOutbox(t.app)).toEqual(before);
    } finally {
      consoleLog.mockRestore();
    }
  });

  it("still shows a citizen's OTP in the outbox (the demo's convenience)", async () => {
    expect((await requestOtpCall(t.app, { subject: 'landlord', id: 'KHS2041137' })).statusCode).toBe(200);
    expect(await latestOtpCode(t.app, 'banteilang.k@example.in')).toMatch(/^\d{6}$/);
  });
});
