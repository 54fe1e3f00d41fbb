import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Role } from '../src/contract/roles';
import type { Config } from '../src/server/config';
import { openPostgres, type Db, type DbHandle } from '../src/server/db/client';
import { roles, users } from '../src/server/db/schema';
import { seedLookups } from '../src/server/db/seed/lookups-seed';
import { seedRoles } from '../src/server/db/seed/roles-seed';
import { hashPassword } from '../src/server/security/passwords';
import { createSession } from '../src/server/security/sessions';
import { seedMillion } from './seed-million';

// The scale benchmark's database and officials: the million-application database (seeded when missing or on
// --reseed), a few synthetic officials of busy wards, localities and districts, and a session for each.

export interface BenchDatabase {
  handle: DbHandle;
  applications: number;
  /** How long seeding took: measured now, or the figure recorded in docs/data-model.md. */
  seeding: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function adminQuery(url: string, statement: string, values: unknown[] = []): Promise<unknown[]> {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  const client = new pg.Client({ connectionString: parsed.toString() });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

function recordedSeedTime(): string {
  const text = readFileSync(new URL('../docs/data-model.md', import.meta.url), 'utf8');
  const match = /over [\d,]+ wards\s+in ([\d-]+ s)/.exec(text);
  return match
    ? `not re-seeded; recorded in docs/data-model.md: ${match[1]}`
    : 'not re-seeded (see docs/data-model.md)';
}

/** Opens the benchmark database, seeding it first when it is missing, empty, or `reseed` is asked for. */
export async function openBenchDatabase(
  url: string,
  options: { reseed: boolean; applications: number; poolSize: number },
): Promise<BenchDatabase> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Refusing to use a database named '${name}'`);
  const exists = (await adminQuery(url, 'select 1 from pg_database where datname = $1', [name])).length > 0;
  if (options.reseed || !exists) {
    await adminQuery(url, `drop database if exists "${name}" with (force)`);
    await adminQuery(url, `create database "${name}"`);
  }
  const handle = await openPostgres(url, options.poolSize);
  try {
    await handle.migrate();
  } catch (err) {
    await handle.close();
    throw new Error(`Migrating ${name} failed (${(err as Error).message}); run again with --reseed.`);
  }
  const [{ n }] = rowsOf<{ n: number }>(
    await handle.db.execute(sql`select count(*)::int as n from applications`),
  );
  if (n > 0) {
    await vacuumUnlessAutovacuum(handle.db);
    return { handle, applications: n, seeding: recordedSeedTime() };
  }
  await seedRoles(handle.db);
  await seedLookups(handle.db);
  console.log(`Seeding ${options.applications.toLocaleString('en-US')} applications into ${name} ...`);
  const report = await seedMillion(handle.db, { applications: options.applications, log: console.log });
  return {
    handle,
    applications: report.applications,
    seeding: `seeded now: ${report.applications.toLocaleString('en-US')} applications in ${(report.ms / 1000).toFixed(1)} s`,
  };
}

/**
 * The transitions of an earlier run updated thousands of applications, clearing the visible-all bits the list
 * indexes' index-only scans rely on. A production server runs autovacuum (migration 0002 makes it visit the
 * applications after 1% changed); where it is off, as on the CI machine, the bench vacuums first so each run
 * starts from the state autovacuum keeps, not from the previous run's leftovers.
 */
async function vacuumUnlessAutovacuum(db: Db): Promise<void> {
  const [{ setting }] = rowsOf<{ setting: string }>(
    await db.execute(sql`select current_setting('autovacuum') as setting`),
  );
  if (setting === 'on') return;
  const started = performance.now();
  await db.execute(sql`vacuum (analyze) applications, application_flow, rental_units`);
  console.log(
    `autovacuum is off here: vacuumed the applications first (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
}

export interface BenchOfficial {
  username: string;
  role: Role;
  usercode: string;
  token: string;
}

/**
 * Creates (or reuses) synthetic officials named 'bench.<role>.<code>' and opens a session for each, exactly
 * as a sign-in would (the sign-in itself is measured by bench/signin.bench.ts).
 */
export async function benchOfficials(
  db: Db,
  config: Config,
  wanted: { role: Role; usercode: string }[],
): Promise<BenchOfficial[]> {
  await seedRoles(db);
  const roleRows = await db.select().from(roles);
  const roleId = new Map(roleRows.map((r) => [r.name, r.id]));
  const passwordHash = await hashPassword(`bench-${Date.now()}-unused`);
  const nameOf = (w: { role: Role; usercode: string }) =>
    `bench.${w.role.toLowerCase()}.${w.usercode.toLowerCase()}`;
  // One row per account: an INSERT ... ON CONFLICT may not touch the same row twice.
  const unique = [...new Map(wanted.map((w) => [nameOf(w), w])).values()];
  const values = unique.map((w) => ({
    username: nameOf(w),
    email: null,
    usercode: w.usercode,
    roleId: roleId.get(w.role)!,
    level: 0,
    passwordHash,
  }));
  const rows = await db
    .insert(users)
    .values(values)
    .onConflictDoUpdate({ target: users.username, set: { active: true } })
    .returning({ id: users.id, username: users.username });
  const idOf = new Map(rows.map((r) => [r.username, r.id]));
  const limits = { idleMs: config.SESSION_IDLE_MS, absoluteMs: config.SESSION_ABSOLUTE_MS };
  const now = new Date();
  const tokens = new Map(
    await Promise.all(
      values.map(
        async (v) =>
          [
            v.username,
            await createSession(db, { userId: idOf.get(v.username)!, ip: '127.0.0.1', now, limits }),
          ] as const,
      ),
    ),
  );
  return wanted.map((w) => ({ ...w, username: nameOf(w), token: tokens.get(nameOf(w))! }));
}

/** The busiest node of a level for a status: the lists measured are the longest a real official would see. */
export async function busiest(
  db: Db,
  column: 'ward_code' | 'locality_code' | 'district_code',
  status: string,
): Promise<{ code: string; count: number }> {
  const [row] = rowsOf<{ code: string; n: number }>(
    await db.execute(sql`select ${sql.raw(column)} as code, count(*)::int as n from applications
      where status = ${status} and deleted_at is null group by 1 order by 2 desc, 1 limit 1`),
  );
  return { code: row.code, count: row.n };
}

/** Live applications in `status`, newest first, with their ward, locality and district. */
export async function applicationsIn(db: Db, status: string, limit: number) {
  return rowsOf<{ applid: string | number; ward_code: string; district_code: string }>(
    await db.execute(sql`select applid, ward_code, district_code from applications
      where status = ${status} and deleted_at is null and completed_at is not null
      order by applid desc limit ${limit}`),
  ).map((r) => ({ applid: Number(r.applid), ward: r.ward_code, district: r.district_code }));
}
