import { asc, eq, inArray, sql } from 'drizzle-orm';
import { replayFlowOutcome } from '../../machines/application';
import type { App } from '../../src/server/app';
import type { Db } from '../../src/server/db/client';
import { applicationFlow, applications, landlords, rentalUnits, tenants } from '../../src/server/db/schema';
import { API_BASE } from '../../src/contract/api';
import { bearer, signInStaff } from '../support/staff-signin';

// Applications written straight into the database in a chosen state, with the flow log that state implies, so a
// suite can put any status in any ward under any logby and then drive the API. The texts are the product's
// (machines/application/statuses.ts); the shapes are spelled out here, not asked of the lifecycle machine.

/** The moderator's ward: inside supermoderator's locality, police's station, the verifier's and user's district. */
export const WARD_A = 'PS1701001LA01W01';
/** Sadar police station, still district 1701: outside every station, locality and ward account. */
export const WARD_B = 'PS1701002LA01W01';
/** Nongpoh, district 1703 (Ri-Bhoi): outside every account below the state. */
export const WARD_C = 'PS1703001LA01W01';
export const PLACES = { A: WARD_A, B: WARD_B, C: WARD_C } as const;
export type Place = keyof typeof PLACES;

export const SHAPES = [
  'LARP',
  'LAVP',
  'PLVP',
  'PLVP.certified',
  'RJT',
  'RECT',
  'APARV',
  'LARP.deleted',
] as const;
export type Shape = (typeof SHAPES)[number];

type Step = [step: string, action: string | null, status: string, flowText: string, remark: string];
const SUBMITTED: Step = ['submitted', null, 'LARP', 'Application Submitted', '(Submitted)'];
const FORWARDED: Step = [
  'recommendedApproval',
  'application.recommendApproval',
  'LAVP',
  'Application forwarded to Locality by Sub-Locality/Wards',
  '(May be Accepted)',
];
const ACCEPTED: Step = [
  'accepted',
  'application.accept',
  'PLVP',
  'Application approved by Locality',
  '(Approved by Locality/Cantonment)',
];

/** The flow each shape has behind it, oldest first. */
const FLOWS: Record<Shape, Step[]> = {
  LARP: [SUBMITTED],
  LAVP: [SUBMITTED, FORWARDED],
  PLVP: [SUBMITTED, FORWARDED, ACCEPTED],
  'PLVP.certified': [
    SUBMITTED,
    FORWARDED,
    ACCEPTED,
    [
      'certified',
      'application.certify',
      'PLVP',
      'Clearance certificate issued by Locality',
      '(Clearance certificate issued)',
    ],
  ],
  RJT: [
    SUBMITTED,
    FORWARDED,
    [
      'declined',
      'application.decline',
      'RJT',
      'Application rejected by Locality',
      '(Rejected by Locality/Cantonment: Criminal Issues)',
    ],
  ],
  RECT: [
    SUBMITTED,
    [
      'rectificationRequested',
      'application.requestRectification',
      'RECT',
      'Application returned to the applicant for rectification',
      '(Returned for rectification: Add the photo.)',
    ],
  ],
  APARV: [
    SUBMITTED,
    FORWARDED,
    ACCEPTED,
    ['tenantShifted', 'tenant.vacate', 'APARV', 'Tenant shifted from the rental unit', '(Tenant shifted)'],
  ],
  'LARP.deleted': [
    SUBMITTED,
    ['deleted', 'application.delete', 'LARP', 'Application deleted', '(Application deleted)'],
  ],
};

export interface RowSpec {
  shape: Shape;
  wardCode: string;
  /** An official's username, or 'landlord' for the fixture landlord. */
  logby: string;
  completed?: boolean;
}

export interface Fixture {
  landlordId: number;
  landlordEpic: string;
  tenantId: number;
  rentcodeOf: Record<string, string>;
}

/** A landlord with one unit in each given ward, and a tenant, taken from the demo seed's people. */
export async function prepareFixture(db: Db, wardCodes: string[]): Promise<Fixture> {
  const [landlord] = await db.select().from(landlords).orderBy(asc(landlords.id)).limit(1);
  const [tenant] = await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id)).limit(1);
  const rentcodeOf: Record<string, string> = {};
  for (const wardCode of wardCodes) {
    const [unit] = await db
      .insert(rentalUnits)
      .values({
        landlordId: landlord.id,
        houseNo: `Fixture ${wardCode.slice(-3)}`,
        address1: 'Fixture Road',
        pinCode: '793001',
        districtCode: wardCode.slice(2, 6),
        wardCode,
        vacant: false,
      })
      .returning({ rentcode: rentalUnits.rentcode });
    rentcodeOf[wardCode] = unit.rentcode;
  }
  return { landlordId: landlord.id, landlordEpic: landlord.epicNo, tenantId: tenant.id, rentcodeOf };
}

