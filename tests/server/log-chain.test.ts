import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from '../../src/server/db/client';
import type { Db } from '../../src/server/db/client';
import { writeAuditLog } from '../../src/server/security/audit-log';
import { sealLogChain } from '../../src/server/services/log-chain';
import { checkLogChain } from '../../src/server/services/log-chain-check';
import {
  createEmptyPostgresDatabase,
  createTestDatabase,
  testDatabases,
  type TestDatabase,
} from '../support/test-db';

// The tamper-evident chain of the log records (docs/log-records.md): intact after many (also concurrent) writes,
// and a record changed, deleted or forged directly in the database is reported at its place.

const ids = (db: Db, where = sql`true`) =>
  db.execute(
    sql`select id::text, chain_seq::text as seq from log_records where ${where} order by chain_seq`,
  ) as unknown as Promise<{
    rows: { id: string; seq: string }[];
  }>;

async function writeMany(db: Db, n: number, prefix: string, concurrent = false) {
  const write = (i: number) =>
    writeAuditLog(db, {
      kind: 'other',
      ip: '192.0.2.9',
      url: '/probe',
      username: 'probe',
      remark: `${prefix} ${i}`,
    });
  if (concurrent) await Promise.all(Array.from({ length: n }, (_, i) => write(i)));
  else for (let i = 0; i < n; i++) await write(i);
}

/** Records per sealing transaction in these tests: small, so a few hundred writes need several batches. */
const BATCH = 100;

describe.each(testDatabases())('log chain on %s', { timeout: 60_000 }, (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });
  const fresh = async () => {
    database = await createTestDatabase(kind, { demo: false });
    return database.db;
  };

  it('stays intact after many writes, sequential and concurrent, sealed in more than one batch', async () => {
    const db = await fresh();
    await writeMany(db, 50, 'before');
    expect(await sealLogChain(db, { wait: true, batch: BATCH })).toBe(50);
    await writeMany(db, BATCH + 150, 'together', true);
    expect(await sealLogChain(db, { wait: true, batch: BATCH })).toBe(BATCH + 150);
    await writeMany(db, 20, 'unsealed');
    const report = await checkLogChain(db);
    expect(report).toMatchObject({ intact: true, checked: BATCH + 220, unsealed: 0, brokenAt: null });
    expect(report.head).toMatchObject({ seq: BATCH + 220 });
    // Sealers racing (two replicas) while records are still being written never seal a record twice nor leave
    // a hole; a record whose id committed after a later one was sealed joins the chain after it.
    await Promise.all([
      writeMany(db, 300, 'race', true),
      sealLogChain(db, { wait: true, batch: BATCH }),
      sealLogChain(db, { wait: true, batch: BATCH }),
      sealLogChain(db, { wait: false, batch: BATCH }),
    ]);
    expect(await checkLogChain(db)).toMatchObject({ intact: true, checked: BATCH + 520 });
  });

  it('counts the records not sealed yet when asked only to read', async () => {
    const db = await fresh();
    await writeMany(db, 10, 'sealed');
    await sealLogChain(db, { wait: true });
    await writeMany(db, 4, 'waiting');
    expect(await checkLogChain(db, { seal: false })).toMatchObject({
      intact: true,
      checked: 10,
      unsealed: 4,
    });
  });

  it('reports a record changed by a direct UPDATE at that record', async () => {
    const db = await fresh();
    await writeMany(db, 40, 'row');
    await sealLogChain(db, { wait: true });
    const target = (await ids(db, sql`remark = 'row 17'`)).rows[0];
    await db.execute(sql`update log_records set remark = 'nothing happened' where id = ${target.id}`);
    await writeMany(db, 5, 'after');
    const report = await checkLogChain(db);
    expect(report.intact).toBe(false);
    expect(report.brokenAt).toMatchObject({
      reason: 'changed',
      id: Number(target.id),
      seq: Number(target.seq),
    });
    expect(report.checked).toBe(Number(target.seq) - 1);
    // Only the date changed, by a microsecond: still found.
    const db2 = await fresh();
    await writeMany(db2, 3, 'row');
    await sealLogChain(db2, { wait: true });
    const second = (await ids(db2)).rows[1];
    await db2.execute(
      sql`update log_records set logdt = logdt + interval '1 microsecond' where id = ${second.id}`,
    );
    expect((await checkLogChain(db2)).brokenAt).toMatchObject({ reason: 'changed', id: Number(second.id) });
  });

  it('reports deleted records as missing places, and a forged row as changed', async () => {
    const db = await fresh();
    await writeMany(db, 30, 'row');
    await sealLogChain(db, { wait: true });
    const rows = (await ids(db)).rows;
    await db.execute(sql`delete from log_records where id in (${rows[9].id}, ${rows[10].id})`);
    expect((await checkLogChain(db)).brokenAt).toMatchObject({
      reason: 'missing',
      seq: 10,
      id: Number(rows[11].id),
    });

    const db2 = await fresh();
    await writeMany(db2, 5, 'row');
    await sealLogChain(db2, { wait: true });
    await db2.execute(sql`delete from log_records where id = (select min(id) from log_records)`);
    expect((await checkLogChain(db2)).brokenAt).toMatchObject({ reason: 'missing', seq: 1 });

    const db3 = await fresh();
    await writeMany(db3, 5, 'row');
    await sealLogChain(db3, { wait: true });
    await db3.execute(sql`insert into log_records (kind, remark, url, chain_seq, chain_hash)
      values ('admin', 'forged', '/x', 6, ${'f'.repeat(64)})`);
    const forged = (await ids(db3, sql`remark = 'forged'`)).rows[0];
    expect((await checkLogChain(db3)).brokenAt).toMatchObject({
      reason: 'changed',
      seq: 6,
      id: Number(forged.id),
    });
  });

  it('proves a noted head: the end cut off or rewritten is found', async () => {
    const db = await fresh();
    await writeMany(db, 8, 'row');
    const { head } = await checkLogChain(db);
    expect(head).not.toBeNull();
    expect((await checkLogChain(db, { expectHead: head! })).intact).toBe(true);
    await db.execute(sql`delete from log_records where chain_seq >= 7`);
    expect((await checkLogChain(db, { expectHead: head! })).brokenAt).toMatchObject({
      reason: 'missing',
      seq: 7,
      id: null,
    });
  });
});

