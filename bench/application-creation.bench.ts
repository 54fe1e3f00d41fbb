import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { API_BASE } from '../src/contract/api';
import { buildApp } from '../src/server/app';
import { configSchema } from '../src/server/config';
import type { Db } from '../src/server/db/client';
import { issueCitizenKey } from '../src/server/security/citizen-keys';
import { openBenchDatabase } from './applications-bench.setup';
import type { LoadResult, PreparedRequest } from './applications-load.worker';
import {
  arg,
  BENCH_KEY_ENCRYPTION_KEY,
  benchDatabaseUrl,
  runLoadWorker,
  summariseLoad,
  type LoadSummary,
} from './bench-kit';

// Issue 10's creation figure: landlords generating clearance applications (POST process/anonymous/generateApplication,
// each for its own fresh vacant unit and a registered tenant) and applying them (POST
// process/application/DomesticHelperAndFamily, which also keeps the landlord's status notice), over HTTP against the
// real app on the million-application PostgreSQL database.
//   npx tsx bench/application-creation.bench.ts [--url=postgres://...] [--rate=300] [--seconds=10] [--pool=10]
// Goal: >= 300 creations/s with p99 <= 50 ms. Results: docs/measurements.md.

const url = benchDatabaseUrl();
const rate = Number(arg('rate') ?? 300);
const seconds = Number(arg('seconds') ?? 10);
const poolSize = Number(arg('pool') ?? 10);
const clients = Number(arg('clients') ?? 8);
const LANDLORDS = 400;
const WARM_UP_SECONDS = 5;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface Fixture {
  rentcode: string;
  landlordId: number;
  tenantId: number;
}

/** Fresh vacant units, spread over LANDLORDS landlords in their own wards, each paired with a registered tenant. */
async function freshUnits(db: Db, count: number): Promise<Fixture[]> {
  const units = rowsOf<{ rentcode: string; landlord_id: number }>(
    await db.execute(sql`
      with picked as (
        select distinct on (u.landlord_id) u.landlord_id, u.pin_code, u.district_code, u.ward_code
        from rental_units u order by u.landlord_id limit ${LANDLORDS}
      ), owners as (
        select picked.*, row_number() over (order by landlord_id) - 1 as n from picked
      )
      insert into rental_units (landlord_id, house_no, address1, pin_code, district_code, ward_code, vacant)
      select o.landlord_id, 'B-' || g, 'Benchmark Lane', o.pin_code, o.district_code, o.ward_code, true
      from generate_series(0, ${count - 1}) g join owners o on o.n = g % ${LANDLORDS}
      returning rentcode, landlord_id`),
  );
  const tenants = rowsOf<{ id: number }>(
    await db.execute(sql`select id from tenants order by id desc limit ${count}`),
  );
  if (tenants.length < count) throw new Error(`Only ${tenants.length} tenants; the bench needs ${count}.`);
  if (units.length < count) throw new Error(`Made ${units.length} units; the bench needs ${count}.`);
  return units.map((u, i) => ({
    rentcode: u.rentcode,
    landlordId: Number(u.landlord_id),
    tenantId: tenants[i].id,
  }));
}

async function keysFor(db: Db, landlordIds: number[]): Promise<Map<number, string>> {
  const limits = { idleMs: 3_600_000, absoluteMs: 3_600_000 };
  const keys = new Map<number, string>();
  for (const landlordId of new Set(landlordIds)) {
    const { key } = await issueCitizenKey(db, {
      scope: { kind: 'landlord', landlordId },
      ip: null,
      now: new Date(),
      limits,
    });
    keys.set(landlordId, key);
  }
  return keys;
}

const post = (key: string, path: string, body: object): PreparedRequest => ({
  method: 'POST',
  path: `${API_BASE}/${path}`,
  headers: { 'x-api-key': key },
  body: JSON.stringify(body),
});

interface Row extends LoadSummary {
  scenario: string;
  load: string;
}

function summarise(scenario: string, load: string, result: LoadResult): Row {
  return { scenario, load, ...summariseLoad(result) };
}

