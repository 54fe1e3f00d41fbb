import { Worker } from 'node:worker_threads';
import type { LoadJob, LoadResult } from './applications-load.worker';

// What the database benchmarks share: their --name=value arguments, the benchmark database's address, percentiles,
// and the load generator thread (bench/applications-load.worker.ts).

/** The value of `--name=value` on the command line, if given. */
/**
 * The key-encryption key of the bench servers (docs/secrets.md): fixed, so a bench database opened again by a
 * later run still opens its server keys. Never a production key.
 */
export const BENCH_KEY_ENCRYPTION_KEY = Buffer.alloc(32, 11).toString('base64');

export function arg(name: string): string | undefined {
  return process.argv
    .find((a) => a.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=');
}

/** --url, else BENCH_DATABASE_URL, else the local benchmark database. */
export function benchDatabaseUrl(): string {
  return arg('url') ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mrss_bench';
}

/** The p-th percentile (0-100) of ascending times; 0 for none. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs one load job in its own thread, so generating the load does not steal the server's event loop. */
export function runLoadWorker(job: LoadJob): Promise<LoadResult> {
  // Node 20 workers do not inherit tsx's loader: a tiny JS entry registers it, then loads the TypeScript worker.
  const entry = new URL('./applications-load.worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: job });
  return new Promise<LoadResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** What a load run measured: requests answered, their rate, latency percentiles, and the statuses seen. */
export interface LoadSummary {
  requests: number;
  perSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** e.g. '200x3000 late starts x11': statuses by count, transport errors, late sends of the generator. */
  statuses: string;
}

export function summariseLoad(result: LoadResult): LoadSummary {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const statuses = Object.entries(result.statuses).map(([code, n]) => `${code}x${n}`);
  if (result.errors) statuses.push(`errors x${result.errors}`);
  if (result.lateStarts) statuses.push(`late starts x${result.lateStarts}`);
  return {
    requests: sorted.length,
    perSecond: sorted.length / result.elapsedSeconds,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    statuses: statuses.join(' '),
  };
}
