import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { trackerView } from '../../machines/application/statuses';
import { API_BASE } from '../../src/contract/api';
import {
  LANDLORD_APPLICATIONS_CAP,
  LANDLORD_MESSAGES,
  landlordApplicationsSchema,
} from '../../src/contract/landlords.contract';
import { applications, landlords, logRecords, tenants } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { landlordBody } from './landlords-fixtures';

// The landlord's Applications tab: GET process/AllApplicationByLandlord/{id} answers the key's own landlord only
// (docs/landlords-api.md, "Applications of a landlord").

describe.each(testDatabases())('a landlord’s applications on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${API_BASE}/${path}`, headers });

  let own: number;
  let other: number;
  let ownKey: string;
  beforeAll(async () => {
    // The seeded landlords with the most live applications: the owner, and a stranger with some of its own.
    const live = await t.db
      .select({ landlordId: applications.landlordId, n: count() })
      .from(applications)
      .where(isNull(applications.deletedAt))
      .groupBy(applications.landlordId)
      .orderBy(desc(count()), applications.landlordId)
      .limit(2);
    [own, other] = live.map((r) => r.landlordId);
    ownKey = await citizenKeyFor(t, { kind: 'landlord', landlordId: own });
  });

  it('lists the key’s own applications, newest first, with the status in words and the code beside it', async () => {
    const res = await get(`process/AllApplicationByLandlord/${own}`, withKey(ownKey));
    expect(res.statusCode, res.body).toBe(200);
    const reply = landlordApplicationsSchema.parse(res.json());
    const stored = await t.db
      .select()
      .from(applications)
      .where(and(eq(applications.landlordId, own), isNull(applications.deletedAt)))
      .orderBy(desc(applications.applid));
    expect(stored.length).toBeGreaterThan(0);
    expect(reply.total).toBe(stored.length);
    expect(reply.applications.map((a) => a.applid)).toEqual(
      stored.slice(0, LANDLORD_APPLICATIONS_CAP).map((a) => a.applid),
    );
    for (const [i, row] of reply.applications.entries()) {
      const s = stored[i];
      expect(row).toMatchObject({
        landlordId: own,
        tenantId: s.tenantId,
        logby: s.logby,
        applstatus: s.status,
        status: trackerView(s.status).message,
        complete: s.completedAt !== null,
      });
    }
  });

  it('leaves out cancelled and deleted applications', async () => {
    const [first] = await t.db
      .select()
      .from(applications)
      .where(and(eq(applications.landlordId, own), isNull(applications.deletedAt)))
      .limit(1);
    const before = landlordApplicationsSchema.parse(
      (await get(`process/AllApplicationByLandlord/${own}`, withKey(ownKey))).json(),
    );
    await t.db
      .update(applications)
      .set({ deletedAt: t.clock.now(), deletedBy: 'test', deletedReason: 'test' })
      .where(eq(applications.applid, first.applid));
    const after = landlordApplicationsSchema.parse(
      (await get(`process/AllApplicationByLandlord/${own}`, withKey(ownKey))).json(),
    );
    expect(after.total).toBe(before.total - 1);
    expect(after.applications.some((a) => a.applid === first.applid)).toBe(false);
    await t.db
      .update(applications)
      .set({ deletedAt: null, deletedBy: null, deletedReason: null })
      .where(eq(applications.applid, first.applid));
  });

  it("refuses another landlord's id with 403, audited, without a word of its applications", async () => {
    const [theirs] = await t.db
      .select()
      .from(applications)
      .where(eq(applications.landlordId, other))
      .limit(1);
    expect(theirs).toBeDefined();
    for (const id of [other, 999_999]) {
      const res = await get(`process/AllApplicationByLandlord/${id}`, withKey(ownKey));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(LANDLORD_MESSAGES.notYours);
      expect(res.body).not.toContain(String(theirs.applid));
      const [last] = await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1);
      expect(last.remark).toContain(LANDLORD_MESSAGES.notYours);
      expect(last.username).toBe(`landlord:${own}`);
    }
  });

  it('refuses a tenant’s key (403), a staff token (401: not a citizen key) and no key (401)', async () => {
    const [tenant] = await t.db.select({ id: tenants.id }).from(tenants).limit(1);
    const tenantKey = await citizenKeyFor(t, { kind: 'tenant', tenantId: tenant.id });
    expect((await get(`process/AllApplicationByLandlord/${own}`, withKey(tenantKey))).statusCode).toBe(403);
    expect((await get(`process/AllApplicationByLandlord/${own}`)).statusCode).toBe(401);
    const staff = bearer((await signInStaff(t.app, 'moderator')).accessToken);
    expect((await get(`process/AllApplicationByLandlord/${own}`, staff)).statusCode).toBe(401);
    const bad = await get('process/AllApplicationByLandlord/abc', withKey(ownKey));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(`id: ${LANDLORD_MESSAGES.notFound}`);
  });

  it('answers an empty list for a landlord without applications', async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/process/landlord`,
      payload: landlordBody('EMP1234567'),
      remoteAddress: '10.3.3.3',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().landlord_id as number;
    expect((await t.db.select().from(landlords).where(eq(landlords.id, id))).length).toBe(1);
    const key = await citizenKeyFor(t, { kind: 'landlord', landlordId: id });
    const res = await get(`process/AllApplicationByLandlord/${id}`, withKey(key));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ applications: [], total: 0 });
  });
});
