import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

// The scale benchmark's load generator, in its own thread so its work does not steal the server's event loop.
// Two modes:
// - 'rate': open loop at a fixed request rate (the way many independent browsers arrive): request k is due at
//   start + k / rate whether or not earlier ones have answered, so a slow server cannot slow the arrivals
//   down and hide its own queueing (coordinated omission). Latency is timed from the due time.
// - 'closed': `concurrency` clients each send the next prepared request as soon as the previous answered
//   (throughput of distinct workflow actions).

export interface PreparedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export type LoadJob =
  | { mode: 'rate'; port: number; requests: PreparedRequest[]; rate: number; seconds: number }
  | { mode: 'closed'; port: number; requests: PreparedRequest[]; concurrency: number; seconds: number };

export interface LoadResult {
  /** Milliseconds from the due time (rate mode) or the send time (closed mode) to the last byte. */
  latencies: number[];
  statuses: Record<number, number>;
  errors: number;
  elapsedSeconds: number;
  /** Rate mode: requests sent more than 5 ms after their due time (the generator itself fell behind). */
  lateStarts: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function send(port: number, req: PreparedRequest): Promise<number> {
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(req.body);
    }
    const r = http.request(
      { host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      },
    );
    r.on('error', () => resolve(0));
    r.end(req.body);
  });
}

async function runRate(job: Extract<LoadJob, { mode: 'rate' }>): Promise<LoadResult> {
  const result: LoadResult = { latencies: [], statuses: {}, errors: 0, elapsedSeconds: 0, lateStarts: 0 };
  const total = Math.round(job.rate * job.seconds);
  const interval = 1000 / job.rate;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let next = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && started + next * interval <= now) {
        const due = started + next * interval;
        if (now - due > 5) result.lateStarts++;
        const req = job.requests[next % job.requests.length];
        next++;
        inFlight.push(
          send(job.port, req).then((status) => {
            result.latencies.push(performance.now() - due);
            if (status === 0) result.errors++;
            else result.statuses[status] = (result.statuses[status] ?? 0) + 1;
          }),
        );
      }
      if (next < total) setTimeout(tick, Math.max(0, started + next * interval - performance.now() - 0.5));
      else done();
    };
    tick();
  });
  await Promise.all(inFlight);
  result.elapsedSeconds = (performance.now() - started) / 1000;
  return result;
}

async function runClosed(job: Extract<LoadJob, { mode: 'closed' }>): Promise<LoadResult> {
  const result: LoadResult = { latencies: [], statuses: {}, errors: 0, elapsedSeconds: 0, lateStarts: 0 };
  const started = performance.now();
  const deadline = started + job.seconds * 1000;
  let next = 0;
  // Each prepared request is sent once at most: workflow actions must not repeat.
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      while (performance.now() < deadline && next < job.requests.length) {
        const req = job.requests[next++];
        const t0 = performance.now();
        const status = await send(job.port, req);
        result.latencies.push(performance.now() - t0);
        if (status === 0) result.errors++;
        else result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      }
    }),
  );
  result.elapsedSeconds = (performance.now() - started) / 1000;
  return result;
}

const job = workerData as LoadJob;
const result = job.mode === 'rate' ? await runRate(job) : await runClosed(job);
agent.destroy();
parentPort?.postMessage(result);
