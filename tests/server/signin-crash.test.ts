import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openPglite, openPostgres, type DbHandle } from '../../src/server/db/client';
import { logRecords, signinReservations, signinThrottle } from '../../src/server/db/schema';
import { seedDemo } from '../../src/server/db/seed/demo-seed';
import { seedRoles } from '../../src/server/db/seed/roles-seed';
import { RESERVATION_TTL_MS, throttleKeys } from '../../src/server/security/signin-throttle';
import { attemptSignin } from '../support/staff-signin';
import { TestClock, testConfig } from '../support/test-app';
import { createEmptyPostgresDatabase, testDatabases, TEST_PASSWORD } from '../support/test-db';

// Issue 8, finding 2, with real processes: a process that has reserved a sign-in attempt is SIGKILLed before it
// settles it, and a new process serves the official's next, correct sign-in on the same database. Before the
// fix, each such cycle left a failure counted for 15 minutes.

const repoRoot = path.resolve(import.meta.dirname, '../..');
const script = path.join(repoRoot, 'tests/support/reserve-then-hang.ts');
const OFFICE = '198.51.100.123';
const CYCLES = 4;

describe.each(testDatabases())('a sign-in process killed before settling, on %s', (kind) => {
  let target = '';
  let cleanup: () => Promise<void> = async () => {};
  const open = (): Promise<DbHandle> => (kind === 'pglite' ? openPglite(target) : openPostgres(target, 2));

  beforeAll(async () => {
    if (kind === 'pglite') {
      target = mkdtempSync(path.join(tmpdir(), 'mrss-signin-crash-'));
      cleanup = async () => rmSync(target, { recursive: true, force: true });
    } else {
      const database = await createEmptyPostgresDatabase();
      target = database.url;
      cleanup = database.drop;
    }
    const handle = await open();
    await handle.migrate();
    await seedRoles(handle.db);
    await seedDemo(handle.db, TEST_PASSWORD);
    await handle.close();
  }, 120_000);
  afterAll(() => cleanup());

  /** Starts the child, waits until it has reserved, then kills it with SIGKILL. */
  async function reserveAndKill(nowMs: number): Promise<void> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', script, target, 'locality', OFFICE, String(nowMs)],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('reserved\n')) resolve();
        if (output.includes('locked\n')) reject(new Error('the child found the attempt locked'));
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then(() => reject(new Error(`the child ended before reserving:\n${output}`)));
    });
    child.kill('SIGKILL');
    await exited;
  }

  it(`leaves no lasting failure after ${CYCLES} kill-and-restart cycles`, { timeout: 240_000 }, async () => {
    const clock = new TestClock();
    const keys = throttleKeys({ username: 'locality', ip: OFFICE, deviceId: null });
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      await reserveAndKill(clock.now().getTime());

      // The restarted service on the same database.
      const handle = await open();
      const app = await buildApp({ db: handle.db, config: testConfig(), clock });
      try {
        await app.ready();
        // The killed process's reservation is there, unsettled, and counts until it expires ...
        const live = (await handle.db.select().from(signinReservations)).filter(
          (r) => r.expiresAt > clock.now(),
        );
        expect(live.map((r) => r.key).sort()).toEqual(keys.map((k) => k.key).sort());
        // ... which is seconds later: then the official signs in as usual.
        clock.advance(RESERVATION_TTL_MS + 1);
        const res = await attemptSignin(app, { username: 'locality', remoteAddress: OFFICE });
        expect(res.statusCode).toBe(200);

        if (cycle === CYCLES - 1) {
          const counters = (await handle.db.select().from(signinThrottle)).filter((r) =>
            keys.some((k) => k.key === r.key),
          );
          expect(counters.map((r) => r.failures)).toEqual([0, 0, 0]);
          const lines = (await handle.db.select().from(logRecords)).filter((r) => r.ipAddress === OFFICE);
          expect(lines.map((r) => r.remark)).toEqual(Array(CYCLES).fill('Signed in'));
        }
      } finally {
        await app.close();
        await handle.close();
      }
    }
  });
});
