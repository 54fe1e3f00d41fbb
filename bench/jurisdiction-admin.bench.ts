import { API_BASE } from '../src/contract/api';
import { buildApp } from '../src/server/app';
import { configSchema } from '../src/server/config';
import { benchOfficials, openBenchDatabase } from './applications-bench.setup';
import { arg, BENCH_KEY_ENCRYPTION_KEY, benchDatabaseUrl, percentile } from './bench-kit';

// The staff tables of the jurisdiction screens (docs/jurisdiction-admin.md) on the scale seed (120 stations, 600
// localities, 3,000 wards, the bench officials' accounts), through the real app, one request at a time:
//   npx tsx bench/jurisdiction-admin.bench.ts [--url=postgres://...] [--runs=50]
// Read-only: it creates no unit (the bench database is shared).

const url = benchDatabaseUrl();
const runs = Number(arg('runs') ?? 50);

async function main() {
  const { handle } = await openBenchDatabase(url, { reseed: false, applications: 1_000_000, poolSize: 4 });
  const config = configSchema.parse({
    NODE_ENV: 'production',
    MRSS_KEY_ENCRYPTION_KEY: BENCH_KEY_ENCRYPTION_KEY,
    LOG_LEVEL: 'warn',
    SESSION_IDLE_MS: '3600000',
  });
  const [admin, verifier] = await benchOfficials(handle.db, config, [
    { role: 'ADMIN', usercode: '17' },
    { role: 'VERIFIER', usercode: '1701' },
  ]);
  const app = await buildApp({ db: handle.db, config });
  await app.ready();

  console.log(`${runs} sequential requests per row`);
  console.log('| Call | Caller | Rows | Bytes | p50 ms | p99 ms | max ms |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  const cases: [string, typeof admin][] = [
    ['master/staff/policestations', admin],
    ['master/staff/localities', admin],
    ['master/staff/localauthorities', admin],
    ['master/staff/localities', verifier],
    ['master/staff/localauthorities', verifier],
    ['master/staff/localauthorities?localityCode=PS1701001LA01', verifier],
  ];
  for (const [path, official] of cases) {
    const call = () =>
      app.inject({
        method: 'GET',
        url: `${API_BASE}/${path}`,
        headers: { authorization: `Bearer ${official.token}` },
      });
    const first = await call();
    if (first.statusCode !== 200) throw new Error(`${path}: ${first.statusCode} ${first.body}`);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const rows = first.json<unknown[]>().length;
    console.log(
      `| ${path} | ${official.role} ${official.usercode} | ${rows} | ${first.body.length} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${times.at(-1)!.toFixed(1)} |`,
    );
  }
  await app.close();
  await handle.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
