import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../src/server/db/client';
import { openPostgres } from '../src/server/db/client';
import { seedLookups } from '../src/server/db/seed/lookups-seed';
import { seedRoles } from '../src/server/db/seed/roles-seed';
import {
  applicationsSql,
  bulkTables,
  familySql,
  flowSql,
  landlordsSql,
  membersSql,
  tenantsSql,
  unitsSql,
} from './seed-million.rows';
import { jurisdictionSql } from './seed-million.sql';

// Seeds a million applications (with their tenants, landlords, units, family members and flow) for the scale
// benchmark. Usage:
//   npx tsx bench/seed-million.ts [postgres://...] [--applications=1000000] [--fresh]
// The URL defaults to TEST_DATABASE_URL. --fresh drops and recreates that database first.
// The load runs in one transaction (then VACUUM ANALYZE): secondary indexes are dropped and rebuilt after the load, and foreign-key
// triggers are skipped when the role is a superuser (the rows are consistent by construction).

export interface SeedMillionOptions {
  /** How many applications to add. Default 1,000,000. */
  applications?: number;
  log?: (line: string) => void;
}

export interface SeedMillionReport {
  applications: number;
  landlords: number;
  rentalUnits: number;
  tenants: number;
  wards: number;
  flowEntries: number;
  ms: number;
  steps: { name: string; ms: number }[];
}

/** The insights' rollups (migration 0010), rebuilt after the load: analysed with the bulk tables. */
const INSIGHTS_ROLLUPS = [
  'insights_now',
  'insights_moves_rollup',
  'insights_stays_rollup',
  'insights_ward_submissions',
  'insights_ward_decisions',
];

type Run = (statement: string) => Promise<Record<string, unknown>[]>;
type Target = Db | pg.Pool | pg.Client;

/** Runs `work` in one transaction on one connection, whatever the caller holds. */
async function inTransaction<T>(target: Target, work: (run: Run) => Promise<T>): Promise<T> {
  if ('transaction' in target) {
    return target.transaction((tx) =>
      work(async (statement) => {
        const result: unknown = await tx.execute(sql.raw(statement));
        return (result as { rows: Record<string, unknown>[] }).rows;
      }),
    );
  }
  const client = target instanceof pg.Pool ? await target.connect() : target;
  const run: Run = async (statement) => (await client.query<Record<string, unknown>>(statement)).rows;
  try {
    await run('begin');
    const result = await work(run);
    await run('commit');
    return result;
  } catch (err) {
    await run('rollback');
    throw err;
  } finally {
    if (client !== target) (client as pg.PoolClient).release();
  }
}

/** Runs one statement outside any transaction. */
async function runAlone(target: Target, statement: string): Promise<void> {
  if ('transaction' in target) await target.execute(sql.raw(statement));
  else await target.query(statement);
}

