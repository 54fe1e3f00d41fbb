import { asc, gt, sql } from 'drizzle-orm';
import { createActor } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMillion, type SeedMillionReport } from '../../bench/seed-million';
import type { LifecycleActor, LifecycleEvent } from '../../machines/application/lifecycle.events';
import { lifecycleMachine, type LifecycleStateMeta } from '../../machines/application/lifecycle.machine';
import type { Db } from '../../src/server/db/client';
import { applicationFlow, applications } from '../../src/server/db/schema';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/test-db';

// The scale seed (bench/seed-million.ts) with a few thousand rows: same SQL as the million, small enough for CI.
// It skips foreign-key triggers for speed, so this suite checks the keys itself.

const APPLICATIONS = 3000;
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
};
const countOf = async (db: Db, query: ReturnType<typeof sql>) =>
  Number((await rowsOf<{ n: unknown }>(db, query))[0].n);

describe.each(testDatabases())('scale seed on %s', (kind) => {
  let t: TestDatabase;
  let report: SeedMillionReport;
  let before: number;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    before = await t.db.$count(applications);
    report = await seedMillion(t.db, { applications: APPLICATIONS });
  }, 120_000);
  afterAll(() => t?.dispose());

  it('adds the requested applications with a tenant each, over 3,000 wards', async () => {
    expect(report).toMatchObject({
      applications: APPLICATIONS,
      tenants: APPLICATIONS,
      landlords: 600,
      rentalUnits: 1200,
    });
    expect(report.wards).toBeGreaterThanOrEqual(3000);
    expect(await t.db.$count(applications)).toBe(before + APPLICATIONS);
    const statuses = await rowsOf<{ status: string }>(
      t.db,
      sql`select distinct status from applications where applid > ${before}`,
    );
    expect(statuses.map((s) => s.status).sort()).toEqual(['APARV', 'LARP', 'LAVP', 'PLVP', 'RECT', 'RJT']);
  });

  it('writes rows that satisfy every foreign key it did not check while loading', async () => {
    const orphans = await countOf(
      t.db,
      sql`select
        (select count(*) from applications a where not exists
          (select 1 from rental_units r where r.rentcode = a.rentcode and r.landlord_id = a.landlord_id))
      + (select count(*) from applications a where not exists (select 1 from tenants x where x.id = a.tenant_id))
      + (select count(*) from applications a where not exists (select 1 from localities x where x.code = a.locality_code))
      + (select count(*) from rental_units r where not exists (select 1 from landlords x where x.id = r.landlord_id))
      + (select count(*) from rental_units r where not exists (select 1 from wards x where x.code = r.ward_code))
      + (select count(*) from tenants r where not exists (select 1 from districts x where x.code = r.perm_district_code))
      + (select count(*) from family_members f where not exists (select 1 from tenants x where x.id = f.tenant_id))
      + (select count(*) from application_flow f where not exists (select 1 from applications x where x.applid = f.applid))
      + (select count(*) from application_members m where m.applid > ${before} and not exists
          (select 1 from family_members x where x.member_code = m.family_member_code)) as n`,
    );
    expect(orphans).toBe(0);
  });

  it('keeps units, tenants and applications in the same ward and vacancy in step with the applications', async () => {
    const wrong = await countOf(
      t.db,
      sql`select
        (select count(*) from applications a join rental_units r using (rentcode)
          where a.applid > ${before} and r.ward_code <> a.ward_code)
      + (select count(*) from applications a join tenants x on x.id = a.tenant_id
          where a.applid > ${before} and x.pres_district_code <> a.district_code)
      + (select count(*) from rental_units r where r.rentcode like 'RB%' and r.vacant = exists (select 1 from applications a
          where a.rentcode = r.rentcode and a.deleted_at is null and a.status in ('LARP', 'LAVP', 'PLVP', 'RECT'))) as n`,
    );
    expect(wrong).toBe(0);
  });

  it('writes flows that replay through the lifecycle machine to each stored status', async () => {
    const apps = await t.db.select().from(applications).where(gt(applications.applid, before));
    const flow = await t.db
      .select()
      .from(applicationFlow)
      .where(gt(applicationFlow.applid, before))
      .orderBy(asc(applicationFlow.id));
    const byApp = new Map<number, (typeof flow)[number][]>();
    for (const f of flow) byApp.set(f.applid, [...(byApp.get(f.applid) ?? []), f]);
    for (const app of apps) {
      const entries = byApp.get(app.applid)!;
      const actor = createActor(lifecycleMachine, {
        input: { wardCode: app.wardCode, logby: app.logby, landlordId: String(app.landlordId) },
      }).start();
      for (const entry of entries.slice(1)) {
        const who: LifecycleActor = entry.actor.startsWith('landlord:')
          ? { kind: 'landlord', landlordId: entry.actor.slice(9) }
          : {
              kind: 'staff',
              role: entry.actorRole as 'MODERATOR',
              username: entry.actor,
              usercode: entry.actorUsercode!,
            };
        const event = { type: entry.action, actor: who, ...entry.payload } as LifecycleEvent;
        expect(actor.getSnapshot().can(event), `${app.applid}: ${entry.step}`).toBe(true);
        actor.send(event);
        expect(actor.getSnapshot().context.lastStep).toMatchObject({
          step: entry.step,
          flowText: entry.remarks,
          remark: entry.applRemarks,
        });
      }
      const end = actor.getSnapshot();
      const metas = Object.values(end.getMeta()) as (LifecycleStateMeta | undefined)[];
      expect(metas.find((m) => m?.status)?.status ?? end.context.statusWhenClosed).toBe(app.status);
      expect([end.context.officialActed, app.version, app.remarks]).toEqual([
        app.officialActed,
        entries.length - 1,
        entries.at(-1)!.applRemarks,
      ]);
      expect(metas.some((m) => m?.closed)).toBe(app.deletedAt !== null);
    }
  });

  // Sorting, bitmap and sequential scans are priced out, so the plan shows whether an index hands over "this
  // scope and status, newest first" by itself. A rare status (RECT) keeps the planner from walking the primary
  // key backwards and filtering instead, which is as good for common statuses at a few thousand rows.
  it.each([
    ['ward_code', 'ward'],
    ['locality_code', 'locality'],
    ['station_code', 'station'],
    ['district_code', 'district'],
  ] as const)('pages a list by %s from the %s index without sorting', async (column, scope) => {
    const [row] = await rowsOf<{ code: string }>(
      t.db,
      sql`select ${sql.identifier(column)} as code from applications where status = 'RECT' limit 1`,
    );
    const text = await planOf(
      sql`select * from applications where ${sql.identifier(column)} = ${row.code} and status = 'RECT' and deleted_at is null
          order by applid desc limit 10 offset 10`,
    );
    expect(text).toContain(`applications_${scope}_list_idx`);
    expect(text).not.toMatch(/\bSort\b/);
  });

  it('pages the statewide list from the status index without sorting', async () => {
    const text = await planOf(
      sql`select * from applications where status = 'RECT' and deleted_at is null order by applid desc limit 10 offset 50`,
    );
    expect(text).toContain('applications_status_list_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });

  async function planOf(query: ReturnType<typeof sql>): Promise<string> {
    return t.db.transaction(async (tx) => {
      for (const setting of ['enable_sort', 'enable_seqscan', 'enable_bitmapscan']) {
        await tx.execute(sql.raw(`set local ${setting} = off`));
      }
      // SSD page costs, as docs/data-model.md recommends for production.
      await tx.execute(sql.raw(`set local random_page_cost = 1.1`));
      const plan = await rowsOf<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
      return plan.map((r) => r['QUERY PLAN']).join('\n');
    });
  }
});