async function appliedRequests(db: Db, keys: Map<number, string>, rentcodes: string[]) {
  const units = sql.raw(`array[${rentcodes.map((r) => `'${r}'`).join(',')}]`);
  // The tenants' consent (docs/tenant-consent.md) is given here in the database: its codes go to the tenants'
  // channels (no readable outbox outside demo), and this bench measures Generate and Apply, not the consent call.
  await db.execute(sql`update applications set grants_reach = true, tenant_consented_at = now()
    where rentcode = any(${units}::text[]) and completed_at is null and deleted_at is null
      and tenant_consented_at is null`);
  const rows = rowsOf<{ applid: number; landlord_id: number }>(
    await db.execute(sql`
      select a.applid, u.landlord_id from applications a join rental_units u on u.rentcode = a.rentcode
      where a.rentcode = any(${sql.raw(`array[${rentcodes.map((r) => `'${r}'`).join(',')}]`)}::text[])
        and a.completed_at is null and a.deleted_at is null`),
  );
  return rows.map((r) =>
    post(keys.get(Number(r.landlord_id))!, 'process/application/DomesticHelperAndFamily', {
      applid: Number(r.applid),
      membercode: [],
      helperCode: [],
    }),
  );
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const database = await openBenchDatabase(url, {
    reseed: process.argv.includes('--reseed'),
    applications: Number((arg('applications') ?? '1000000').replace(/_/g, '')),
    poolSize,
  });
  const { db } = database.handle;
  const config = configSchema.parse({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    MRSS_KEY_ENCRYPTION_KEY: BENCH_KEY_ENCRYPTION_KEY,
  });
  // Enough units that no request reuses one: the warm-up and the run at the goal rate, then 8 clients flat out.
  const atRate = Math.ceil(rate * (WARM_UP_SECONDS + seconds));
  const flatOut = Math.ceil(1500 * seconds);
  const fixtures = await freshUnits(db, atRate + flatOut);
  const keys = await keysFor(
    db,
    fixtures.map((f) => f.landlordId),
  );
  const generate = (f: Fixture) =>
    post(keys.get(f.landlordId)!, 'process/anonymous/generateApplication', {
      rentcode: f.rentcode,
      tenantid: f.tenantId,
    });
  const app = await buildApp({ db, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const rows: Row[] = [];
  try {
    const warm = fixtures.slice(0, rate * WARM_UP_SECONDS).map(generate);
    await runLoadWorker({ mode: 'rate', port, requests: warm, rate, seconds: WARM_UP_SECONDS });
    const measured = fixtures.slice(rate * WARM_UP_SECONDS, atRate);
    const run = await runLoadWorker({ mode: 'rate', port, requests: measured.map(generate), rate, seconds });
    rows.push(summarise('generate (new application + first flow entry)', `${rate}/s for ${seconds} s`, run));
    const capacity = await runLoadWorker({
      mode: 'closed',
      port,
      requests: fixtures.slice(atRate).map(generate),
      concurrency: clients,
      seconds,
    });
    rows.push(summarise('generate', `${clients} clients, ${seconds} s`, capacity));
    const applies = await appliedRequests(
      db,
      keys,
      measured.map((f) => f.rentcode),
    );
    const applied = await runLoadWorker({
      mode: 'rate',
      port,
      requests: applies,
      rate,
      seconds: applies.length / rate,
    });
    rows.push(summarise('apply (members + status notice)', `${rate}/s`, applied));
  } finally {
    await app.close();
  }
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from applications`));
  await database.handle.close();
  report(rows, { applications: n, seeding: database.seeding, loadBefore });
}

function report(rows: Row[], info: { applications: number; seeding: string; loadBefore: number[] }) {
  const fmt = (n: number) => n.toFixed(1);
  console.log(
    `\nCreation benchmark: ${info.applications.toLocaleString('en-US')} applications (${info.seeding}); ` +
      `${cpus().length} CPUs, load average before ${info.loadBefore.map(fmt).join(' ')}, after ${loadavg().map(fmt).join(' ')}; pool ${poolSize}\n`,
  );
  for (const r of rows) {
    console.log(
      `${r.scenario.padEnd(48)} ${r.load.padEnd(20)} ${String(r.requests).padStart(6)} req  ${fmt(r.perSecond).padStart(7)}/s  p50 ${fmt(r.p50).padStart(6)} ms  p99 ${fmt(r.p99).padStart(6)} ms  max ${fmt(r.max).padStart(6)} ms  ${r.statuses}`,
    );
  }
  const [atGoal] = rows;
  const ok = !/errors|[45]\d\dx/.test(atGoal.statuses);
  const met = atGoal.perSecond >= rate * 0.98 && atGoal.p99 <= 50 && ok && rate >= 300;
  console.log(`\ngoal: >= 300 creations/s at p99 <= 50 ms: ${met ? 'met' : 'MISSED'}`);
  process.exitCode = met ? 0 : 1;
}

main().catch((err: unknown) => {
  const cause = err instanceof Error && err.cause instanceof Error ? `\ncaused by: ${err.cause.message}` : '';
  console.error(err instanceof Error ? `${err.message.slice(0, 300)}${cause}` : err);
  process.exitCode = 1;
});