/** Adds `applications` synthetic applications to a migrated database (with roles and lookups seeded). */
export async function seedMillion(
  target: Target,
  options: SeedMillionOptions = {},
): Promise<SeedMillionReport> {
  const n = options.applications ?? 1_000_000;
  const log = options.log ?? (() => {});
  const started = performance.now();
  const steps: SeedMillionReport['steps'] = [];
  const report = await inTransaction(target, async (run) => {
    const step = async (name: string, statements: string[]) => {
      const t0 = performance.now();
      for (const statement of statements) await run(statement);
      const ms = Math.round(performance.now() - t0);
      steps.push({ name, ms });
      log(`  ${name}: ${(ms / 1000).toFixed(1)} s`);
    };
    const superuser =
      (await run(`select rolsuper from pg_roles where rolname = current_user`))[0]?.rolsuper === true;
    await run(`set local maintenance_work_mem = '512MB'`);
    if (superuser) await run(`set local session_replication_role = replica`);

    await step('jurisdiction', jurisdictionSql());
    const [base] = await run(`select
      (select coalesce(max(id), 0) from landlords)::bigint as lb,
      (select coalesce(max(id), 0) from tenants)::bigint as tb,
      (select coalesce(max(applid), 0) from applications)::bigint as ab,
      (select coalesce(max(substr(rentcode, 3)::bigint), 0) from rental_units where rentcode like 'RB%')::bigint as ub,
      (select count(*) from wards where code ~ '^PS[0-9]{7}LA[0-9]{2}W[0-9]{2}$')::int as wards`);
    const b = {
      lb: Number(base.lb),
      tb: Number(base.tb),
      ab: Number(base.ab),
      ub: Number(base.ub),
      n,
      wards: Number(base.wards),
    };
    if (b.wards === 0) throw new Error('No wards to spread the applications over.');
    const counts = { landlords: Math.ceil(n / 5), units: Math.ceil((n * 2) / 5) };

    // Secondary indexes are rebuilt once at the end: far cheaper than maintaining them row by row.
    const indexes =
      await run(`select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i join pg_class c on c.oid = i.indrelid
      where c.relname in (${bulkTables.map((t) => `'${t}'`).join(', ')}) and c.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`);
    await step(
      'drop secondary indexes',
      indexes.map((i) => `drop index ${String(i.name)}`),
    );

    await step('landlords', [landlordsSql(b, counts)]);
    await step('rental units', [unitsSql(b, counts)]);
    await step('tenants', [tenantsSql(b, counts)]);
    await step('family members', [familySql(b)]);
    await step('applications', [applicationsSql(b, counts)]);
    await step('application flow', flowSql(b));
    await step('application members', [membersSql(b)]);
    // The replica role also skips the trigger that records each flow entry's move for the insights (migration 0009).
    await step('application moves', ['select insights_backfill_moves()']);
    // ... and the triggers that keep the insights' rollups (migration 0010): rebuilt from the moves and applications.
    await step('insights rollups', ['select insights_backfill_rollups()']);
    // The replica role skips the triggers that note each new name for the statewide search (migration 0008).
    await step('person names', [
      `insert into person_names (entity, search_name)
        select distinct 'tenant', search_name from tenants
        union select distinct 'landlord', search_name from landlords
        on conflict do nothing`,
    ]);
    await step(
      'rebuild indexes',
      indexes.map((i) => String(i.def)),
    );
    await step('sequences', [
      `select setval(pg_get_serial_sequence('landlords', 'id'), (select max(id) from landlords))`,
      `select setval(pg_get_serial_sequence('tenants', 'id'), (select max(id) from tenants))`,
      `select setval(pg_get_serial_sequence('applications', 'applid'), (select max(applid) from applications))`,
    ]);
    const [flow] = await run(`select count(*)::bigint as n from application_flow where applid > ${b.ab}`);
    return {
      applications: n,
      landlords: counts.landlords,
      rentalUnits: counts.units,
      tenants: n,
      wards: Number(base.wards),
      flowEntries: Number(flow.n),
    };
  });
  // Fresh statistics so the planner sees a million rows, and a visibility map so counts are index-only scans.
  // VACUUM cannot run inside a transaction, so these go one statement at a time.
  const t0 = performance.now();
  for (const table of bulkTables) await runAlone(target, `vacuum analyze ${table}`);
  for (const table of INSIGHTS_ROLLUPS) await runAlone(target, `vacuum analyze ${table}`);
  steps.push({ name: 'vacuum analyze', ms: Math.round(performance.now() - t0) });
  log(`  vacuum analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { ...report, ms: Math.round(performance.now() - started), steps };
}

function argValue(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
}

async function recreateDatabase(url: string): Promise<void> {
  const parsed = new URL(url);
  const name = parsed.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Refusing to recreate a database named '${name}'`);
  parsed.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: parsed.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

async function main(): Promise<void> {
  const url = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('Give a PostgreSQL URL as the first argument or set TEST_DATABASE_URL.');
  const applications = Number((argValue('applications') ?? '1000000').replace(/_/g, ''));
  if (!Number.isInteger(applications) || applications < 10)
    throw new Error('--applications must be a whole number >= 10');
  if (process.argv.includes('--fresh')) await recreateDatabase(url);
  const handle = await openPostgres(url, 2);
  try {
    await handle.migrate();
    await seedRoles(handle.db);
    await seedLookups(handle.db);
    console.log(
      `Seeding ${applications.toLocaleString('en-US')} applications into ${new URL(url).pathname.slice(1)} ...`,
    );
    const report = await seedMillion(handle.db, { applications, log: console.log });
    console.log(
      `Seeded ${report.applications.toLocaleString('en-US')} applications, ${report.tenants.toLocaleString('en-US')} tenants, ` +
        `${report.landlords.toLocaleString('en-US')} landlords, ${report.rentalUnits.toLocaleString('en-US')} rental units, ` +
        `${report.flowEntries.toLocaleString('en-US')} flow entries over ${report.wards} wards in ${(report.ms / 1000).toFixed(1)} s.`,
    );
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    const cause = err instanceof Error && err.cause instanceof Error ? `\n${err.cause.message}` : '';
    console.error(err instanceof Error ? err.message + cause : err);
    process.exitCode = 1;
  });
}
