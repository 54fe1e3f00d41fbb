import { inArray, sql } from 'drizzle-orm';
import { createActor, type SnapshotFrom } from 'xstate';
import type { LifecycleActor } from '../../../../machines/application/lifecycle.events';
import {
  lifecycleMachine,
  type LifecycleStateMeta,
} from '../../../../machines/application/lifecycle.machine';
import {
  FLOW_TEXTS,
  INITIAL_STATUS,
  remarkFor,
  type StatusCode,
} from '../../../../machines/application/statuses';
import type { Db } from '../client';
import { applicationFlow, applicationMembers, applications, rentalUnits } from '../schema';
import { DEMO_APPLICATIONS, type DemoApplicationPlan, type DemoOfficial } from './demo-applications.data';
import type { DemoPeople } from './demo-people';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type LifecycleSnapshot = SnapshotFrom<typeof lifecycleMachine>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Statuses during which the tenant holds the unit, so it is not offered to another tenant. */
const OCCUPYING: readonly StatusCode[] = ['LARP', 'LAVP', 'PLVP', 'RECT'];
const ENDING_EVENTS = ['application.delete', 'application.decline', 'tenant.vacate'];

/** The stored status of a snapshot: its state's code, or the code it had when it was soft-deleted. */
export function statusOfSnapshot(snapshot: LifecycleSnapshot): StatusCode {
  const metas = Object.values(snapshot.getMeta()) as (LifecycleStateMeta | undefined)[];
  const status = metas.find((m) => m?.status)?.status ?? snapshot.context.statusWhenClosed;
  if (!status) throw new Error(`No status for lifecycle state ${JSON.stringify(snapshot.value)}`);
  return status;
}

/** The unit each tenant lives in now: that of its latest application still in process or approved. */
export function demoPresentUnitOf(tenantIndex: number): readonly [number, number] | undefined {
  const current = DEMO_APPLICATIONS.filter(
    (p) => p.tenant === tenantIndex && !ENDING_EVENTS.includes(p.steps?.at(-1)?.event.type ?? ''),
  ).sort((a, b) => a.daysAgo - b.daysAgo)[0];
  return current && [current.landlord, current.unit];
}

const actorName = (by: 'landlord' | DemoOfficial, landlordId: number) =>
  by === 'landlord' ? `landlord:${landlordId}` : by.username;

function lifecycleActor(by: 'landlord' | DemoOfficial, landlordId: number): LifecycleActor {
  return by === 'landlord'
    ? { kind: 'landlord', landlordId: String(landlordId) }
    : { kind: 'staff', role: by.role, username: by.username, usercode: by.usercode };
}

/**
 * Writes the demo applications, oldest first, by playing each story through the lifecycle machine, then marks
 * units vacant or occupied from the outcome. Throws if a story asks for a step the machine refuses.
 */
export async function seedDemoApplications(tx: Tx, people: DemoPeople, now = new Date()): Promise<void> {
  const plans = [...DEMO_APPLICATIONS].sort((a, b) => b.daysAgo - a.daysAgo);
  const occupied = new Set<string>();
  for (const [index, plan] of plans.entries()) {
    const status = await seedOne(
      tx,
      people,
      plan,
      new Date(now.getTime() - plan.daysAgo * DAY_MS + index * 60_000),
    );
    if (status) occupied.add(people.rentcodes[plan.landlord][plan.unit]);
  }
  if (occupied.size > 0)
    await tx
      .update(rentalUnits)
      .set({ vacant: false })
      .where(inArray(rentalUnits.rentcode, [...occupied]));
}