/** Writes the applications with their flows; returns their ids in the order given. */
export async function insertApplications(db: Db, fixture: Fixture, specs: RowSpec[]): Promise<number[]> {
  const ids: number[] = [];
  const at = new Date('2025-01-15T10:00:00Z');
  for (let start = 0; start < specs.length; start += 500) {
    const batch = specs.slice(start, start + 500);
    const rows = batch.map((spec) => {
      const flow = FLOWS[spec.shape];
      const last = flow[flow.length - 1];
      const certified = spec.shape === 'PLVP.certified';
      const deleted = spec.shape === 'LARP.deleted';
      return {
        status: last[2] as 'LARP',
        remarks: last[4],
        tenantId: fixture.tenantId,
        landlordId: fixture.landlordId,
        rentcode: fixture.rentcodeOf[spec.wardCode],
        wardCode: spec.wardCode,
        logby: spec.logby === 'landlord' ? `landlord:${fixture.landlordId}` : spec.logby,
        completedAt: spec.completed === false ? null : at,
        version: flow.length - 1,
        officialActed: flow.some(
          ([, action]) => action?.startsWith('application.') && action !== 'application.delete',
        ),
        certifiedAt: certified ? at : null,
        certifiedBy: certified ? 'smod.fixture' : null,
        certificateNo: certified ? `CC/FIXTURE/${Math.random().toString(36).slice(2)}` : null,
        deletedAt: deleted ? at : null,
        deletedBy: deleted ? 'landlord' : null,
        deletedReason: deleted ? 'Application deleted' : null,
        leftLocalityOn: spec.shape === 'APARV' ? '2025-01-15' : null,
      };
    });
    const inserted = await db.insert(applications).values(rows).returning({ applid: applications.applid });
    const flowRows = inserted.flatMap(({ applid }, i) =>
      FLOWS[batch[i].shape].map(([step, action, status, flowText, remark]) => ({
        applid,
        logdt: at,
        aplstatus: status as 'LARP',
        step: step as 'submitted',
        remarks: flowText,
        applRemarks: remark,
        action,
        payload: action === 'application.decline' ? { reason: 'Criminal Issues' } : null,
        actor: 'fixture',
      })),
    );
    await db.insert(applicationFlow).values(flowRows);
    ids.push(...inserted.map((r) => r.applid));
  }
  return ids;
}

/** Version and number of flow entries of each application: "nothing written" means these did not move. */
export async function footprints(
  db: Db,
  ids: number[],
): Promise<Map<number, { version: number; flow: number }>> {
  const rows = await db
    .select({
      applid: applications.applid,
      version: applications.version,
      flow: sql<number>`(select count(*)::int from ${applicationFlow} f where f.applid = applications.applid)`,
    })
    .from(applications)
    .where(inArray(applications.applid, ids));
  return new Map(rows.map((r) => [r.applid, { version: r.version, flow: Number(r.flow) }]));
}

export async function statusOf(db: Db, applid: number) {
  const [row] = await db.select().from(applications).where(eq(applications.applid, applid));
  return row;
}

/** Signs each account in once per suite (sign-in is deliberately slow) and hands out bearer headers. */
export function sessions(app: () => App) {
  const tokens = new Map<string, Promise<string>>();
  return async (username: string) => {
    if (!tokens.has(username))
      tokens.set(
        username,
        signInStaff(app(), username).then((r) => r.accessToken),
      );
    return bearer(await tokens.get(username)!);
  };
}

export const api = (path: string) => `${API_BASE}/${path}`;

/**
 * Replays the flow log of every application in the database through the lifecycle machine and lists those whose
 * replay does not end at the stored status, closure and (for PLVP) certificate. The flow log is the truth.
 */
export async function replayMismatches(db: Db): Promise<string[]> {
  const rows = await db.select().from(applications).orderBy(asc(applications.applid));
  const flow = await db.select().from(applicationFlow).orderBy(asc(applicationFlow.id));
  return rows.flatMap((row) => {
    const entries = flow
      .filter((f) => f.applid === row.applid)
      .map(({ id, aplstatus, remarks }) => ({ id, aplstatus, remarks }));
    const outcome = replayFlowOutcome(entries, {
      wardCode: row.wardCode,
      logby: row.logby,
      landlordId: String(row.landlordId),
    });
    const closed = row.deletedAt
      ? row.deletedReason === 'Application cancelled as the rental unit was vacated'
        ? 'cancelled'
        : 'deleted'
      : null;
    // A certificate shows in the machine while the clearance stands (PLVP); a shifted tenant's stays on the row.
    const certifiedMatches = row.status !== 'PLVP' || outcome.certified === (row.certifiedAt !== null);
    return outcome.status === row.status && outcome.closed === closed && certifiedMatches
      ? []
      : [`${row.applid}: stored ${row.status}/${closed}, replayed ${outcome.status}/${outcome.closed}`];
  });
}