/** Runs `npm run log:check`'s script with `env`; resolves with its exit code and output. */
function runCheckCli(
  env: Record<string, string | undefined>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/db/log-check-cli.ts'], {
      env: { ...process.env, DATABASE_URL: undefined, LOG_LEVEL: 'silent', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('npm run log:check', () => {
  it('exits 0 on an intact chain and 1 on a broken one (PGlite data folder)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mrss-logcheck-'));
    try {
      const handle = await openPglite(dir);
      await handle.migrate();
      await writeMany(handle.db, 12, 'row');
      await handle.close();
      const intact = await runCheckCli({ DATA_DIR: dir });
      expect(intact.output).toContain('Intact.');
      expect(intact.code).toBe(0);

      const again = await openPglite(dir);
      await again.db.execute(sql`update log_records set username = 'someone' where chain_seq = 5`);
      await again.close();
      const broken = await runCheckCli({ DATA_DIR: dir });
      expect(broken.output).toContain('BROKEN at place 5');
      expect(broken.code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  // Registered only where the PostgreSQL suites run (TEST_DATABASE_URL set, as in CI), like testDatabases().
  if (process.env.TEST_DATABASE_URL)
    it('exits 1 on a broken chain (PostgreSQL)', async () => {
      const { url, drop } = await createEmptyPostgresDatabase();
      try {
        const { openPostgres } = await import('../../src/server/db/client');
        const handle = await openPostgres(url, 2);
        await handle.migrate();
        await writeMany(handle.db, 6, 'row');
        await sealLogChain(handle.db, { wait: true });
        await handle.db.execute(sql`delete from log_records where chain_seq = 3`);
        await handle.close();
        const broken = await runCheckCli({ DATABASE_URL: url });
        expect(broken.output).toContain('BROKEN at place 3');
        expect(broken.code).toBe(1);
      } finally {
        await drop();
      }
    }, 60_000);
});
