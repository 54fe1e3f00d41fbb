import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import { anonymousRateLimiter } from '../src/server/security/anonymous-rate-limit';
import { testConfig } from '../tests/support/test-app';
import { createTestDatabase, type TestDatabaseKind } from '../tests/support/test-db';

// Issue 20: what the database-backed anonymous flood limit adds to each anonymous request (one upsert, plus a
// purge of two ended rows when an address starts a window). The same probe route is timed with and without the
// limiter's onRequest hook, in-process (inject), sequentially, on an otherwise idle app.
//   npx tsx bench/anonymous-limit.bench.ts [--requests=2000]
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/anonymous-limit.bench.ts
// Results: docs/measurements.md.

const requests = Number(process.argv.find((a) => a.startsWith('--requests='))?.split('=')[1] ?? 2000);
const UNLIMITED = { max: 1_000_000, windowMs: 60_000 };

async function measure(kind: TestDatabaseKind): Promise<void> {
  const database = await createTestDatabase(kind, { demo: false });
  const app = await buildApp({ db: database.db, config: testConfig() });
  const limit = anonymousRateLimiter({ db: database.db, clock: { now: () => new Date() } });
  app.get('/bench/plain', async () => ({ ok: true }));
  app.get('/bench/limited', { onRequest: limit('bench', UNLIMITED) }, async () => ({ ok: true }));
  await app.ready();

  const time = async (url: string, address: (i: number) => string): Promise<number[]> => {
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      await app.inject({ method: 'GET', url, remoteAddress: address(i) });
      times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b);
  };
  const oneAddress = () => '198.51.100.1';
  const newAddressEach = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
  await time('/bench/plain', oneAddress); // warm-up
  await time('/bench/limited', oneAddress);
  const plain = await time('/bench/plain', oneAddress);
  const sameAddress = await time('/bench/limited', oneAddress);
  const freshAddresses = await time('/bench/limited', newAddressEach);
  const figures = (t: number[]) =>
    `mean ${(t.reduce((a, b) => a + b, 0) / t.length).toFixed(3)} ms, p50 ${t[t.length >> 1].toFixed(3)}, p99 ${t[Math.floor(t.length * 0.99)].toFixed(3)}`;
  console.log(`${kind}, ${requests} sequential requests each`);
  console.log(`  no limiter                       ${figures(plain)}`);
  console.log(`  limiter, one address (upsert)    ${figures(sameAddress)}`);
  console.log(`  limiter, new address each (+purge) ${figures(freshAddresses)}`);
  await app.close();
  await database.dispose();
}

for (const kind of process.env.TEST_DATABASE_URL
  ? (['pglite', 'postgres'] as const)
  : (['pglite'] as const)) {
  await measure(kind);
}
