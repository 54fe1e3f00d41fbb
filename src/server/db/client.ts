import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { withPostgresBootstrapLock } from './bootstrap-lock';
import { lockDataDir } from './data-dir-lock';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` (migrations, seeds) while no other process can do the same on this database: on PostgreSQL under
   * an advisory lock (bootstrap-lock.ts); on PGlite the data folder's lock already keeps other processes out.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** An embedded database can also be dumped whole, to start others from the same state. */
export interface PgliteHandle extends DbHandle {
  dumpDataDir(): Promise<Blob>;
}

/**
 * Settings of every connection. Named prepared statements (the session lookup, the list pages, the workflow
 * step) always use their generic plan: planning the list statement costs 2.5 ms, running it 0.2-1 ms, and its
 * best plan (the scope's list index) does not depend on the values. A generic plan cannot know a page holds ten
 * rows, so its estimated cost crosses jit_above_cost and PostgreSQL would compile it to machine code on every
 * run: 20-250 ms for a query that takes 0.5 ms (docs/measurements.md). Short OLTP queries never gain from JIT.
 */
const SESSION_SETTINGS = { plan_cache_mode: 'force_generic_plan', jit: 'off' };

const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined keeps the database in memory (tests). A data folder is locked
 * for this process before PGlite opens it (data-dir-lock.ts): a second process gets DataDirInUseError.
 */
export interface PgliteOpenOptions {
  /** Start from this dump of a data folder (PGlite's dumpDataDir): the test suites' migrated and seeded copy. */
  loadDataDir?: Blob;
}

export async function openPglite(dataDir?: string, options: PgliteOpenOptions = {}): Promise<PgliteHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const folderLock = dataDir ? lockDataDir(dataDir) : undefined;
  let client: InstanceType<typeof PGlite>;
  try {
    // An undefined folder with options loses the extensions; 'memory://' is PGlite's own name for in-memory.
    client = new PGlite(dataDir ?? 'memory://', {
      extensions: { pg_trgm },
      loadDataDir: options.loadDataDir,
    });
    for (const [name, value] of Object.entries(SESSION_SETTINGS)) await client.exec(`set ${name} = ${value}`);
  } catch (err) {
    folderLock?.release();
    throw err;
  }
  const db = drizzle({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    exclusive: (work) => work(),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      try {
        await client.close();
      } finally {
        folderLock?.release();
      }
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<DbHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: Object.entries(SESSION_SETTINGS)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
  });
  const db = drizzle({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    migrate: () => migrate(db, { migrationsFolder }),
    exclusive: (work) => withPostgresBootstrapLock(url, work),
    close: () => pool.end(),
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir?: string }): Promise<DbHandle> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
