import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { DEMO_MODE_URL } from '../../src/contract/demo-mode.contract';
import { spawnServer, type ServerProcess } from '../support/server-process';
import { createEmptyPostgresDatabase, journeyDatabase } from '../support/test-db';

// Issue 20 section 2 as an attacker meets it, browser-free, against real server processes on PostgreSQL (the embedded database where none is configured)
// (docs/demo-and-production.md): the staff password-change chain (request the admin's OTP, read it at /dev/outbox,
// change the password, sign in) dies at the read in demo mode, and a deployment that forgot a variable has no
// outbox at all; production refuses to start without what it needs.

const ADMIN_EMAIL = 'admin@mrss.example';
const OTP = /one-time password is (\d{6})\b/;

async function get(base: string, url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}${url}`);
  return { status: res.status, text: await res.text() };
}

async function withServer<T>(
  env: Record<string, string>,
  run: (base: string, server: ServerProcess) => Promise<T>,
) {
  const server = spawnServer(env);
  try {
    return await run(await server.ready(), server);
  } finally {
    await server.stop();
  }
}

describe.each([journeyDatabase()])('safe defaults journey on %s', (kind) => {
  it('demo mode keeps the admin OTP out of the outbox; the same database started without demo has no outbox', async () => {
    const database = kind === 'postgres' ? await createEmptyPostgresDatabase() : null;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'mrss-safe-journey-'));
    const common = { ...(database ? { DATABASE_URL: database.url } : {}), DATA_DIR: dataDir };
    try {
      // 1. The demo, asked for (what `npm start` does): seeded, the outbox readable, the admin's OTP not in it.
      await withServer({ ...common, MRSS_DEMO: 'true', MRSS_SEED_DEMO: 'true' }, async (base, server) => {
        const asked = await get(base, `${API_BASE}/apikey/getOTP/user/admin`);
        expect(asked.status, asked.text).toBe(200);
        // The attacker reads the outbox, JSON and page: the admin's message is not listed at all.
        const json = await get(base, `${API_BASE}/dev/outbox?to=${encodeURIComponent(ADMIN_EMAIL)}`);
        expect(json.status).toBe(200);
        expect(JSON.parse(json.text)).toEqual([]);
        const page = await get(base, `/dev/outbox?to=${encodeURIComponent(ADMIN_EMAIL)}`);
        expect(page.text).not.toMatch(OTP);
        // Only the operator's console has it (read from the process's stdout, which may arrive after the reply).
        await expect.poll(() => OTP.exec(server.output())?.[1]).toMatch(/^\d{6}$/);
        const code = OTP.exec(server.output())![1];
        expect(json.text + page.text).not.toContain(code);

        // Without a key the password change is refused.
        const change = await fetch(`${base}${API_BASE}/process/changepassword`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'x' }),
        });
        expect(change.status).toBe(401);

        await expect.poll(() => server.output()).toContain('DEMONSTRATION MODE');
        expect(JSON.parse((await get(base, DEMO_MODE_URL)).text)).toEqual({ outboxReadable: true });
      });

      // 2. The same database started as a deployment that forgot every variable (`npm run serve`, no carrier).
      await withServer(common, async (base, server) => {
        // The start notes precede the "serving on" line that ready() waited for (on stderr, another pipe).
        await expect.poll(() => server.output()).toContain('one-time passwords cannot be delivered');
        expect(server.output()).not.toContain('DEMONSTRATION MODE');
        expect(server.output()).not.toContain('Demo accounts');
        expect((await get(base, `${API_BASE}/dev/outbox`)).status).toBe(404);
        const page = await get(base, '/dev/outbox');
        expect(page.status).toBe(404);
        expect(page.text).not.toMatch(OTP);
        expect(JSON.parse((await get(base, DEMO_MODE_URL)).text)).toEqual({ outboxReadable: false });
        // No carrier: nothing is delivered, so nothing can be read anywhere.
        expect((await get(base, `${API_BASE}/apikey/getOTP/user/admin`)).status).toBe(503);
        expect((await get(base, `${API_BASE}/apikey/getOTP/KHS2041137?subject=landlord`)).status).toBe(503);
      });

      // 3. Production without its settings does not start, and says what is missing.
      const production = spawnServer({ DATA_DIR: dataDir, NODE_ENV: 'production' });
      expect(await production.exited).toBe(1);
      for (const name of [
        'MRSS_SMTP_URL or MRSS_SMS_WEBHOOK_URL',
        'MRSS_CERTIFICATE_SECRET',
        'MRSS_PUBLIC_URL',
        'DATABASE_URL',
      ])
        expect(production.output()).toContain(`${name}: required in production`);
      const demoInProduction = spawnServer({ ...common, NODE_ENV: 'production', MRSS_DEMO: 'true' });
      expect(await demoInProduction.exited).toBe(1);
      expect(demoInProduction.output()).toMatch(/MRSS_DEMO: .*refused when NODE_ENV=production/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    }
  }, 240_000);
});
