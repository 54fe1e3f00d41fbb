import { and, eq, inArray, isNull, ne, notExists, sql } from 'drizzle-orm';
import {
  applyEvent,
  lifecyclePayloadSchemas,
  REFUSALS,
  stationOf,
  type StatusCode,
} from '../../../machines/application';
import type { Db } from '../db/client';
import { applicationFlow, applications, rentalUnits } from '../db/schema';
import { HttpError } from '../http/errors';
import { writeAuditLog } from '../security/audit-log';
import type { StaffIdentity } from '../security/sessions';
import { canSeeWard, loadWorkflowRow, staffActorOf, type WorkflowRow } from './application-facts';
import type { EventChoice } from './legacy-event';
import { FORBIDDEN_REFUSALS, notFoundMessage, successMessage, WORKFLOW_REFUSALS } from './workflow-messages';

/** Statuses in which the tenant holds the unit, so the unit is not offered to anyone else. */
const OCCUPYING: StatusCode[] = ['LARP', 'LAVP', 'PLVP', 'RECT'];

export interface WorkflowRequest {
  applid: number;
  staff: StaffIdentity;
  /** Picks the event once the stored application is known (the legacy body names a status, not an event). */
  choose: (row: WorkflowRow) => EventChoice;
  /** The version the person saw, when the client sent it. */
  expectedVersion?: number;
  /** The status the client asked for along with a named event; it must be where the event leads. */
  expectedStatus?: StatusCode;
  now: Date;
  audit: { ip: string; url: string };
}

export interface WorkflowResult {
  applid: number;
  message: string;
}

/** Clearance certificate number: station, year and application id, e.g. 'CC/PS1701001/2025/000042'. */
export function certificateNumber(wardCode: string, at: Date, applid: number): string {
  return `CC/${stationOf(wardCode)}/${at.getUTCFullYear()}/${String(applid).padStart(6, '0')}`;
}

/** A tenant who left is a vacancy: the unit is offered again unless another live application still holds it. */
function freeUnitIfUnheld(tx: Db, row: WorkflowRow) {
  const other = tx
    .select({ one: sql`1` })
    .from(applications)
    .where(
      and(
        eq(applications.rentcode, row.rentcode),
        ne(applications.applid, row.applid),
        isNull(applications.deletedAt),
        inArray(applications.status, OCCUPYING),
      ),
    );
  return tx
    .update(rentalUnits)
    .set({ vacant: true })
    .where(and(eq(rentalUnits.rentcode, row.rentcode), notExists(other)));
}

/**
 * Loads the application, rebuilds its lifecycle snapshot, asks the machine whether this official may take the
 * event and, if so, writes the new status, remark and version with exactly one flow entry and one audit line in
 * one transaction. The UPDATE is guarded by the version read here: if another official acted in between, no
 * row matches, nothing is written and the caller gets 409.
 */
export async function performWorkflowEvent(db: Db, request: WorkflowRequest): Promise<WorkflowResult> {
  const { applid, staff, now } = request;
  const audit = (remark: string, target: Db = db) =>
    writeAuditLog(target, { ...request.audit, username: staff.username, remark, at: now });

  const row = await loadWorkflowRow(db, applid);
  if (!row) throw new HttpError(404, notFoundMessage(applid));
  if (!canSeeWard(staff, row.wardCode)) {
    await audit(`Refused: application ${applid} is outside the jurisdiction of ${staff.username}`);
    throw new HttpError(403, REFUSALS.outsideJurisdiction);
  }
  const choice = request.choose(row);
  if (request.expectedVersion !== undefined && request.expectedVersion !== row.version) {
    throw new HttpError(409, WORKFLOW_REFUSALS.stale);
  }
  const outcome = applyEvent(row, { type: choice.type, actor: staffActorOf(staff), ...choice.payload });
  if (!outcome.ok) {
    if (outcome.reason === 'invalid-payload') throw new HttpError(400, outcome.message);
    if (FORBIDDEN_REFUSALS.includes(outcome.message)) {
      await audit(`Refused: ${choice.type} on application ${applid}: ${outcome.message}`);
      throw new HttpError(403, outcome.message);
    }
    const deleteRefusal =
      choice.type === 'application.delete' &&
      (outcome.message === REFUSALS.notPermitted || outcome.message === REFUSALS.notAtYourLevel);
    throw new HttpError(
      409,
      deleteRefusal ? WORKFLOW_REFUSALS.deleteOnlyByLoggingModerator : outcome.message,
    );
  }
  if (request.expectedStatus && request.expectedStatus !== outcome.nextStatus) {
    throw new HttpError(
      400,
      `This action leaves the application at status ${outcome.nextStatus}, not ${request.expectedStatus}.`,
    );
  }
  if (!row.completed && outcome.nextStatus !== row.status)
    throw new HttpError(409, WORKFLOW_REFUSALS.incomplete);

  const certificateNo = outcome.step === 'certified' ? certificateNumber(row.wardCode, now, applid) : null;
  // The payload as the lifecycle read it (trimmed, unknown keys dropped), kept with the flow entry for replay.
  const storedPayload: Record<string, unknown> = lifecyclePayloadSchemas[choice.type].parse(choice.payload);
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(applications)
      .set({
        status: outcome.nextStatus,
        remarks: outcome.remark,
        version: sql`${applications.version} + 1`,
        officialActed: outcome.officialActed,
        updatedAt: now,
        ...(certificateNo ? { certificateNo, certifiedAt: now, certifiedBy: staff.username } : {}),
        ...(outcome.deleted
          ? { deletedAt: now, deletedBy: staff.username, deletedReason: outcome.flowText }
          : {}),
        ...(outcome.step === 'tenantShifted' ? { leftLocalityOn: now.toISOString().slice(0, 10) } : {}),
      })
      .where(and(eq(applications.applid, applid), eq(applications.version, row.version)))
      .returning({ applid: applications.applid });
    // Zero rows: another official's step committed since we read the row. Throwing rolls everything back.
    if (updated.length === 0) throw new HttpError(409, WORKFLOW_REFUSALS.stale);
    await tx.insert(applicationFlow).values({
      applid,
      logdt: now,
      aplstatus: outcome.nextStatus,
      step: outcome.step,
      remarks: outcome.flowText,
      applRemarks: outcome.remark,
      comments: outcome.comments,
      action: choice.type,
      payload: Object.keys(storedPayload).length > 0 ? storedPayload : null,
      actor: staff.username,
      actorRole: staff.role,
      actorUsercode: staff.usercode,
    });
    if (outcome.deleted || !OCCUPYING.includes(outcome.nextStatus)) await freeUnitIfUnheld(tx, row);
    await audit(
      `Application ${applid}: ${choice.type} (${row.status} -> ${outcome.nextStatus}${outcome.deleted ? ', closed' : ''})`,
      tx,
    );
  });
  return { applid, message: successMessage(outcome.step, applid, certificateNo) };
}
