import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed/demo-seed';
import { seedRoles } from '../../src/server/db/seed/roles-seed';
import { pgliteTemplateFile } from './pglite-template';
import { TEST_PASSWORD } from './test-db';

/**
 * Migrates and seeds an in-memory PGlite once for the whole run and dumps it twice (roles only; with the demo):
 * every server suite's PGlite then starts from a dump, about 1 s, instead of migrating and seeding, about 3 s,
 * for each of the suites' 150-odd databases (docs/measurements.md). Each database is still its own copy.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'mrss-pglite-template-'));
  const handle = await openPglite();
  try {
    await handle.migrate();
    await seedRoles(handle.db);
    await dump(await handle.dumpDataDir(), pgliteTemplateFile(dir, 'roles'));
    await seedDemo(handle.db, TEST_PASSWORD);
    await dump(await handle.dumpDataDir(), pgliteTemplateFile(dir, 'demo'));
  } finally {
    await handle.close();
  }
  project.provide('pgliteTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function dump(blob: Blob, file: string): Promise<void> {
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
}
