import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { buildApp, type App } from '../../src/server/app';
import { anonymousRequestCounts, logRecords } from '../../src/server/db/schema';
import { ANONYMOUS_LIMIT } from '../../src/server/security/anonymous-rate-limit';
import { TestClock, testConfig } from '../support/test-app';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/test-db';

// Issue 20, section 3: the anonymous flood limit lived in each process's memory, so 3 replicas allowed 3 times
// the limit. Two apps on ONE database stand for two replicas behind a load balancer: they share one budget.

describe.each(testDatabases())('anonymous limits shared by replicas on %s', (kind) => {
  let database: TestDatabase;
  const replicas: App[] = [];
  const clock = new TestClock();

  beforeAll(async () => {
    database = await createTestDatabase(kind, { demo: false });
    for (let i = 0; i < 3; i++)
      replicas.push(await buildApp({ db: database.db, config: testConfig(), clock }));
  });
  afterAll(async () => {
    for (const app of replicas) await app.close();
    await database?.dispose();
  });

  const get = (replica: number, remoteAddress: string) =>
    replicas[replica].inject({ method: 'GET', url: `${API_BASE}/users/getcaptcha`, remoteAddress });

  it('lets one address through the limit once in all, however its requests are spread over the replicas', async () => {
    const flooder = '198.51.100.20';
    const statuses: number[] = [];
    // Three times the limit, round robin over three replicas: one budget's worth gets through.
    for (let i = 0; i < 3 * ANONYMOUS_LIMIT.max; i++) statuses.push((await get(i % 3, flooder)).statusCode);
    const through = statuses.filter((s) => s === 200).length;
    expect(through).toBe(ANONYMOUS_LIMIT.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * ANONYMOUS_LIMIT.max);
    // One audit line for the flood, whichever replica refused first.
    const lines = (await database.db.select().from(logRecords)).filter((r) => r.ipAddress === flooder);
    expect(lines).toHaveLength(1);
  });

  it('counts parallel requests exactly (one atomic upsert per request)', async () => {
    const flooder = '198.51.100.21';
    const replies = await Promise.all(
      Array.from({ length: ANONYMOUS_LIMIT.max + 30 }, (_, i) => get(i % 3, flooder)),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(ANONYMOUS_LIMIT.max);
  });

  it('counts IPv6 addresses of one /64 together', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= ANONYMOUS_LIMIT.max; i++) {
      statuses.push((await get(i % 3, `2001:db8:7:9::${(i + 1).toString(16)}`)).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it('keeps no row per address beyond its window (ended windows are purged as new ones start)', async () => {
    clock.advance(ANONYMOUS_LIMIT.windowMs + 1);
    for (let i = 0; i < 10; i++) await get(0, `198.51.100.${100 + i}`);
    const rows = await database.db.select().from(anonymousRequestCounts);
    // The 3 ended windows above were purged by the first new ones; only the 10 live windows remain.
    expect(rows).toHaveLength(10);
  });
});
