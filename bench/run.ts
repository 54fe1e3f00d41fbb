import { cpus, loadavg } from 'node:os';
import { runSigninBench, type BenchRow } from './signin.bench';

// `npm run bench [-- name...]`: runs the benchmarks on PGlite, and on PostgreSQL too when TEST_DATABASE_URL
// is set. BENCH_SECONDS and BENCH_CONCURRENCY tune the runs.

type Kind = 'pglite' | 'postgres';
interface Bench {
  name: string;
  run: (kind: Kind) => Promise<BenchRow[]>;
  /** What "good enough" means, checked on each row it applies to. */
  goal?: { scenario: string; minPerSecond: number; maxP95: number };
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);

const BENCHES: Bench[] = [
  {
    name: 'signin',
    run: (kind) => runSigninBench(kind, { seconds, concurrency }),
    goal: { scenario: 'sign-in (Argon2id)', minPerSecond: 40, maxP95: 250 },
  },
];

function printTable(rows: BenchRow[]): void {
  const header = [
    'scenario',
    'database',
    'requests',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'cpu ms/req',
    'statuses',
  ];
  const body = rows.map((r) => [
    r.scenario,
    r.database,
    String(r.requests),
    r.perSecond.toFixed(1),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.p99.toFixed(1),
    r.cpuMsPerRequest.toFixed(1),
    r.statuses,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 && i <= 7 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
}

const wanted = process.argv.slice(2);
const kinds: Kind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
let missed = 0;
for (const bench of BENCHES.filter((b) => wanted.length === 0 || wanted.includes(b.name))) {
  const rows: BenchRow[] = [];
  for (const kind of kinds) rows.push(...(await bench.run(kind)));
  // The rates depend on what else the machine runs: say so next to them.
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `\n${bench.name} (${seconds} s, concurrency ${concurrency}; ${cpus().length} CPUs, load average ${load})\n`,
  );
  printTable(rows);
  for (const row of rows.filter((r) => r.scenario === bench.goal?.scenario)) {
    const { minPerSecond, maxP95 } = bench.goal!;
    const met = row.perSecond >= minPerSecond && row.p95 <= maxP95;
    if (!met) missed++;
    console.log(
      `goal on ${row.database}: >= ${minPerSecond}/s at p95 <= ${maxP95} ms: ${met ? 'met' : 'MISSED'}`,
    );
  }
}
process.exitCode = missed > 0 ? 1 : 0;
