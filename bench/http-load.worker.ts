import { parentPort, workerData } from 'node:worker_threads';

// The load generator runs in its own thread, so the clients' own work (fetch, JSON) does not steal time
// from the server's event loop it is measuring; on a real deployment the clients are browsers elsewhere.

export interface LoadJob {
  url: string;
  /** JSON bodies to POST, used in order and then again from the start. */
  bodies: string[];
  concurrency: number;
  seconds: number;
}

export interface LoadResult {
  latencies: number[];
  statuses: Record<number, number>;
  elapsedSeconds: number;
}

async function run(job: LoadJob): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const started = performance.now();
  const deadline = started + job.seconds * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (performance.now() < deadline) {
        const body = job.bodies[next++ % job.bodies.length];
        const t0 = performance.now();
        const res = await fetch(job.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  return { latencies, statuses, elapsedSeconds: (performance.now() - started) / 1000 };
}

parentPort?.postMessage(await run(workerData as LoadJob));
