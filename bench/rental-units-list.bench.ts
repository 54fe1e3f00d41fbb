import { sql } from 'drizzle-orm';
import { API_BASE } from '../src/contract/api';
import { buildApp } from '../src/server/app';
import { configSchema } from '../src/server/config';
import { benchOfficials, openBenchDatabase } from './applications-bench.setup';
import { arg, BENCH_KEY_ENCRYPTION_KEY, benchDatabaseUrl, percentile } from './bench-kit';

// The officials' rental-units list (`GET register/rentalUnits`, docs/staff-registration.md) on the scale seed:
//   npx tsx bench/rental-units-list.bench.ts [--url=postgres://...] [--runs=40]
// Through the real app (app.inject: routing, guard, session check, query, serialisation; no socket), one request
// at a time, for a ward, a locality and a district official, on page 0, a deep page, and the two filters.
// Seeds the database first when it is missing or empty (bench/seed-million.ts), like `npm run bench:scale`.

const url = benchDatabaseUrl();
const runs = Number(arg('runs') ?? 40);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function main() {
  const { handle, seeding } = await openBenchDatabase(url, {
    reseed: false,
    applications: 1_000_000,
    poolSize: 4,
  });
  const { db } = handle;
  const config = configSchema.parse({
    NODE_ENV: 'production',
    MRSS_KEY_ENCRYPTION_KEY: BENCH_KEY_ENCRYPTION_KEY,
    LOG_LEVEL: 'warn',
    SESSION_IDLE_MS: '3600000',
  });
  const [{ units }] = rowsOf<{ units: number }>(
    await db.execute(sql`select count(*)::int as units from rental_units where disowned_at is null`),
  );
  // The busiest ward, its locality and its district: the largest pages each level of official reads.
  const [{ ward }] = rowsOf<{ ward: string }>(
    await db.execute(
      sql`select ward_code as ward from rental_units group by 1 order by count(*) desc, 1 limit 1`,
    ),
  );
  const locality = ward.slice(0, 13);
  const district = ward.slice(2, 6);
  const [{ epic }] = rowsOf<{ epic: string }>(
    await db.execute(sql`select l.epic_no as epic from landlords l join rental_units u on u.landlord_id = l.id
      where substr(u.ward_code, 3, 4) = ${district} and u.disowned_at is null limit 1`),
  );
  const officials = await benchOfficials(db, config, [
    { role: 'MODERATOR', usercode: ward },
    { role: 'SUPERMODERATOR', usercode: locality },
    { role: 'VERIFIER', usercode: district },
  ]);
  const app = await buildApp({ db, config });
  await app.ready();

  const scenarios: [string, (typeof officials)[number], string][] = [];
  for (const official of officials) {
    scenarios.push([`${official.role} ${official.usercode}, page 0`, official, '?page=0']);
    scenarios.push([`${official.role} ${official.usercode}, page 0, size 100`, official, '?page=0&size=100']);
  }
  const verifier = officials[2];
  scenarios.push([`VERIFIER ${district}, deep page (the last)`, verifier, '']);
  scenarios.push([`VERIFIER ${district}, q=landlord EPIC`, verifier, `?q=${epic}`]);
  scenarios.push([
    `VERIFIER ${district}, q=address text`,
    verifier,
    `?q=${encodeURIComponent('church road')}`,
  ]);

  console.log(
    `${units.toLocaleString('en-US')} rental units (${seeding}); ${runs} sequential requests per row`,
  );
  console.log('| Scenario | Rows in scope | p50 ms | p90 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, official, fixedQuery] of scenarios) {
    const inject = (query: string) =>
      app.inject({
        method: 'GET',
        url: `${API_BASE}/register/rentalUnits${query}`,
        headers: { authorization: `Bearer ${official.token}` },
      });
    let query = fixedQuery;
    const first = await inject(query || '?page=0');
    if (first.statusCode !== 200) throw new Error(`${name}: ${first.statusCode} ${first.body}`);
    const reply = first.json<{ totalElements: number; totalPages: number }>();
    if (!fixedQuery) query = `?page=${Math.max(0, reply.totalPages - 1)}`;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const res = await inject(query);
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode}`);
    }
    times.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(1);
    console.log(
      `| ${name}${fixedQuery ? '' : ` (${query})`} | ${reply.totalElements.toLocaleString('en-US')} | ${f(percentile(times, 50))} | ${f(percentile(times, 90))} | ${f(times[times.length - 1])} |`,
    );
  }
  await app.close();
  await handle.close();
}

await main();
