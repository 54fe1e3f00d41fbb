import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { API_BASE } from '../src/contract/api';
import type { CaptchaReply, PublicKeyReply } from '../src/contract/users.contract';
import { buildApp } from '../src/server/app';
import { configSchema } from '../src/server/config';
import { openPglite, type DbHandle } from '../src/server/db/client';
import { DEMO_ACCOUNTS } from '../src/server/db/seed/demo-hierarchy';
import { seedDemo } from '../src/server/db/seed/demo-seed';
import { seedRoles } from '../src/server/db/seed/roles-seed';
import { sealSecret } from '../tests/support/staff-signin';
import { createTestDatabase, TEST_PASSWORD } from '../tests/support/test-db';
import type { LoadJob, LoadResult } from './http-load.worker';
import { BENCH_KEY_ENCRYPTION_KEY } from './bench-kit';

// Sign-in throughput against the real app over HTTP: prepared (nonce, ciphertext, captcha) triples are fired
// by a few concurrent clients for a fixed time; then a run of throttled attempts shows they skip Argon2id.

export interface BenchRow {
  scenario: string;
  database: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU time of this process (server, Argon2id and WebCrypto threads, load client) per request: unlike the
   * rates, it does not depend on what else the machine is running. PostgreSQL's own CPU is not included. */
  cpuMsPerRequest: number;
  statuses: string;
}

export interface SigninBenchOptions {
  seconds: number;
  concurrency: number;
}

const CAPTCHA = 'BENCH1';

async function openDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ handle: DbHandle; dispose: () => Promise<void> }> {
  if (kind === 'postgres') {
    const database = await createTestDatabase('postgres');
    return { handle: database.handle, dispose: database.dispose };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'mrss-bench-'));
  const handle = await openPglite(dir);
  await handle.migrate();
  await seedRoles(handle.db);
  await seedDemo(handle.db, TEST_PASSWORD);
  return {
    handle,
    dispose: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Fires the bodies at `url` from a worker thread for the given time; latencies in ms. */
async function fire(url: string, bodies: object[], options: SigninBenchOptions) {
  const job: LoadJob = { url, bodies: bodies.map((b) => JSON.stringify(b)), ...options };
  // On Node 20 a worker does not inherit tsx's loader and refuses a .ts entry: a tiny JS entry registers
  // tsx in the worker, then imports the TypeScript load generator.
  const entry = new URL('./http-load.worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  const cpuBefore = process.cpuUsage();
  const worker = new Worker(boot, { eval: true, workerData: job });
  const result = await new Promise<LoadResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const cpu = process.cpuUsage(cpuBefore);
  await worker.terminate();
  const latencies = result.latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / result.elapsedSeconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length),
    statuses: Object.entries(result.statuses)
      .map(([code, n]) => `${code}x${n}`)
      .join(' '),
  };
}

export async function runSigninBench(
  kind: 'pglite' | 'postgres',
  options: SigninBenchOptions,
): Promise<BenchRow[]> {
  const { handle, dispose } = await openDatabase(kind);
  // Behind a trusted proxy, so each prepared triple can come from its own address: the anonymous endpoints
  // allow one address 60 requests a minute (src/server/security/anonymous-rate-limit.ts).
  // Demo mode: the fixed captcha is a demo convenience (docs/demo-and-production.md).
  const config = configSchema.parse({
    NODE_ENV: 'test',
    MRSS_DEMO: 'true',
    MRSS_CAPTCHA_FIXED: CAPTCHA,
    LOG_LEVEL: 'silent',
    // The bench's clients each write one X-Forwarded-For address, as one proxy in front would.
    TRUST_PROXY: '1',
    MRSS_KEY_ENCRYPTION_KEY: BENCH_KEY_ENCRYPTION_KEY,
  });
  const app = await buildApp({ db: handle.db, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}${API_BASE}`;
  let browsers = 0;
  const getJson = async <T>(p: string, from: number) =>
    (
      await fetch(`${base}/${p}`, {
        headers: { 'x-forwarded-for': `10.${from >> 16}.${(from >> 8) & 255}.${from & 255}` },
      })
    ).json() as Promise<T>;
  const post = (body: object) =>
    fetch(`${base}/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  try {
    // Enough triples for the fastest plausible rate; made before the clock starts, as browsers would.
    const count = Math.ceil(options.seconds * 150);
    const prepared: object[] = [];
    let made = 0;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (made < count) {
          // Round robin over the demo accounts, so no account has more attempts in flight than a person would.
          const index = made++;
          const username = DEMO_ACCOUNTS[index % DEMO_ACCOUNTS.length].username;
          const [{ publicKey, nonce }, { captchaId }] = await Promise.all([
            getJson<PublicKeyReply>('users/getPublicKey', index),
            getJson<CaptchaReply>('users/getcaptcha', index),
          ]);
          prepared[index] = {
            username,
            captcha: CAPTCHA,
            captchaId,
            password: await sealSecret(publicKey, { nonce, secret: TEST_PASSWORD }),
          };
        }
      }),
    );

    // Past the prepared triples a reused captcha would answer 400, which the status column would show.
    const signins = await fire(`${base}/users/signin`, prepared, options);

    // Lock one account for this address, then hammer it: every refusal must come before any hashing.
    for (let i = 0; i < 5; i++) {
      const [{ publicKey, nonce }, { captchaId }] = await Promise.all([
        getJson<PublicKeyReply>('users/getPublicKey', ++browsers),
        getJson<CaptchaReply>('users/getcaptcha', browsers),
      ]);
      const password = await sealSecret(publicKey, { nonce, secret: 'wrong-password' });
      await (await post({ username: 'admin', captcha: CAPTCHA, captchaId, password })).arrayBuffer();
    }
    const junk = { username: 'admin', captcha: 'XXXXX', captchaId: 'none', password: 'A'.repeat(344) };
    const throttled = await fire(`${base}/users/signin`, [junk], {
      ...options,
      seconds: Math.min(5, options.seconds),
    });

    return [
      { scenario: 'sign-in (Argon2id)', database: kind, ...signins },
      { scenario: 'throttled attempt', database: kind, ...throttled },
    ];
  } finally {
    await app.close();
    await dispose();
  }
}
