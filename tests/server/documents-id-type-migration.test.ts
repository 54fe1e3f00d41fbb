import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { tenantDocuments } from '../../src/server/services/uploads.service';
import { ALL_MIGRATIONS, databaseAt, rowsOf } from '../support/migration-steps';
import { testDatabases } from '../support/test-db';
import { tinyPdf, TINY_JPEG } from './uploads-sample-files';

// Migration 0005 (documents.id_type) on a database that is at 0004 and already holds documents: it applies, the
// existing documents keep their rows with no kind (null), and the new CHECK holds for what comes after.

describe.each(testDatabases())('migration 0005 (documents.id_type) on %s', (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  // Every migration from empty on PGlite (WASM) takes tens of seconds on a busy machine: a longer timeout.
  it('applies on a database at 0004 with documents, leaving their kind null', async () => {
    const handle = await databaseAt(kind, '0004_citizen_access', cleanups);
    const db = handle.db;

    const columns = () =>
      rowsOf<{ column_name: string }>(
        db,
        sql`select column_name from information_schema.columns where table_name = 'documents'`,
      );
    expect((await columns()).map((c) => c.column_name)).not.toContain('id_type');

    // Documents as 0004 stored them (plain SQL: the current schema would name id_type).
    await db.execute(sql`insert into states (code, name) values ('17', 'Meghalaya')`);
    await db.execute(
      sql`insert into districts (code, name, state_code) values ('1701', 'East Khasi Hills', '17')`,
    );
    await db.execute(sql`insert into tenancy_types (code, type) values ('T1', 'Individual')`);
    const [tenant] = await rowsOf<{ id: string }>(
      db,
      sql`insert into tenants (epic_no, first_name, parent_or_spouse_name, occupation, mobile,
            perm_address1, perm_pin_code, perm_district_code, pres_address1, pres_pin_code, pres_district_code)
          values ('OLD0000001', 'Iba', 'D. Kharkongor', 'Teacher', '9863012345',
            'House 12', '793003', '1701', 'House 12', '793003', '1701')
          returning id`,
    );
    const tenantId = Number(tenant.id);
    for (const [doctype, contentType, content] of [
      ['IDENTITYPROOF', 'application/pdf', tinyPdf()],
      ['PHOTO', 'image/jpeg', TINY_JPEG],
    ] as const) {
      await db.execute(
        sql`insert into documents (doctype, owner_type, tenant_id, content_type, content, size, uploaded_by)
            values (${doctype}, 'tenant', ${tenantId}, ${contentType}, ${content}, ${content.length}, 'moderator')`,
      );
    }

    await handle.migrate();

    expect((await columns()).map((c) => c.column_name)).toContain('id_type');
    const applied = await rowsOf<{ n: string }>(
      db,
      sql`select count(*) as n from drizzle.__drizzle_migrations`,
    );
    expect(Number(applied[0].n)).toBe(ALL_MIGRATIONS);
    // The old documents are all there, with no kind; the reads answer null for it.
    const listed = await tenantDocuments(db, tenantId);
    expect(listed.map((d) => [d.doctype, d.idtype, d.size])).toEqual([
      ['IDENTITYPROOF', null, tinyPdf().length],
      ['PHOTO', null, TINY_JPEG.length],
    ]);
    // The old proof may be given its kind later; a photo may not have one.
    await db.execute(sql`update documents set id_type = 'EPIC' where doctype = 'IDENTITYPROOF'`);
    expect((await tenantDocuments(db, tenantId))[0].idtype).toBe('EPIC');
    const refused = await db.execute(sql`update documents set id_type = 'EPIC' where doctype = 'PHOTO'`).then(
      () => undefined,
      (e: unknown) => e as { cause?: { message: string }; message: string },
    );
    expect(refused?.cause?.message ?? refused?.message).toContain('documents_id_type');
  }, 120_000);
});
