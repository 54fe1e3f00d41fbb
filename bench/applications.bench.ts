import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import Fastify from 'fastify';
import pg from 'pg';
import { API_BASE } from '../src/contract/api';
import { buildApp } from '../src/server/app';
import { configSchema } from '../src/server/config';
import { applicationFormPdf } from '../src/server/pdf/application-form.pdf';
import { applicationFormData } from '../src/server/services/documents-application-form.service';
import {
  applicationsIn,
  benchOfficials,
  busiest,
  openBenchDatabase,
  type BenchOfficial,
} from './applications-bench.setup';
import {
  arg,
  BENCH_KEY_ENCRYPTION_KEY,
  benchDatabaseUrl,
  percentile,
  runLoadWorker,
  summariseLoad,
} from './bench-kit';
import type { LoadJob, LoadResult, PreparedRequest } from './applications-load.worker';

// The scale benchmark: the real app on the million-application PostgreSQL database, driven over HTTP.
//   npm run bench:scale [-- --reseed] [--url=postgres://...] [--rate=500] [--seconds=15] [--pool=10]
// (a) a bare Fastify + pg `SELECT 1` route (the floor any route pays), (b) the pending lists at page 0,
// (c) a deep page against page 0 of the same list, (d) workflow transitions as fast as 16 clients go,
// (e) the completed application form PDF. Results and their analysis: docs/measurements.md.

const url = benchDatabaseUrl();
const rate = Number(arg('rate') ?? 500);
const seconds = Number(arg('seconds') ?? 15);
const transitionSeconds = Number(arg('transition-seconds') ?? 10);
const concurrency = Number(arg('concurrency') ?? 16);
const poolSize = Number(arg('pool') ?? 10);
const deepPage = Number(arg('deep-page') ?? 500);
/** A rate the lists sustain on this machine, to read their service time apart from queueing. */
const lowRate = Number(arg('low-rate') ?? 100);

interface Row {
  scenario: string;
  load: string;
  requests: number;
  perSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** CPU time of the server's thread (this process's main thread) per request: independent of the neighbours. */
  cpuMs: number;
  statuses: string;
}

/** CPU ms used so far by this process's main thread, where both servers run (Linux; NaN elsewhere). */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
  } catch {
    return Number.NaN;
  }
}

async function runWorker(job: LoadJob): Promise<LoadResult & { cpuMs: number }> {
  const cpuBefore = mainThreadCpuMs();
  const result = await runLoadWorker(job);
  return { ...result, cpuMs: mainThreadCpuMs() - cpuBefore };
}

function summarise(scenario: string, load: string, result: LoadResult & { cpuMs: number }): Row {
  const summary = summariseLoad(result);
  return { scenario, load, ...summary, cpuMs: result.cpuMs / Math.max(1, summary.requests) };
}

/** A fixed-rate run after a short unrecorded warm-up at the same rate. */
async function atRate(
  scenario: string,
  port: number,
  requests: PreparedRequest[],
  perSecond = rate,
): Promise<Row> {
  await runWorker({ mode: 'rate', port, requests, rate: perSecond, seconds: 2 });
  const result = await runWorker({ mode: 'rate', port, requests, rate: perSecond, seconds });
  return summarise(scenario, `${perSecond}/s for ${seconds} s`, result);
}

/** The most a scenario serves: 8 clients sending back to back for 5 s. */
async function capacity(scenario: string, port: number, request: PreparedRequest): Promise<Row> {
  const requests = Array.from({ length: 200_000 }, () => request);
  return summarise(
    scenario,
    '8 clients, 5 s',
    await runWorker({ mode: 'closed', port, requests, concurrency: 8, seconds: 5 }),
  );
}

const get = (path: string, who: BenchOfficial): PreparedRequest => ({
  method: 'GET',
  path: `${API_BASE}/${path}`,
  headers: { authorization: `Bearer ${who.token}` },
});
const list = (who: BenchOfficial, status: string, page: number) =>
  get(`process/GetApplicationDetails/user/${status}/${who.usercode}/${who.username}/${page}`, who);

