import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { API_BASE } from '../src/contract/api';
import type { SearchEntity } from '../src/contract/search.contract';
import { buildApp } from '../src/server/app';
import { configSchema } from '../src/server/config';
import type { Db } from '../src/server/db/client';
import { rowsOf } from '../src/server/db/rows-of';
import type { PreparedRequest } from './applications-load.worker';
import { benchOfficials, openBenchDatabase, type BenchOfficial } from './applications-bench.setup';
import { arg, BENCH_KEY_ENCRYPTION_KEY, benchDatabaseUrl, runLoadWorker, summariseLoad } from './bench-kit';

// The officials' search (POST process/search, docs/search.md) on the scale seed (bench/seed-million.ts: a million
// tenants, 200,000 landlords), through the real server on a socket, at a fixed arrival rate (open loop, so a slow
// answer cannot slow the arrivals down):
//   flock /tmp/bench.lock npx tsx bench/search.bench.ts [--url=postgres://...] [--rate=100] [--seconds=20]
// Callers: ward officers (MODERATOR) of 20 wards, locality officers (SUPERMODERATOR) of 10 localities and the
// statewide SUPERVISOR; queries: partial and misspelt names made from the names seeded in each caller's own
// jurisdiction (a prefix, a letter dropped, two letters swapped, a name with a misspelt surname), 4 in 5 for
// tenants. One mixed run in the proportion of the officials who search (the seed has 3000 wards, 600 localities
// and one statewide supervisor: 70% ward, 25% locality, 5% supervisor), then each kind of caller alone; after each
// run, the same requests one at a time (the service time, without queueing behind the machine's other work).

const url = benchDatabaseUrl();
const rate = Number(arg('rate') ?? 100);
const seconds = Number(arg('seconds') ?? 20);
const poolSize = Number(arg('pool') ?? 10);

/** Deterministic choices, so two runs send the same requests. */
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];

const dropLetter = (w: string) => {
  const i = 1 + Math.floor(random() * (w.length - 2));
  return w.slice(0, i) + w.slice(i + 1);
};
const swapLetters = (w: string) => {
  const i = 1 + Math.floor(random() * (w.length - 3));
  return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
};

/** A partial or misspelt form of a seeded name, as an official would type it. */
function queryFor(first: string, last: string): string {
  switch (Math.floor(random() * 5)) {
    case 0:
      return first.slice(0, 4 + Math.floor(random() * 3));
    case 1:
      return dropLetter(first);
    case 2:
      return `${first} ${swapLetters(last)}`;
    case 3:
      return last.length > 5 ? dropLetter(last) : `${first} ${last.slice(0, 3)}`;
    default:
      return `${first.slice(0, 5).toLowerCase()} ${last.slice(0, 4).toLowerCase()}`;
  }
}

type Names = { first: string; last: string }[];

