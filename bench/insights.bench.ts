import { sql } from 'drizzle-orm';
import { API_BASE } from '../src/contract/api';
import {
  INSIGHTS_EVENTS_CSV_PATH,
  INSIGHTS_EVENTS_OCEL_PATH,
  INSIGHTS_EVENTS_XES_PATH,
  INSIGHTS_LIFECYCLE_PATH,
  TOTAL_EVENTS_HEADER,
  insightsQuery,
  type InsightsFilter,
} from '../src/contract/insights.contract';
import { buildApp } from '../src/server/app';
import { configSchema } from '../src/server/config';
import { indianDate } from '../src/server/services/domestic-helpers';
import { benchOfficials, openBenchDatabase } from './applications-bench.setup';
import { arg, BENCH_KEY_ENCRYPTION_KEY, benchDatabaseUrl, percentile } from './bench-kit';

// The insights (docs/insights.md) on the scale seed:
//   node --expose-gc --import tsx bench/insights.bench.ts [--url=postgres://...] [--runs=50] [--part=lifecycle|export]
// (--expose-gc lets each export start from a collected heap; add --max-old-space-size=96 to show that a 100 MB
// export passes through a heap smaller than itself.)
// 1. The lifecycle numbers through the real app (app.inject), one request at a time: p50 / p99 / max. A district
//    and the state read the rollups of migration 0010, a station application_moves.
// 2. The export over a real socket (the app listening, this process reading and dropping the bytes), at three
//    sizes: events per second, and this process's peak RSS sampled every 20 ms during the download, against the
//    RSS before it. The server holds one batch at a time, so the peak should not grow with the row count.

const url = benchDatabaseUrl();
const runs = Number(arg('runs') ?? 50);
/** 'lifecycle', 'export' or both (the default). */
const part = arg('part');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const DAY = 86_400_000;

async function main() {
  const { handle } = await openBenchDatabase(url, { reseed: false, applications: 1_000_000, poolSize: 10 });
  const { db } = handle;
  const config = configSchema.parse({
    NODE_ENV: 'production',
    MRSS_KEY_ENCRYPTION_KEY: BENCH_KEY_ENCRYPTION_KEY,
    LOG_LEVEL: 'warn',
    SESSION_IDLE_MS: '3600000',
  });
  const to = indianDate(new Date());
  const from = indianDate(new Date(Date.now() - 364 * DAY));
  const quarter = indianDate(new Date(Date.now() - 90 * DAY));
  const [{ district }] = rowsOf<{ district: string }>(
    await db.execute(sql`select district_code as district from applications
      where completed_at >= ${from}::date and deleted_at is null group by 1 order by count(*) desc, 1 limit 1`),
  );
  const [{ station }] = rowsOf<{ station: string }>(
    await db.execute(sql`select station_code as station from applications where district_code = ${district}
      group by 1 order by count(*) desc, 1 limit 1`),
  );
  const [verifier, supervisor] = await benchOfficials(db, config, [
    { role: 'VERIFIER', usercode: district },
    { role: 'SUPERVISOR', usercode: '17' },
  ]);
  const app = await buildApp({ db, config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const lifecycle = async (token: string, filter: InsightsFilter) => {
    const res = await app.inject({
      method: 'POST',
      url: `${API_BASE}/${INSIGHTS_LIFECYCLE_PATH}`,
      headers: { authorization: `Bearer ${token}` },
      payload: filter,
    });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  };
  console.log(`Lifecycle numbers ${from} to ${to}; ${runs} sequential requests each after one warm-up`);
  console.log('| Scenario | p50 ms | p99 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: |');
  const scenarios: [string, string, InsightsFilter][] = [
    [`VERIFIER ${district}, a year`, verifier.token, { from, to }],
    [`SUPERVISOR, station ${station}, a year`, supervisor.token, { from, to, stationCode: station }],
    [`SUPERVISOR, whole state, a year`, supervisor.token, { from, to }],
    [`SUPERVISOR, whole state, 90 days`, supervisor.token, { from: quarter, to }],
  ];
  for (const [name, token, filter] of part === 'export' ? [] : scenarios) {
    await lifecycle(token, filter);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await lifecycle(token, filter);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(0);
    console.log(
      `| ${name} | ${f(percentile(times, 50))} | ${f(percentile(times, 99))} | ${f(times[times.length - 1])} |`,
    );
  }

  console.log('\nExport over a socket (bytes read and dropped by the client in this process)');
  console.log(
    '| Export | Events | Count header ms | Seconds | Events/s | MB | RSS before MB | Peak RSS MB | Heap before MB | Peak heap MB |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const exports: [string, string, string, InsightsFilter][] = [
    [`CSV, district ${district}, 90 days`, verifier.token, INSIGHTS_EVENTS_CSV_PATH, { from: quarter, to }],
    [`CSV, district ${district}, a year`, verifier.token, INSIGHTS_EVENTS_CSV_PATH, { from, to }],
    [`XES, district ${district}, a year`, verifier.token, INSIGHTS_EVENTS_XES_PATH, { from, to }],
    [`OCEL, district ${district}, a year`, verifier.token, INSIGHTS_EVENTS_OCEL_PATH, { from, to }],
    [`CSV, whole state, a year`, supervisor.token, INSIGHTS_EVENTS_CSV_PATH, { from, to }],
  ];
  for (const [name, token, path, filter] of part === 'lifecycle' ? [] : exports) {
    global.gc?.();
    const before = process.memoryUsage().rss;
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = before;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.rss);
      heapPeak = Math.max(heapPeak, now.heapUsed);
    }, 20);
    const started = performance.now();
    const res = await fetch(`${address}${API_BASE}/${path}?${insightsQuery(filter)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const headerMs = performance.now() - started;
    if (!res.ok || !res.body) throw new Error(`${res.status} ${await res.text()}`);
    let bytes = 0;
    const reader = res.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read())
      bytes += part.value.byteLength;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const events = Number(res.headers.get(TOTAL_EVENTS_HEADER));
    const mb = (n: number) => (n / 1e6).toFixed(0);
    console.log(
      `| ${name} | ${events.toLocaleString('en-US')} | ${headerMs.toFixed(0)} | ${seconds.toFixed(1)} | ` +
        `${Math.round(events / seconds).toLocaleString('en-US')} | ${(bytes / 1e6).toFixed(1)} | ${mb(before)} | ${mb(peak)} | ${mb(heapBefore)} | ${mb(heapPeak)} |`,
    );
  }
  await app.close();
  await handle.close();
}

await main();