async function startBaseline(): Promise<{ port: number; close: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const app = Fastify({ logger: false });
  app.get('/select1', async () => (await pool.query('select 1 as one')).rows[0]);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as { port: number }).port,
    close: async () => (await app.close(), await pool.end()),
  };
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
    MRSS_KEY_ENCRYPTION_KEY: BENCH_KEY_ENCRYPTION_KEY,
    LOG_LEVEL: 'warn',
    SESSION_IDLE_MS: String(3_600_000),
  });

  const ward = await busiest(db, 'ward_code', 'LARP');
  const locality = await busiest(db, 'locality_code', 'LAVP');
  const district = await busiest(db, 'district_code', 'PLVP');
  // Transitions: distinct LARP applications (recommendApproval by their ward officers) and LAVP applications
  // (accept by their district's verifier), interleaved.
  const larp = await applicationsIn(db, 'LARP', 6000);
  const lavp = await applicationsIn(db, 'LAVP', 6000);
  const officials = await benchOfficials(db, config, [
    { role: 'MODERATOR', usercode: ward.code },
    { role: 'SUPERMODERATOR', usercode: locality.code },
    { role: 'VERIFIER', usercode: district.code },
    ...[...new Set(larp.map((a) => a.ward))].map((code) => ({ role: 'MODERATOR' as const, usercode: code })),
    ...[...new Set(lavp.map((a) => a.district))].map((code) => ({
      role: 'VERIFIER' as const,
      usercode: code,
    })),
  ]);
  const [moderator, supermoderator, verifier] = officials;
  const byCode = new Map(officials.slice(3).map((o) => [`${o.role}:${o.usercode}`, o]));
  const post = (who: BenchOfficial, applid: number, event: string): PreparedRequest => ({
    method: 'POST',
    path: `${API_BASE}/process/updateApplication`,
    headers: { authorization: `Bearer ${who.token}` },
    body: JSON.stringify({ applid, event }),
  });
  const transitions = larp.flatMap((a, i) => [
    post(byCode.get(`MODERATOR:${a.ward}`)!, a.applid, 'application.recommendApproval'),
    ...(lavp[i]
      ? [post(byCode.get(`VERIFIER:${lavp[i].district}`)!, lavp[i].applid, 'application.accept')]
      : []),
  ]);

  const app = await buildApp({ db, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const baseline = await startBaseline();
  const rows: Row[] = [];
  const baselineRequest: PreparedRequest = { method: 'GET', path: '/select1', headers: {} };
  const lists: [string, PreparedRequest][] = [
    [`(b) pending LARP page 0, ward ${ward.code} (${ward.count})`, list(moderator, 'LARP', 0)],
    [
      `(b) pending LAVP page 0, locality ${locality.code} (${locality.count})`,
      list(supermoderator, 'LAVP', 0),
    ],
    [`(c) approved PLVP page 0, district ${district.code} (${district.count})`, list(verifier, 'PLVP', 0)],
    [`(c) approved PLVP page ${deepPage}, district ${district.code}`, list(verifier, 'PLVP', deepPage)],
  ];
  try {
    rows.push(await atRate('(a) bare Fastify + pg SELECT 1', baseline.port, [baselineRequest]));
    for (const [name, request] of lists) rows.push(await atRate(name, port, [request]));
    rows.push(await capacity('(a) bare Fastify + pg SELECT 1', baseline.port, baselineRequest));
    for (const [name, request] of lists) rows.push(await capacity(name, port, request));
    rows.push(await atRate('(a) bare Fastify + pg SELECT 1', baseline.port, [baselineRequest], lowRate));
    for (const [name, request] of lists) rows.push(await atRate(name, port, [request], lowRate));
    const transitionRun = await runWorker({
      mode: 'closed',
      port,
      requests: transitions,
      concurrency,
      seconds: transitionSeconds,
    });
    rows.push(
      summarise(
        '(d) transitions (recommendApproval / accept)',
        `${concurrency} clients, ${transitionSeconds} s`,
        transitionRun,
      ),
    );
    const forms = larp
      .slice(0, 2000)
      .map((a) =>
        get(`process/user/GetCompletedApplicationForm/${a.applid}`, byCode.get(`MODERATOR:${a.ward}`)!),
      );
    rows.push(
      summarise(
        '(e) completed application form PDF',
        '4 clients, 5 s',
        await runWorker({ mode: 'closed', port, requests: forms, concurrency: 4, seconds: 5 }),
      ),
    );
  } finally {
    await baseline.close();
    await app.close();
  }
  const pdfTimes = await pdfGenerationTimes(
    db,
    larp.slice(0, 50).map((a) => a.applid),
  );
  await database.handle.close();
  report(rows, { seeding: database.seeding, applications: database.applications, loadBefore, pdfTimes });
}

/** Drawing time of the PDF alone (no database, no HTTP), per form. */
async function pdfGenerationTimes(db: Parameters<typeof applicationFormData>[0], ids: number[]) {
  const staff = { userId: 0, username: 'bench', role: 'ADMIN' as const, usercode: '17', level: 1 };
  const times: number[] = [];
  for (const id of ids) {
    const found = await applicationFormData(db, { kind: 'staff', staff }, id);
    if (!found.ok) continue;
    const t0 = performance.now();
    applicationFormPdf(found.data, { generatedBy: staff.username, generatedAt: new Date() });
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

function report(
  rows: Row[],
  info: { seeding: string; applications: number; loadBefore: number[]; pdfTimes: number[] },
) {
  const fmt = (n: number) => n.toFixed(1);
  console.log(
    `\nScale benchmark: ${info.applications.toLocaleString('en-US')} applications (${info.seeding}); ` +
      `${cpus().length} CPUs, load average before ${info.loadBefore.map(fmt).join(' ')}, after ${loadavg().map(fmt).join(' ')}; pool ${poolSize}\n`,
  );
  const header = [
    'scenario',
    'load',
    'requests',
    'req/s',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'max ms',
    'p50 x',
    'p99 x',
    'cpu ms/req',
    'statuses',
  ];
  // Each phase (goal rate, capacity, low rate) starts with its SELECT 1 row: ratios are to that row.
  let base = rows[0];
  const body = rows.map((r) => {
    if (r.scenario.startsWith('(a)')) base = r;
    return [
      r.scenario,
      r.load,
      String(r.requests),
      fmt(r.perSecond),
      fmt(r.p50),
      fmt(r.p90),
      fmt(r.p99),
      fmt(r.max),
      fmt(r.p50 / base.p50),
      fmt(r.p99 / base.p99),
      r.cpuMs.toFixed(2),
      r.statuses,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 && i <= 10 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  body.forEach((b, i) => {
    if (i > 0 && rows[i].scenario.startsWith('(a)')) console.log('');
    console.log(line(b));
  });
  if (info.pdfTimes.length) {
    console.log(
      `\nPDF drawing alone (${info.pdfTimes.length} forms): p50 ${fmt(percentile(info.pdfTimes, 50))} ms, max ${fmt(info.pdfTimes.at(-1)!)} ms`,
    );
  }

  const [, larpPage, lavpPage, page0, deep] = rows;
  // Rows: goal rate (a, b, b, c, c), capacity (a, b, b, c, c), low rate (a, b, b, c, c), transitions, PDF.
  const [lowPage0, lowDeep] = rows.slice(13, 15);
  const moves = rows[15];
  const ok = (r: Row) => !/errors|[45]\d\dx/.test(r.statuses);
  const notSlower = (d: Row, p: Row) => d.p50 <= 1.5 * p.p50 && d.p99 <= 1.5 * p.p99 && ok(d);
  const goals: [string, boolean][] = [
    [`pending lists p99 <= 25 ms at ${rate}/s`, [larpPage, lavpPage].every((r) => r.p99 <= 25 && ok(r))],
    [`deep page ${deepPage} no slower than 1.5x page 0 (p50 and p99) at ${rate}/s`, notSlower(deep, page0)],
    [
      `deep page ${deepPage} no slower than 1.5x page 0 (p50 and p99) at ${lowRate}/s`,
      notSlower(lowDeep, lowPage0),
    ],
    ['>= 300 transitions/s at p99 <= 50 ms', moves.perSecond >= 300 && moves.p99 <= 50 && ok(moves)],
  ];
  console.log('');
  for (const [goal, met] of goals) console.log(`goal: ${goal}: ${met ? 'met' : 'MISSED'}`);
  process.exitCode = goals.every(([, met]) => met) ? 0 : 1;
}

main().catch((err: unknown) => {
  // Drizzle puts the whole statement and its parameters in the message: keep the reason readable.
  const cause = err instanceof Error && err.cause instanceof Error ? `\ncaused by: ${err.cause.message}` : '';
  console.error(err instanceof Error ? `${err.message.slice(0, 300)}${cause}` : err);
  process.exitCode = 1;
});
