import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import {
  applicationFlow,
  applications,
  documentOwner,
  documents,
  domesticHelpers,
  familyMembers,
  landlords,
  rentalUnits,
  tenants,
} from '../../src/server/db/schema';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/test-db';

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
};

/** Runs `write` and expects the database to refuse it through the named constraint. */
async function expectRefusedBy(write: () => Promise<unknown>, constraint: string): Promise<void> {
  const error = await write().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected ${constraint} to refuse the write`).toBeInstanceOf(Error);
  const cause = ((error as { cause?: unknown }).cause ?? error) as { constraint?: string; message: string };
  expect(cause.constraint ?? cause.message).toContain(constraint);
}

const address = { address1: 'Laitumkhrah Main Road', pinCode: '793003', districtCode: '1701' };
const landlordRow = (epicNo: string) => ({
  epicNo,
  firstName: 'Test',
  lastName: 'Landlord',
  occupation: 'Business',
  mobile: '9863000000',
  permAddress1: address.address1,
  permPinCode: address.pinCode,
  permDistrictCode: address.districtCode,
  presAddress1: address.address1,
  presPinCode: address.pinCode,
  presDistrictCode: address.districtCode,
});

describe.each(testDatabases())('domain schema on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t?.dispose());

  it('creates every domain table and the list indexes', async () => {
    const tables = await rowsOf<{ table_name: string }>(
      t.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        'landlords',
        'tenants',
        'rental_units',
        'family_members',
        'domestic_helpers',
        'documents',
        'applications',
        'application_members',
        'application_flow',
        'occupations',
        'relationship_types',
        'tenancy_types',
      ]),
    );
    const indexes = await rowsOf<{ indexname: string; indexdef: string }>(
      t.db,
      sql`select indexname, indexdef from pg_indexes where tablename = 'applications'`,
    );
    for (const scope of ['ward', 'locality', 'station', 'district', 'status']) {
      const index = indexes.find((i) => i.indexname === `applications_${scope}_list_idx`);
      expect(index?.indexdef, scope).toMatch(/applid DESC\).*WHERE \(deleted_at IS NULL\)/);
    }
  });

  it('refuses a status outside the lifecycle and a flow step it does not know', async () => {
    const [app] = await t.db.select().from(applications).limit(1);
    await expectRefusedBy(
      () => t.db.execute(sql`update applications set status = 'APPROVED' where applid = ${app.applid}`),
      'applications_status_legal',
    );
    await expectRefusedBy(
      () => t.db.execute(sql`update application_flow set step = 'teleported' where step <> 'submitted'`),
      'application_flow_step_legal',
    );
  });

  it('derives locality, station and district from the ward code', async () => {
    const [app] = await t.db
      .select()
      .from(applications)
      .where(eq(applications.wardCode, 'PS1701001LA02W01'))
      .limit(1);
    expect(app).toMatchObject({
      localityCode: 'PS1701001LA02',
      stationCode: 'PS1701001',
      districtCode: '1701',
    });
  });

  it('keeps landlord EPIC numbers unique and well formed', async () => {
    await t.db.insert(landlords).values(landlordRow('TST1234567'));
    await expectRefusedBy(
      () => t.db.insert(landlords).values(landlordRow('TST1234567')),
      'landlords_epic_no_unique',
    );
    await expectRefusedBy(
      () => t.db.insert(landlords).values(landlordRow('TS12345678')),
      'landlords_epic_no_format',
    );
  });

  it('only lets an application name a unit of its own landlord', async () => {
    const [unit] = await t.db.select().from(rentalUnits).limit(1);
    const [other] = await t.db.insert(landlords).values(landlordRow('OTH7654321')).returning();
    const [tenant] = await t.db.select().from(tenants).limit(1);
    await expectRefusedBy(
      () =>
        t.db.insert(applications).values({
          tenantId: tenant.id,
          landlordId: other.id,
          rentcode: unit.rentcode,
          wardCode: unit.wardCode,
          logby: `landlord:${other.id}`,
        }),
      'applications_unit_of_landlord_fk',
    );
  });

  it('stores document bytes exactly and derives the owner id', async () => {
    const [tenant] = await t.db.select().from(tenants).limit(1);
    const bytes = Buffer.concat([Buffer.from([0x00, 0xff, 0xd8, 0x5c, 0x27]), randomBytes(2048)]);
    const [doc] = await t.db
      .insert(documents)
      .values({
        ...documentOwner('tenant', tenant.id),
        doctype: 'FORMA',
        contentType: 'application/pdf',
        content: bytes,
        size: bytes.length,
      })
      .returning();
    const [read] = await t.db.select().from(documents).where(eq(documents.docid, doc.docid));
    expect(Buffer.isBuffer(read.content)).toBe(true);
    expect(read.content.equals(bytes)).toBe(true);
    expect(read.ownerId).toBe(tenant.id);
  });

  it('refuses a document whose size is wrong, too big, or whose owner does not match its type', async () => {
    const [tenant] = await t.db.select().from(tenants).limit(1);
    const pdf = { doctype: 'FORMA' as const, contentType: 'application/pdf' };
    await expectRefusedBy(
      () =>
        t.db
          .insert(documents)
          .values({ ...documentOwner('tenant', tenant.id), ...pdf, content: Buffer.from('abc'), size: 4 }),
      'documents_size',
    );
    const big = Buffer.alloc(512_001, 1);
    await expectRefusedBy(
      () =>
        t.db
          .insert(documents)
          .values({ ...documentOwner('tenant', tenant.id), ...pdf, content: big, size: big.length }),
      'documents_size',
    );
    await expectRefusedBy(
      () =>
        t.db.insert(documents).values({
          ownerType: 'tenantfamily',
          tenantId: tenant.id,
          ...pdf,
          content: Buffer.from('a'),
          size: 1,
        }),
      'documents_one_owner',
    );
  });

  it('deletes everything a tenant owns with the tenant', async () => {
    const [member] = await t.db.select().from(familyMembers).limit(1);
    const tenantId = member.tenantId;
    const applids = (await t.db.select().from(applications).where(eq(applications.tenantId, tenantId))).map(
      (a) => a.applid,
    );
    expect(applids.length).toBeGreaterThan(0);
    await t.db.delete(tenants).where(eq(tenants.id, tenantId));
    const left = await rowsOf<{ n: number }>(
      t.db,
      sql`select (select count(*) from family_members where tenant_id = ${tenantId})
        + (select count(*) from domestic_helpers where tenant_id = ${tenantId})
        + (select count(*) from documents where tenant_id = ${tenantId} or family_member_code = ${member.memberCode})
        + (select count(*) from applications where tenant_id = ${tenantId})
        + (select count(*) from application_flow where applid = ${applids[0]}) as n`,
    );
    expect(Number(left[0].n)).toBe(0);
    expect(
      await t.db.select().from(applicationFlow).where(eq(applicationFlow.applid, applids[0])),
    ).toHaveLength(0);
    expect(
      await t.db.select().from(domesticHelpers).where(eq(domesticHelpers.tenantId, tenantId)),
    ).toHaveLength(0);
  });
});
