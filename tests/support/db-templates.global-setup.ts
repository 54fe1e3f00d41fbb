import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, type DbHandle } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed/demo-seed';
import { seedRoles } from '../../src/server/db/seed/roles-seed';
import { pgliteTemplateFile, type PgliteTemplateKind } from './db-templates';
import { createEmptyPostgresDatabase, TEST_PASSWORD } from './test-db';

/**
 * Migrates and seeds the test databases once for the whole run; every server suite's database then starts as a
 * copy (docs/measurements.md, "CI time"):
 * - PGlite: an in-memory database dumped twice (roles only; with the demo), loaded in about 1 s instead of about
 *   3 s of migrating and seeding, for each of the suites' 150-odd databases;
 * - PostgreSQL, when TEST_DATABASE_URL is set: two template databases, copied by CREATE DATABASE ... TEMPLATE.
 * Each suite's database is still its own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mrss-pglite-template-'));
  const pglite = await openPglite();
  await seedBoth(pglite, async (kind) =>
    writeFileSync(
      pgliteTemplateFile(dir, kind),
      Buffer.from(await (await pglite.dumpDataDir()).arrayBuffer()),
    ),
  );
  project.provide('pgliteTemplateDir', dir);
  const templates = process.env.TEST_DATABASE_URL ? await postgresTemplates() : undefined;
  project.provide(
    'postgresTemplates',
    templates && { roles: templates.roles.name, demo: templates.demo.name },
  );
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await templates?.roles.drop();
    await templates?.demo.drop();
  };
}

/** Migrates and seeds the roles, hands the database over, then seeds the demo and hands it over again. */
async function seedBoth(handle: DbHandle, keep: (kind: PgliteTemplateKind) => Promise<void>): Promise<void> {
  try {
    await handle.migrate();
    await seedRoles(handle.db);
    await keep('roles');
    await seedDemo(handle.db, TEST_PASSWORD);
    await keep('demo');
  } finally {
    await handle.close();
  }
}

type PostgresTemplate = { name: string; drop: () => Promise<void> };

/** Two template databases: one migrated with the roles, one with the demo too (no connection left open). */
async function postgresTemplates(): Promise<Record<PgliteTemplateKind, PostgresTemplate>> {
  const make = async (demo: boolean): Promise<PostgresTemplate> => {
    const { url, drop } = await createEmptyPostgresDatabase();
    const handle = await openPostgres(url, 1);
    try {
      await handle.migrate();
      await seedRoles(handle.db);
      if (demo) await seedDemo(handle.db, TEST_PASSWORD);
    } finally {
      await handle.close();
    }
    return { name: new URL(url).pathname.slice(1), drop };
  };
  return { roles: await make(false), demo: await make(true) };
}
