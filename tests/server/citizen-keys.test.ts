import { describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { logRecords } from '../../src/server/db/schema';
import { citizenOf, requireCitizen } from '../../src/server/security/citizen-guard';
import { revokeCitizenKey, revokeCitizenKeysOf } from '../../src/server/security/citizen-keys';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

const PROBE = '/mrssapi/mrss/v-1/test/citizen-probe';

describe.each(testDatabases())('citizen keys on %s', (kind) => {
  const t = useTestApp(kind, {
    demo: false,
    extend: (app, deps) => {
      app.get(
        PROBE,
        { onRequest: requireCitizen(deps, ['landlord']) },
        (request) => citizenOf(request).scope,
      );
    },
  });
  const probe = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: PROBE, headers });

  it('reaches the route with its own scope, and only from the X-Api-Key header', async () => {
    const key = await citizenKeyFor(t, { kind: 'landlord', landlordId: 41 });
    const reply = await probe(withKey(key));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ kind: 'landlord', landlordId: 41 });
    expect((await probe()).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${PROBE}?apiKey=${key}` })).statusCode).toBe(401);
  });

  it('refuses unknown and malformed keys with 401', async () => {
    expect((await probe(withKey('x'.repeat(43)))).statusCode).toBe(401);
    expect((await probe(withKey('short'))).statusCode).toBe(401);
  });

  it('refuses a key of another kind with an audited 403', async () => {
    const key = await citizenKeyFor(t, { kind: 'tenant', tenantId: 9 });
    const reply = await probe(withKey(key));
    expect(reply.statusCode).toBe(403);
    const [line] = await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1);
    expect(line.username).toBe('tenant:9');
    expect(line.remark).toContain('tenant key may not use');
  });

  it('ends after 30 minutes idle, and after 2 hours however busy', async () => {
    const idle = await citizenKeyFor(t, { kind: 'landlord', landlordId: 1 });
    t.clock.advance(29 * 60_000);
    expect((await probe(withKey(idle))).statusCode).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await probe(withKey(idle))).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await probe(withKey(idle))).statusCode).toBe(401);

    const busy = await citizenKeyFor(t, { kind: 'landlord', landlordId: 1 });
    for (let minutes = 0; minutes < 120; minutes += 20) {
      expect((await probe(withKey(busy))).statusCode).toBe(200);
      t.clock.advance(20 * 60_000);
    }
    expect((await probe(withKey(busy))).statusCode).toBe(401);
  });

  it('is revoked at once, alone or with every key of its subject', async () => {
    const one = await citizenKeyFor(t, { kind: 'landlord', landlordId: 7 });
    const two = await citizenKeyFor(t, { kind: 'landlord', landlordId: 7 });
    const other = await citizenKeyFor(t, { kind: 'landlord', landlordId: 8 });
    expect(await revokeCitizenKey(t.db, one, t.clock.now())).toBe(true);
    expect((await probe(withKey(one))).statusCode).toBe(401);
    expect((await probe(withKey(two))).statusCode).toBe(200);
    expect(await revokeCitizenKeysOf(t.db, { kind: 'landlord', landlordId: 7 }, t.clock.now())).toBe(1);
    expect((await probe(withKey(two))).statusCode).toBe(401);
    expect((await probe(withKey(other))).statusCode).toBe(200);
  });

  it('ends on POST apikey/logout: the key answers 401 after, other keys of the subject live on, and a line is logged', async () => {
    const mine = await citizenKeyFor(t, { kind: 'tenant', tenantId: 12 });
    const sibling = await citizenKeyFor(t, { kind: 'tenant', tenantId: 12 });
    const logout = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/mrssapi/mrss/v-1/apikey/logout', headers });
    const reply = await logout(withKey(mine));
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ message: 'You have been logged out.' });
    const [line] = await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1);
    expect(line.username).toBe('tenant:12');
    expect(line.remark).toContain('Logged out');
    expect((await logout(withKey(mine))).statusCode).toBe(401);
    expect((await logout({})).statusCode).toBe(401);
    const landlordKey = await citizenKeyFor(t, { kind: 'landlord', landlordId: 3 });
    expect((await probe(withKey(landlordKey))).statusCode).toBe(200);
    expect((await logout(withKey(landlordKey))).statusCode).toBe(200);
    expect((await probe(withKey(landlordKey))).statusCode).toBe(401);
    expect((await logout(withKey(sibling))).statusCode).toBe(200);
  });
});