/** Some names of people in a caller's reach: the scope's own people, or any for the state. */
async function namesIn(db: Db, entity: SearchEntity, code: string | null): Promise<Names> {
  // Ward and locality codes have their own column (and index) on both tables.
  const column = sql.raw(code !== null && code.length > 13 ? 'ward_code' : 'locality_code');
  const scope =
    code === null
      ? sql`true`
      : entity === 'tenant'
        ? sql`t.id in (select tenant_id from applications where ${column} = ${code} limit 200)`
        : sql`t.id in (select landlord_id from rental_units where ${column} = ${code} limit 200)`;
  const table = entity === 'tenant' ? sql`tenants` : sql`landlords`;
  return rowsOf<{ first: string; last: string }>(
    await db.execute(
      sql`select first_name as first, last_name as last from ${table} t where ${scope} limit 40`,
    ),
  );
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const database = await openBenchDatabase(url, { reseed: false, applications: 1_000_000, poolSize });
  const { db } = database.handle;
  const config = configSchema.parse({
    NODE_ENV: 'production',
    MRSS_KEY_ENCRYPTION_KEY: BENCH_KEY_ENCRYPTION_KEY,
    LOG_LEVEL: 'warn',
    SESSION_IDLE_MS: '3600000',
  });
  const [counts] = rowsOf<{ tenants: number; landlords: number }>(
    await db.execute(
      sql`select (select count(*) from tenants)::int as tenants, (select count(*) from landlords)::int as landlords`,
    ),
  );
  const wards = rowsOf<{ code: string }>(
    await db.execute(sql`select code from wards order by md5(code) limit 20`),
  ).map((r) => r.code);
  const localities = [...new Set(wards.map((w) => w.slice(0, 13)))].slice(0, 10);
  const officials = await benchOfficials(db, config, [
    ...wards.map((usercode) => ({ role: 'MODERATOR' as const, usercode })),
    ...localities.map((usercode) => ({ role: 'SUPERMODERATOR' as const, usercode })),
    { role: 'SUPERVISOR' as const, usercode: '17' },
  ]);

  const requestsFor = async (who: BenchOfficial[], count: number): Promise<PreparedRequest[]> => {
    const names = new Map<string, Names>();
    const out: PreparedRequest[] = [];
    for (let i = 0; i < count; i++) {
      const official = pick(who);
      const entity: SearchEntity = random() < 0.8 ? 'tenant' : 'landlord';
      const key = `${official.usercode}:${entity}`;
      if (!names.has(key)) {
        names.set(key, await namesIn(db, entity, official.role === 'SUPERVISOR' ? null : official.usercode));
      }
      const name = pick(names.get(key)!);
      out.push({
        method: 'POST',
        path: `${API_BASE}/process/search`,
        headers: { authorization: `Bearer ${official.token}` },
        body: JSON.stringify({ name: queryFor(name.first, name.last ?? ''), entity }),
      });
    }
    return out;
  };
  const ward = officials.filter((o) => o.role === 'MODERATOR');
  const locality = officials.filter((o) => o.role === 'SUPERMODERATOR');
  const supervisor = officials.filter((o) => o.role === 'SUPERVISOR');
  const total = rate * seconds;
  const mixed = [
    ...(await requestsFor(ward, (total * 70) / 100)),
    ...(await requestsFor(locality, (total * 25) / 100)),
    ...(await requestsFor(supervisor, (total * 5) / 100)),
  ].sort(() => random() - 0.5);
  // [callers, requests, rate]: the supervisor alone also at a fifth of the rate (one official statewide).
  const runs: [string, PreparedRequest[], number][] = [
    ['mixed: 70% ward, 25% locality, 5% supervisor', mixed, rate],
    ['ward officers (MODERATOR, 20 wards)', await requestsFor(ward, total), rate],
    ['locality officers (SUPERMODERATOR, 10 localities)', await requestsFor(locality, total), rate],
    ['SUPERVISOR (statewide)', await requestsFor(supervisor, total / 5), rate / 5],
  ];

  const app = await buildApp({ db, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const rows: string[] = [];
  try {
    for (const [name, requests, perSecond] of runs) {
      await runLoadWorker({ mode: 'rate', port, requests, rate: perSecond, seconds: 2 });
      const s = summariseLoad(
        await runLoadWorker({ mode: 'rate', port, requests, rate: perSecond, seconds }),
      );
      const f = (n: number) => n.toFixed(1);
      rows.push(
        `| ${name} | ${perSecond}/s for ${seconds} s | ${s.requests} | ${f(s.p50)} | ${f(s.p90)} | ${f(s.p99)} | ${f(s.max)} | ${s.statuses} |`,
      );
      // Service time without queueing: one client, each request sent when the previous answered.
      const one = summariseLoad(
        await runLoadWorker({
          mode: 'closed',
          port,
          requests: requests.slice(0, 300),
          concurrency: 1,
          seconds,
        }),
      );
      rows.push(
        `| ${name} | 1 client, back to back | ${one.requests} | ${f(one.p50)} | ${f(one.p90)} | ${f(one.p99)} | ${f(one.max)} | ${one.statuses} |`,
      );
    }
  } finally {
    await app.close();
    await database.handle.close();
  }
  const fmt = (n: number) => n.toFixed(1);
  console.log(
    `\nSearch benchmark: ${counts.tenants.toLocaleString('en-US')} tenants, ${counts.landlords.toLocaleString('en-US')} landlords (${database.seeding}); ` +
      `${cpus().length} CPUs, load average before ${loadBefore.map(fmt).join(' ')}, after ${loadavg().map(fmt).join(' ')}; pool ${poolSize}\n`,
  );
  console.log('| Callers | Load | Requests | p50 ms | p90 ms | p99 ms | max ms | Statuses |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const row of rows) console.log(row);
}

await main();
