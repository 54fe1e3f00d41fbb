import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logRecords, users } from '../../src/server/db/schema';
import { apiRoutesOf } from '../../src/server/http/route-table';
import { createSession } from '../../src/server/security/sessions';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { injectOptions, requestsFor } from '../support/route-requests';
import { bearer } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { registerTenant } from './tenants-test-helpers';

// The tenant, member, upload and form routes get requests generated from their own schemas with hostile
// values mixed in, from an anonymous caller, an official and a tenant's key: no reply may be a 5xx and every
// refusal must reach the log records (the app-wide contract fuzz test does the same for every route; this one
// runs more samples on these routes alone).

const RUNS = 30;
const MINE = /\/(register|process)\/(tenant|uploaddocument|document\/)/;

describe.each(testDatabases())('tenant routes under fuzzed input on %s', (kind) => {
  const t = useTestApp(kind);

  it('never answers 5xx and audits every refusal', async () => {
    const routes = apiRoutesOf(t.app).filter((r) => MINE.test(r.url));
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const [moderator] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, 'moderator'));
    const limits = { idleMs: t.config.SESSION_IDLE_MS, absoluteMs: t.config.SESSION_ABSOLUTE_MS };
    const token = await createSession(t.db, {
      userId: moderator.id,
      ip: '127.0.0.1',
      now: t.clock.now(),
      limits,
    });
    const tenantId = await registerTenant(t);
    const callers = [
      { address: '198.51.100.21', headers: {} },
      { address: '198.51.100.22', headers: bearer(token) },
      { address: '198.51.100.23', headers: withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId })) },
    ];
    const lines = async () => (await t.db.select({ n: count() }).from(logRecords))[0].n;
    const serverErrors: string[] = [];
    const unaudited: string[] = [];
    let before = await lines();
    let sent = 0;
    for (const [r, route] of routes.entries()) {
      const samples = fc.sample(requestsFor(route), { numRuns: RUNS, seed: 20261124 + r });
      for (const [i, request] of samples.entries()) {
        const caller = callers[i % callers.length];
        const res = await t.app.inject(injectOptions(request, caller.headers, caller.address));
        sent++;
        const what = `${route.method} ${request.url.slice(0, 80)} -> ${res.statusCode}`;
        if (res.statusCode >= 500) serverErrors.push(`${what} ${res.body.slice(0, 200)}`);
        const after = await lines();
        // A flood of lookups from one address is audited once per window (lookup-limit.ts), not per refusal.
        if (res.statusCode >= 400 && after === before && res.statusCode !== 429) unaudited.push(what);
        before = after;
      }
    }
    expect(sent).toBe(routes.length * RUNS);
    expect(serverErrors).toEqual([]);
    expect(unaudited).toEqual([]);
  });
});
