import { asc, eq, isNull } from 'drizzle-orm';
import { createActor, type SnapshotFrom } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LifecycleActor, LifecycleEvent } from '../../machines/application/lifecycle.events';
import { lifecycleMachine, type LifecycleStateMeta } from '../../machines/application/lifecycle.machine';
import { STATUS_CODES } from '../../machines/application/statuses';
import {
  applicationFlow,
  applicationMembers,
  applications,
  documents,
  landlords,
  localities,
  policeStations,
  rentalUnits,
  tenancyTypes,
  tenants,
  wards,
} from '../../src/server/db/schema';
import { isDemoSeeded } from '../../src/server/db/seed/demo-seed';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/test-db';

type Application = typeof applications.$inferSelect;
type FlowEntry = typeof applicationFlow.$inferSelect;

const MODERATOR_WARD = 'PS1701001LA01W01';
const MODERATOR2_WARD = 'PS1701001LA02W01';

/** The stored status a lifecycle snapshot stands for (a soft-deleted application keeps its last status). */
function storedStatus(snapshot: SnapshotFrom<typeof lifecycleMachine>): string | null {
  const metas = Object.values(snapshot.getMeta()) as (LifecycleStateMeta | undefined)[];
  return metas.find((m) => m?.status)?.status ?? snapshot.context.statusWhenClosed;
}

function actorOf(entry: FlowEntry): LifecycleActor {
  if (entry.actor.startsWith('landlord:'))
    return { kind: 'landlord', landlordId: entry.actor.slice('landlord:'.length) };
  return {
    kind: 'staff',
    role: entry.actorRole as 'MODERATOR',
    username: entry.actor,
    usercode: entry.actorUsercode ?? '',
  };
}

/** Sends an application's flow entries (after 'submitted') to a fresh lifecycle actor, checking each step. */
function replay(app: Application, flow: FlowEntry[]) {
  const actor = createActor(lifecycleMachine, {
    input: { wardCode: app.wardCode, logby: app.logby, landlordId: String(app.landlordId) },
  }).start();
  for (const entry of flow.filter((f) => f.applid === app.applid).slice(1)) {
    const event = { type: entry.action, actor: actorOf(entry), ...entry.payload } as LifecycleEvent;
    expect(actor.getSnapshot().can(event), `${app.applid}: ${entry.action} by ${entry.actor}`).toBe(true);
    actor.send(event);
    const snapshot = actor.getSnapshot();
    expect(storedStatus(snapshot)).toBe(entry.aplstatus);
    expect(snapshot.context.lastStep).toMatchObject({
      step: entry.step,
      flowText: entry.remarks,
      remark: entry.applRemarks,
    });
  }
  return actor;
}

const count = <T>(items: T[], key: (item: T) => string) =>
  items.reduce<Record<string, number>>(
    (acc, item) => ({ ...acc, [key(item)]: (acc[key(item)] ?? 0) + 1 }),
    {},
  );

