import { applicationFlow, applications } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { prepareFixture } from './applications-fixtures';

// Applications whose flow entries are written at chosen hours, for the insights suites: each entry goes through
// the flow table's insert trigger, as the workflow's own writes do.

export type TimedStep = [step: string, action: string | null, status: string, hoursAfterSubmission: number];

export const SUBMIT: TimedStep = ['submitted', null, 'LARP', 0];
export const forward = (h: number): TimedStep => [
  'recommendedApproval',
  'application.recommendApproval',
  'LAVP',
  h,
];
export const accept = (h: number): TimedStep => ['accepted', 'application.accept', 'PLVP', h];
export const decline = (h: number): TimedStep => ['declined', 'application.decline', 'RJT', h];
export const certify = (h: number): TimedStep => ['certified', 'application.certify', 'PLVP', h];

/** Writes one application per entry of `flows`, all in `wardCode`, submitted at `submittedAt`. */
export async function insertTimedApplications(
  db: Db,
  wardCode: string,
  submittedAt: Date,
  flows: TimedStep[][],
): Promise<number[]> {
  const fixture = await prepareFixture(db, [wardCode]);
  const ids: number[] = [];
  for (const steps of flows) {
    const last = steps[steps.length - 1];
    const [row] = await db
      .insert(applications)
      .values({
        status: last[2] as 'LARP',
        remarks: '(fixture)',
        tenantId: fixture.tenantId,
        landlordId: fixture.landlordId,
        rentcode: fixture.rentcodeOf[wardCode],
        wardCode,
        logby: `landlord:${fixture.landlordId}`,
        completedAt: submittedAt,
        version: steps.length - 1,
        createdAt: submittedAt,
      })
      .returning({ applid: applications.applid });
    for (const [step, action, status, hours] of steps) {
      await db.insert(applicationFlow).values({
        applid: row.applid,
        logdt: new Date(submittedAt.getTime() + hours * 3_600_000),
        aplstatus: status as 'LARP',
        step: step as 'submitted',
        remarks: 'fixture',
        action,
        actor: step === 'submitted' ? `landlord:${fixture.landlordId}` : 'mod.fixture',
        actorRole: step === 'submitted' ? null : 'MODERATOR',
      });
    }
    ids.push(row.applid);
  }
  return ids;
}
