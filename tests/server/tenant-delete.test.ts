import { count, eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TENANT_MESSAGES } from '../../src/contract/tenants.contract';
import type { Db } from '../../src/server/db/client';
import {
  applications,
  documents,
  domesticHelpers,
  familyMembers,
  logRecords,
  tenants,
} from '../../src/server/db/schema';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { api, staffTokens, tenantHeldInside, tenantRow } from './tenants-test-helpers';

// The Delete Tenant page's call, DELETE register/tenant/{id} (docs/search.md): the tenant, its family members,
// helpers, their documents and its applications go in one transaction with an admin record in the Log Records;
// a refused delete changes nothing and records no deletion.

const WARD = 'PS1701001LA01W01';

/** Gives the tenant a family member, a helper and a document for each, so the cascade has work to do. */
async function furnish(db: Db, tenantId: number) {
  const [member] = await db
    .insert(familyMembers)
    .values({ tenantId, memberName: 'Ka Syiem', relationship: 'Spouse', occupation: 'Nurse' })
    .returning({ code: familyMembers.memberCode });
  const [helper] = await db
    .insert(domesticHelpers)
    .values({
      ownerType: 'tenant',
      tenantId,
      memberName: 'U Helper',
      permAddress1: 'House 3',
      permPinCode: '793001',
      permDistrictCode: '1701',
    })
    .returning({ code: domesticHelpers.memberCode });
  const bytes = Buffer.from('%PDF-1.4 test');
  const doc = {
    doctype: 'RESIDENTIALCERTIFICATE',
    contentType: 'application/pdf',
    content: bytes,
    size: bytes.length,
  } as const;
  await db.insert(documents).values([
    { ...doc, ownerType: 'tenant', tenantId },
    { ...doc, ownerType: 'tenantfamily', familyMemberCode: member.code },
    { ...doc, ownerType: 'tenanthelper', helperCode: helper.code },
  ]);
  return { member: member.code, helper: helper.code };
}

async function left(db: Db, tenantId: number, member: number, helper: number) {
  const n = async (query: Promise<{ n: number }[]>) => (await query)[0].n;
  return {
    tenant: await n(db.select({ n: count() }).from(tenants).where(eq(tenants.id, tenantId))),
    family: await n(
      db.select({ n: count() }).from(familyMembers).where(eq(familyMembers.tenantId, tenantId)),
    ),
    helpers: await n(
      db.select({ n: count() }).from(domesticHelpers).where(eq(domesticHelpers.tenantId, tenantId)),
    ),
    documents: await n(
      db
        .select({ n: count() })
        .from(documents)
        .where(
          or(
            eq(documents.tenantId, tenantId),
            eq(documents.familyMemberCode, member),
            eq(documents.helperCode, helper),
          ),
        ),
    ),
    applications: await n(
      db.select({ n: count() }).from(applications).where(eq(applications.tenantId, tenantId)),
    ),
  };
}

const adminRecords = (db: Db, tenantId: number) =>
  db
    .select()
    .from(logRecords)
    .where(eq(logRecords.kind, 'admin'))
    .then((rows) => rows.filter((r) => r.remark.startsWith(`Deleted tenant ${tenantId} `)));

describe.each(testDatabases())('Delete Tenant on %s', (kind) => {
  const t = useTestApp(kind);
  const staff = staffTokens(t);
  const remove = async (id: number, username: string) =>
    t.app.inject({ method: 'DELETE', url: api(`register/tenant/${id}`), headers: await staff(username) });

  it('removes the tenant, family, helpers, documents and applications at once, and records it as admin', async () => {
    const id = await tenantHeldInside(t.db, WARD);
    const { member, helper } = await furnish(t.db, id);
    const before = await left(t.db, id, member, helper);
    expect(before).toMatchObject({ tenant: 1, family: expect.any(Number), documents: expect.any(Number) });
    expect(before.applications).toBeGreaterThan(0);
    const epicNo = (await tenantRow(t.db, id)).epicNo;

    const res = await remove(id, 'moderator');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(TENANT_MESSAGES.deleted);
    expect(await left(t.db, id, member, helper)).toEqual({
      tenant: 0,
      family: 0,
      helpers: 0,
      documents: 0,
      applications: 0,
    });
    const [record] = await adminRecords(t.db, id);
    expect(record).toMatchObject({
      kind: 'admin',
      username: 'moderator',
      url: `/mrssapi/mrss/v-1/register/tenant/${id}`,
    });
    expect(record.remark).toContain(`ID ${epicNo}`);
    expect(record.remark).toContain(`${before.applications} application(s)`);

    expect((await remove(id, 'moderator')).statusCode).toBe(404);
  });

  it('refuses a tenant with an application of another locality: nothing deleted, no deletion recorded', async () => {
    // moderator2's ward lies in another locality: the supermoderator of PS1701001LA01 cannot delete its tenants.
    const id = await tenantHeldInside(t.db, 'PS1701001LA02W01');
    const { member, helper } = await furnish(t.db, id);
    const before = await left(t.db, id, member, helper);
    const res = await remove(id, 'supermoderator');
    // Outside reach: the 404 of a missing tenant (docs/reach.md).
    expect([404, 409]).toContain(res.statusCode);
    expect(await left(t.db, id, member, helper)).toEqual(before);
    expect(await adminRecords(t.db, id)).toEqual([]);
  });

  it.each(['verifier', 'supervisor', 'admin', 'user', 'police'])('refuses %s (403)', async (username) => {
    const id = await tenantHeldInside(t.db, 'PS1701001LA02W01');
    expect((await remove(id, username)).statusCode).toBe(403);
    expect(await tenantRow(t.db, id)).toBeDefined();
  });
});