describe.each(testDatabases())('demo seed on %s', (kind) => {
  let t: TestDatabase;
  let apps: Application[];
  let live: Application[];
  let flow: FlowEntry[];
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    apps = await t.db.select().from(applications).orderBy(asc(applications.applid));
    live = apps.filter((a) => a.deletedAt === null);
    flow = await t.db.select().from(applicationFlow).orderBy(asc(applicationFlow.id));
  });
  afterAll(() => t?.dispose());

  it('writes a dozen landlords, 25 tenants and the lookups, and marks the demo as seeded', async () => {
    expect(await t.db.$count(landlords)).toBe(12);
    expect(await t.db.$count(tenants)).toBe(25);
    expect((await t.db.select().from(tenancyTypes).where(eq(tenancyTypes.code, 'T1'))).length).toBe(1);
    expect(await isDemoSeeded(t.db)).toBe(true);
  });

  it('has live applications in every status', () => {
    expect(count(live, (a) => a.status)).toEqual({ LARP: 10, LAVP: 5, PLVP: 5, RJT: 2, RECT: 2, APARV: 2 });
    expect(Object.keys(count(live, (a) => a.status)).sort()).toEqual([...STATUS_CODES].sort());
    expect(apps.length - live.length).toBe(1);
  });

  it('gives each seeded official something to do in its own jurisdiction', () => {
    const byWard = (ward: string) =>
      count(
        live.filter((a) => a.wardCode === ward),
        (a) => a.status,
      );
    // LARP: three applied and one generated but not applied yet (the Tenants page's INCOMPLETE APPLICATION(S)).
    expect(byWard(MODERATOR_WARD)).toEqual({ LARP: 4, LAVP: 1, PLVP: 1 });
    expect(byWard(MODERATOR2_WARD)).toEqual({ LARP: 3, LAVP: 1, APARV: 1 });
    const lavpIn = (locality: string) =>
      live.filter((a) => a.localityCode === locality && a.status === 'LAVP').length;
    expect(lavpIn('PS1701001LA01')).toBe(2);
    expect(lavpIn('PS1701001LA02')).toBe(1);
    expect(live.filter((a) => a.stationCode === 'PS1701001' && a.status === 'PLVP')).toHaveLength(3);
    expect(live.filter((a) => a.districtCode === '1701' && a.status === 'PLVP')).toHaveLength(4);
  });

  it('lets the moderator, and only it, delete the application it logged and forwarded', () => {
    const mine = live.find((a) => a.wardCode === MODERATOR_WARD && a.status === 'LAVP');
    expect(mine?.logby).toBe('moderator');
    const snapshot = replay(mine!, flow).getSnapshot();
    const asModerator = (username: string, usercode: string) =>
      ({
        type: 'application.delete',
        actor: { kind: 'staff', role: 'MODERATOR', username, usercode },
      }) as const;
    expect(snapshot.can(asModerator('moderator', MODERATOR_WARD))).toBe(true);
    expect(snapshot.can(asModerator('moderator2', MODERATOR2_WARD))).toBe(false);
  });

  it('spreads applications over several wards, localities and stations', () => {
    expect(new Set(apps.map((a) => a.wardCode)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(apps.map((a) => a.localityCode)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(apps.map((a) => a.stationCode)).size).toBeGreaterThanOrEqual(2);
  });

  it('copies the jurisdiction codes of the ward exactly', async () => {
    const rows = await t.db
      .select({ app: applications, ward: wards, locality: localities, station: policeStations })
      .from(applications)
      .innerJoin(wards, eq(wards.code, applications.wardCode))
      .innerJoin(localities, eq(localities.code, wards.localityCode))
      .innerJoin(policeStations, eq(policeStations.code, localities.policeStationCode));
    expect(rows).toHaveLength(apps.length);
    for (const { app, locality, station } of rows) {
      expect([app.localityCode, app.stationCode, app.districtCode]).toEqual([
        locality.code,
        station.code,
        station.districtCode,
      ]);
    }
  });

  it('has a flow whose last entry matches each application', () => {
    for (const app of apps) {
      const entries = flow.filter((f) => f.applid === app.applid);
      expect(entries[0]).toMatchObject({
        step: 'submitted',
        aplstatus: 'LARP',
        remarks: 'Application Submitted',
        action: null,
      });
      const last = entries.at(-1)!;
      expect(last.aplstatus, `application ${app.applid}`).toBe(app.status);
      expect(last.applRemarks).toBe(app.remarks);
      expect(app.version).toBe(entries.length - 1);
      expect(app.updatedAt.getTime()).toBe(last.logdt.getTime());
    }
    const texts = Object.fromEntries(flow.map((f) => [f.step, f.remarks]));
    expect(texts).toMatchObject({
      recommendedApproval: 'Application forwarded to Locality by Sub-Locality/Wards',
      accepted: 'Application approved by Locality',
    });
    expect(flow.map((f) => f.applRemarks)).toEqual(
      expect.arrayContaining([
        '(May be Accepted)',
        '(Recommended for rejection: Lack of Documents)',
        '(Rejected by Locality/Cantonment: Criminal Issues)',
      ]),
    );
  });

  it('replays every flow through the lifecycle machine to the stored status', () => {
    for (const app of apps) {
      const end = replay(app, flow).getSnapshot();
      expect(storedStatus(end), `application ${app.applid}`).toBe(app.status);
      expect(end.context.officialActed).toBe(app.officialActed);
      const metas = Object.values(end.getMeta()) as (LifecycleStateMeta | undefined)[];
      const closed = metas.some((m) => m?.closed);
      expect(closed).toBe(app.deletedAt !== null);
    }
  });

  it('certifies, shifts and deletes consistently', () => {
    const certified = apps.filter((a) => a.certificateNo !== null);
    expect(certified.length).toBeGreaterThanOrEqual(2);
    for (const app of certified) {
      expect(app.certificateNo).toBe(
        `CC/${app.stationCode}/${app.certifiedAt!.getFullYear()}/${String(app.applid).padStart(6, '0')}`,
      );
      expect(flow.some((f) => f.applid === app.applid && f.step === 'certified')).toBe(true);
    }
    for (const app of apps.filter((a) => a.status === 'APARV'))
      expect(app.leftLocalityOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(apps.filter((a) => a.leftLocalityOn !== null).every((a) => a.status === 'APARV')).toBe(true);
  });

  it('marks a unit occupied exactly when an application holds it', async () => {
    const units = await t.db.select().from(rentalUnits);
    const held = new Set(
      live.filter((a) => ['LARP', 'LAVP', 'PLVP', 'RECT'].includes(a.status)).map((a) => a.rentcode),
    );
    for (const unit of units) expect(unit.vacant, unit.rentcode).toBe(!held.has(unit.rentcode));
    expect(units.filter((u) => u.vacant).length).toBeGreaterThanOrEqual(3);
  });

  it('lists the family members and helpers of completed applications, and none for an incomplete one', async () => {
    const members = await t.db.select().from(applicationMembers);
    expect(members.filter((m) => m.familyMemberCode !== null).length).toBeGreaterThan(10);
    expect(members.filter((m) => m.helperCode !== null).length).toBeGreaterThan(0);
    const incomplete = await t.db.select().from(applications).where(isNull(applications.completedAt));
    expect(incomplete.map((a) => a.wardCode).sort()).toEqual([MODERATOR_WARD, 'PS1703001LA01W01']);
    for (const application of incomplete) {
      expect(members.some((m) => m.applid === application.applid)).toBe(false);
    }
  });

  it('stores real JPEG photos and signatures and real PDF identity proofs', async () => {
    const docs = await t.db.select().from(documents);
    const ofTenants = docs.filter((d) => d.ownerType === 'tenant');
    expect(count(ofTenants, (d) => d.doctype)).toMatchObject({ PHOTO: 25, IDENTITYPROOF: 25, SIGNATURE: 24 });
    for (const doc of docs) {
      expect(doc.size).toBe(doc.content.length);
      if (doc.contentType === 'image/jpeg') {
        expect(doc.content.subarray(0, 4).toString('hex')).toBe('ffd8ffe0');
        expect(doc.content.subarray(-2).toString('hex')).toBe('ffd9');
      } else {
        const text = doc.content.toString('latin1');
        expect(text.startsWith('%PDF-1.4')).toBe(true);
        const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
        expect(offsets).toHaveLength(5);
        offsets.forEach((o, i) => expect(text.slice(o, o + 8)).toBe(`${i + 1} 0 obj\n`));
        expect(Number(/startxref\n(\d+)/.exec(text)![1])).toBe(text.indexOf('xref\n'));
      }
    }
  });
});