/** Writes one application with its flow and members; returns true when it occupies its unit. */
async function seedOne(
  tx: Tx,
  people: DemoPeople,
  plan: DemoApplicationPlan,
  submittedAt: Date,
): Promise<boolean> {
  const landlordId = people.landlordIds[plan.landlord];
  const wardCode = people.units[plan.landlord][plan.unit].wardCode;
  const logby = actorName(plan.loggedBy, landlordId);
  const machine = createActor(lifecycleMachine, {
    input: { wardCode, logby, landlordId: String(landlordId) },
  }).start();

  const official = plan.loggedBy === 'landlord' ? null : plan.loggedBy;
  const flow: (typeof applicationFlow.$inferInsert)[] = [
    {
      applid: 0,
      logdt: submittedAt,
      aplstatus: INITIAL_STATUS,
      step: 'submitted',
      remarks: FLOW_TEXTS.submitted,
      applRemarks: remarkFor('submitted'),
      action: null,
      actor: logby,
      actorRole: official?.role ?? null,
      actorUsercode: official?.usercode ?? null,
    },
  ];
  let at = submittedAt;
  let snapshot = machine.getSnapshot();
  for (const step of plan.steps ?? []) {
    at = new Date(at.getTime() + step.after * DAY_MS);
    const event = { ...step.event, actor: lifecycleActor(step.by, landlordId) };
    if (!snapshot.can(event)) {
      throw new Error(
        `Demo application of tenant ${plan.tenant}: the lifecycle refuses ${event.type} by ${actorName(step.by, landlordId)}`,
      );
    }
    machine.send(event);
    snapshot = machine.getSnapshot();
    const record = snapshot.context.lastStep!;
    const { type, actor: _actor, ...payload } = event;
    flow.push({
      applid: 0,
      logdt: at,
      aplstatus: statusOfSnapshot(snapshot),
      step: record.step,
      remarks: record.flowText,
      applRemarks: record.remark,
      comments: record.comments,
      action: type,
      payload: Object.keys(payload).length > 0 ? payload : null,
      actor: actorName(step.by, landlordId),
      actorRole: step.by === 'landlord' ? null : step.by.role,
      actorUsercode: step.by === 'landlord' ? null : step.by.usercode,
    });
  }
  machine.stop();

  const last = flow.at(-1)!;
  const metas = Object.values(snapshot.getMeta()) as (LifecycleStateMeta | undefined)[];
  const closed = metas.some((m) => m?.closed);
  const certified = flow.find((f) => f.step === 'certified');
  const shifted = flow.find((f) => f.step === 'tenantShifted');
  // The certificate number quotes the application id, so take the id before inserting.
  const next: unknown = await tx.execute(sql`select nextval('applications_applid_seq') as id`);
  const applid = Number((next as { rows: { id: unknown }[] }).rows[0].id);
  const stationCode = wardCode.slice(0, 9);
  await tx.insert(applications).values({
    applid,
    status: last.aplstatus,
    remarks: last.applRemarks,
    tenantId: people.tenantIds[plan.tenant],
    landlordId,
    rentcode: people.rentcodes[plan.landlord][plan.unit],
    wardCode,
    logby,
    completedAt: plan.complete === false ? null : submittedAt,
    version: flow.length - 1,
    officialActed: snapshot.context.officialActed,
    certifiedAt: certified?.logdt ?? null,
    certifiedBy: certified?.actor ?? null,
    certificateNo: certified
      ? certificateNumber(stationCode, (certified.logdt as Date).getFullYear(), applid)
      : null,
    deletedAt: closed ? last.logdt : null,
    deletedBy: closed ? last.actor : null,
    deletedReason: closed ? last.remarks : null,
    leftLocalityOn: shifted ? (shifted.logdt as Date).toISOString().slice(0, 10) : null,
    createdAt: submittedAt,
    updatedAt: last.logdt,
  });
  await tx.insert(applicationFlow).values(flow.map((f) => ({ ...f, applid })));

  if (plan.complete !== false) {
    const members = [
      ...people.familyCodes[plan.tenant].map((familyMemberCode) => ({ applid, familyMemberCode })),
      ...people.helperCodes[plan.tenant].map((helperCode) => ({ applid, helperCode })),
    ];
    if (members.length > 0) await tx.insert(applicationMembers).values(members);
  }
  return !closed && OCCUPYING.includes(last.aplstatus);
}

/** Clearance certificate number: station, year and application id, e.g. 'CC/PS1701001/2025/000042'. */
export function certificateNumber(stationCode: string, year: number, applid: number): string {
  return `CC/${stationCode}/${year}/${String(applid).padStart(6, '0')}`;
}
