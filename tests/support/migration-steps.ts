import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { openPglite, openPostgres, type Db, type DbHandle } from '../../src/server/db/client';
import { createEmptyPostgresDatabase, type TestDatabaseKind } from './test-db';

// A migration applied to a database that an earlier migration left holding rows (tests/server/*-migration.test.ts):
// an empty database, migrated up to a tag from a copy of the migrations folder, then to the end.

const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');

/** Every migration the project has: migrating from an earlier tag applies the rest. */
export const ALL_MIGRATIONS = (
  JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

/** A copy of the migrations folder whose journal stops after `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mrss-migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last, `${lastTag} in the journal`).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function migrateWith(kind: TestDatabaseKind, handle: DbHandle, folder: string): Promise<void> {
  if (kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: folder });
  } else {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(handle.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: folder });
  }
}

/**
 * A new empty database of `kind` migrated up to `lastTag` (its closing and dropping pushed on `cleanups`, to run in
 * reverse after the suite); `handle.migrate()` then applies the rest.
 */
export async function databaseAt(
  kind: TestDatabaseKind,
  lastTag: string,
  cleanups: (() => Promise<void> | void)[],
): Promise<DbHandle> {
  let handle: DbHandle;
  if (kind === 'pglite') handle = await openPglite();
  else {
    const { url, drop } = await createEmptyPostgresDatabase();
    cleanups.push(drop);
    handle = await openPostgres(url, 2);
  }
  cleanups.push(() => handle.close());
  const folder = migrationsUpTo(lastTag);
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  await migrateWith(kind, handle, folder);
  return handle;
}

export const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
};
