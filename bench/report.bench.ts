import { sql } from 'drizzle-orm';
import { API_BASE } from '../src/contract/api';
import { REPORT_EXPORT_PAGE_SIZE, reportPath, type ReportPage } from '../src/contract/reports.contract';
import { buildApp } from '../src/server/app';
import { configSchema } from '../src/server/config';
import { indianDate } from '../src/server/services/domestic-helpers';
import { buildReportPdf } from '../src/web/features/report/report-pdf';
import { benchOfficials, openBenchDatabase } from './applications-bench.setup';
import { arg, BENCH_KEY_ENCRYPTION_KEY, benchDatabaseUrl, percentile } from './bench-kit';

// The Application Report (docs/reports.md) on the scale seed: a year of the busiest district, through the real
// app (app.inject: routing, guard, session, query, serialisation), one request at a time:
//   npx tsx bench/report.bench.ts [--url=postgres://...] [--runs=100]
// Then the PDF export as the browser makes it: every row in pages of REPORT_EXPORT_PAGE_SIZE, then
// buildReportPdf (the same code the browser's worker runs), with its time, size and this process's memory.

const url = benchDatabaseUrl();
const runs = Number(arg('runs') ?? 100);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function main() {
  const { handle } = await openBenchDatabase(url, { reseed: false, applications: 1_000_000, poolSize: 4 });
  const { db } = handle;
  const config = configSchema.parse({
    NODE_ENV: 'production',
    MRSS_KEY_ENCRYPTION_KEY: BENCH_KEY_ENCRYPTION_KEY,
    LOG_LEVEL: 'warn',
    SESSION_IDLE_MS: '3600000',
  });
  const endDate = indianDate(new Date());
  const startDate = indianDate(new Date(Date.now() - 364 * 86_400_000));
  // The district with the most applications submitted in the year, and its busiest station.
  const [{ district }] = rowsOf<{ district: string }>(
    await db.execute(sql`select district_code as district from applications
      where completed_at >= ${startDate}::date and deleted_at is null group by 1 order by count(*) desc, 1 limit 1`),
  );
  const [{ station }] = rowsOf<{ station: string }>(
    await db.execute(sql`select station_code as station from applications where district_code = ${district}
      and completed_at >= ${startDate}::date and deleted_at is null group by 1 order by count(*) desc, 1 limit 1`),
  );
  const [verifier, supervisor] = await benchOfficials(db, config, [
    { role: 'VERIFIER', usercode: district },
    { role: 'SUPERVISOR', usercode: '17' },
  ]);
  const app = await buildApp({ db, config });
  await app.ready();

  const report = async (
    official: typeof verifier,
    code: string,
    status: string,
    page: number,
    size: number,
  ) => {
    const res = await app.inject({
      method: 'POST',
      url: `${API_BASE}/${reportPath({ username: official.username, startDate, endDate, page, code })}?size=${size}`,
      headers: { authorization: `Bearer ${official.token}` },
      payload: { statuscode: status },
    });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json<ReportPage>();
  };

  console.log(`Report ${startDate} to ${endDate}; ${runs} sequential requests per row (first page + count)`);
  console.log('| Scenario | Rows in the report | p50 ms | p99 ms | max ms |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  const scenarios: [string, typeof verifier, string, string, 'first' | 'last'][] = [];
  for (const status of ['PLVP', 'RJT', 'LARP', 'LAVP']) {
    scenarios.push([`VERIFIER ${district}, ${status}, page 0`, verifier, district, status, 'first']);
  }
  scenarios.push([`VERIFIER ${district}, PLVP, last page`, verifier, district, 'PLVP', 'last']);
  scenarios.push([`SUPERVISOR, station ${station}, PLVP, page 0`, supervisor, station, 'PLVP', 'first']);
  for (const [name, official, code, status, which] of scenarios) {
    const first = await report(official, code, status, 0, 10);
    const page = which === 'first' ? 0 : Math.max(0, first.totalPages - 1);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      await report(official, code, status, page, 10);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(1);
    console.log(
      `| ${name} | ${first.totalElements.toLocaleString('en-US')} | ${f(percentile(times, 50))} | ${f(percentile(times, 99))} | ${f(times[times.length - 1])} |`,
    );
  }

  // The export: the whole PLVP year of the district.
  const fetchStarted = performance.now();
  const rows: ReportPage['applDto'] = [];
  for (let page = 0; ; page++) {
    const part = await report(verifier, district, 'PLVP', page, REPORT_EXPORT_PAGE_SIZE);
    rows.push(...part.applDto);
    if (part.iscurrentPageLast) break;
  }
  const fetchMs = performance.now() - fetchStarted;
  const json = Buffer.byteLength(JSON.stringify(rows));
  const buildStarted = performance.now();
  const pdf = await buildReportPdf({ title: 'Application Report', subtitle: `${rows.length} rows`, rows });
  const buildMs = performance.now() - buildStarted;
  console.log(
    `\nPDF of VERIFIER ${district}, PLVP, a year: ${rows.length.toLocaleString('en-US')} rows fetched in ` +
      `${Math.ceil(rows.length / REPORT_EXPORT_PAGE_SIZE)} pages, ${(fetchMs / 1000).toFixed(1)} s, ` +
      `${(json / 1e6).toFixed(1)} MB of JSON; PDF built in ${(buildMs / 1000).toFixed(1)} s, ` +
      `${(pdf.byteLength / 1e6).toFixed(2)} MB; process heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB, ` +
      `rss ${Math.round(process.memoryUsage().rss / 1e6)} MB`,
  );
  await app.close();
  await handle.close();
}

await main();
