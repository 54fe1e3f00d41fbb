import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { ALL_MIGRATIONS, databaseAt, rowsOf } from '../support/migration-steps';
import { testDatabases } from '../support/test-db';

// Migration 0022 (application_consent_codes.person and .applicant, attack F-A of 27-11-2026) on a database at 0021
// that holds codes for an application and for units: each code is given whom it went to and who asked, from its
// subject, and from then on outlives its subject's delete (docs/tenant-consent.md "The budget").

const WARD = 'PS1701001LA01W01';
const person = (line: string) => sql`${line}, '793003', '1701', ${line}, '793003', '1701'`;

/** The rows 0021 holds, in plain SQL (the current schema would name the new columns). */
async function seedAt0021(db: Db) {
  await db.execute(sql`insert into states (code, name) values ('17', 'Meghalaya')`);
  await db.execute(
    sql`insert into districts (code, name, state_code) values ('1701', 'East Khasi Hills', '17')`,
  );
  await db.execute(sql`insert into tenancy_types (code, type) values ('T1', 'Individual')`);
  await db.execute(
    sql`insert into police_stations (code, name, district_code) values ('PS1701001', 'Laitumkhrah', '1701')`,
  );
  await db.execute(sql`insert into localities (code, name, headman_name, police_station_code)
    values ('PS1701001LA01', 'Laitumkhrah', 'B. Syiem', 'PS1701001')`);
  await db.execute(sql`insert into wards (code, name, headman_name, locality_code)
    values (${WARD}, 'Ward 1', 'B. Syiem', 'PS1701001LA01')`);
  const [landlord] = await rowsOf<{ id: string }>(
    db,
    sql`insert into landlords (epic_no, first_name, occupation, mobile, perm_address1, perm_pin_code,
      perm_district_code, pres_address1, pres_pin_code, pres_district_code)
    values ('OLD0000001', 'Iba', 'Teacher', '9863012345', ${person('House 12')}) returning id`,
  );
  const [tenant] = await rowsOf<{ id: string }>(
    db,
    sql`insert into tenants (epic_no, first_name, parent_or_spouse_name, occupation, mobile, perm_address1,
      perm_pin_code, perm_district_code, pres_address1, pres_pin_code, pres_district_code)
    values ('OLDT000001', 'Dora', 'D. Kharkongor', 'Nurse', '9863054321', ${person('House 7')}) returning id`,
  );
  const unit = async (addedBy: string | null) =>
    (
      await rowsOf<{ rentcode: string }>(
        db,
        sql`insert into rental_units (landlord_id, address1, pin_code, district_code, ward_code, added_by)
        values (${landlord.id}::bigint, 'Near the church', '793003', '1701', ${WARD}, ${addedBy}) returning rentcode`,
      )
    )[0].rentcode;
  const [applied, added, older] = [await unit(null), await unit('moderator'), await unit(null)];
  const [application] = await rowsOf<{ applid: string }>(
    db,
    sql`insert into applications (tenant_id, landlord_id, rentcode, ward_code, logby)
    values (${tenant.id}::bigint, ${landlord.id}::bigint, ${applied}, ${WARD}, ${`landlord:${landlord.id}`})
    returning applid`,
  );
  const code = (subject: ReturnType<typeof sql>) =>
    db.execute(sql`insert into application_consent_codes (applid, rentcode, code_hash, created_at, expires_at,
      tries_left) values (${subject}, 'hash', now(), now() + interval '10 minutes', 5)`);
  await code(sql`${application.applid}::bigint, null`);
  await code(sql`null, ${added}`);
  await code(sql`null, ${older}`);
  // bigint ids come back as numbers from PGlite and as strings from node-postgres.
  return {
    landlordId: String(landlord.id),
    tenantId: String(tenant.id),
    applid: String(application.applid),
    added,
    older,
  };
}

describe.each(testDatabases())('migration 0022 (consent codes keep their person) on %s', (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  // Every migration from empty on PGlite (WASM) takes tens of seconds on a busy machine: a longer timeout.
  it('gives the codes at 0021 their person and applicant, and keeps them past their subject’s delete', async () => {
    const handle = await databaseAt(kind, '0021_landlord_unit_consent', cleanups);
    const { db } = handle;
    const seeded = await seedAt0021(db);

    await handle.migrate();

    const applied = await rowsOf<{ n: string }>(
      db,
      sql`select count(*) as n from drizzle.__drizzle_migrations`,
    );
    expect(Number(applied[0].n)).toBe(ALL_MIGRATIONS);
    const codes = () =>
      rowsOf<{ applid: string | null; rentcode: string | null; person: string; applicant: string | null }>(
        db,
        sql`select applid::text as applid, rentcode, person, applicant from application_consent_codes order by id`,
      );
    expect(await codes()).toEqual([
      {
        applid: seeded.applid,
        rentcode: null,
        person: `tenant:${seeded.tenantId}`,
        applicant: `landlord:${seeded.landlordId}`,
      },
      {
        applid: null,
        rentcode: seeded.added,
        person: `landlord:${seeded.landlordId}`,
        applicant: 'moderator',
      },
      { applid: null, rentcode: seeded.older, person: `landlord:${seeded.landlordId}`, applicant: null },
    ]);

    // The subjects' deletes leave their codes, without a subject.
    await db.execute(sql`delete from applications where applid = ${seeded.applid}::bigint`);
    await db.execute(sql`delete from rental_units where rentcode in (${seeded.added}, ${seeded.older})`);
    expect((await codes()).map((row) => [row.applid, row.rentcode, row.person])).toEqual([
      [null, null, `tenant:${seeded.tenantId}`],
      [null, null, `landlord:${seeded.landlordId}`],
      [null, null, `landlord:${seeded.landlordId}`],
    ]);

    // A code names at most one subject, and its person in the one shape the budget counts.
    const refusal = (statement: ReturnType<typeof sql>) =>
      db.execute(statement).then(
        () => 'written',
        (e: unknown) => (e as { cause?: { message: string } }).cause?.message ?? String(e),
      );
    const insert = (subject: ReturnType<typeof sql>, who: string) =>
      sql`insert into application_consent_codes (applid, rentcode, person, code_hash, created_at, expires_at,
        tries_left) values (${subject}, ${who}, 'hash', now(), now(), 5)`;
    expect(await refusal(insert(sql`1, 'RU000000001'`, `tenant:${seeded.tenantId}`))).toContain(
      'application_consent_codes_one_subject',
    );
    expect(await refusal(insert(sql`null, null`, 'moderator'))).toContain(
      'application_consent_codes_person_shape',
    );
  }, 120_000);
});
