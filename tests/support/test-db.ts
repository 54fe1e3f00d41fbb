import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type DbHandle } from '../../src/server/db/client';
import type { Db } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed/demo-seed';
import { seedRoles } from '../../src/server/db/seed/roles-seed';
import { pgliteTemplate, postgresTemplateName } from './db-templates';

/** The password of every seeded demo account in tests. */
export const TEST_PASSWORD = 'Test-password-2024';

export type TestDatabaseKind = 'pglite' | 'postgres';

/**
 * The databases a server suite runs on: always PGlite, and PostgreSQL as well when TEST_DATABASE_URL is set.
 * Use as `describe.each(testDatabases())('... on %s', (kind) => { ... })`.
 */
export function testDatabases(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * The one database a journey suite runs on: PostgreSQL (production's) when TEST_DATABASE_URL is set, as in CI, and
 * the embedded database otherwise, so that `npm test` on a machine without PostgreSQL still walks the journey.
 */
export function journeyDatabase(): TestDatabaseKind {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}

export interface TestDatabase {
  kind: TestDatabaseKind;
  db: Db;
  handle: DbHandle;
  /** Closes the connection and, on PostgreSQL, drops the throwaway database. */
  dispose(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Seed the demo hierarchy and accounts (password TEST_PASSWORD). Default true. */
  demo?: boolean;
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on dispose. */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  options: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const demo = options.demo ?? true;
  const templateKind = demo ? 'demo' : 'roles';
  const template = kind === 'pglite' ? pgliteTemplate(templateKind) : null;
  if (template) {
    // The run's migrated and seeded copy (db-templates.ts): the same state as the steps below give.
    const handle = await openPglite(undefined, { loadDataDir: template });
    return { kind, db: handle.db, handle, dispose: () => handle.close() };
  }
  const postgresTemplate = kind === 'postgres' ? postgresTemplateName(templateKind) : null;
  if (postgresTemplate) {
    // A copy of the run's migrated and seeded template database (db-templates.global-setup.ts).
    const { url, drop } = await createEmptyPostgresDatabase(postgresTemplate);
    const handle = await openPostgres(url, 5);
    return { kind, db: handle.db, handle, dispose: async () => (await handle.close(), await drop()) };
  }
  const { handle, drop } =
    kind === 'pglite' ? { handle: await openPglite(), drop: async () => {} } : await createPostgresDatabase();
  try {
    await handle.migrate();
    await seedRoles(handle.db);
    if (demo) await seedDemo(handle.db, TEST_PASSWORD);
  } catch (err) {
    await handle.close();
    await drop();
    throw err;
  }
  return {
    kind,
    db: handle.db,
    handle,
    dispose: async () => {
      await handle.close();
      await drop();
    },
  };
}

// A database per suite keeps suites isolated (drizzle records its migrations in its own schema, so a schema
// per suite would not be enough) and lets the suites run again and again, in parallel.
async function createPostgresDatabase(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const { url, drop } = await createEmptyPostgresDatabase();
  return { handle: await openPostgres(url, 5), drop };
}

/**
 * A new PostgreSQL database: empty (not migrated), for tests that start real server processes on it, or a copy
 * of `template`.
 */
export async function createEmptyPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `mrss_test_${randomBytes(6).toString('hex')}`;
  const adminUrl = withDatabase(base, 'postgres');
  await createDatabase(adminUrl, `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
  return { url: withDatabase(base, name), drop: () => dropDatabase(adminUrl, name) };
}

// A pool's ended connections leave the server a moment after pool.end() resolves. A forced drop would kill them
// mid-goodbye and their clients would raise an unhandled 57P01 error, so wait for them and force only at last.
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt++) {
    try {
      await runAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006') throw err; // 55006: still in use
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await runAdmin(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

// A template's last connection leaves the server a moment after its pool ended (see dropDatabase): copying it
// meanwhile fails with 55006 'source database is being accessed by other users', so wait and try again.
async function createDatabase(adminUrl: string, statement: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await runAdmin(adminUrl, statement);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 40) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function runAdmin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
