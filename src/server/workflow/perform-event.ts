import {
  applyEvent,
  lifecyclePayloadSchemas,
  REFUSALS,
  stationOf,
  type StatusCode,
} from '../../../machines/application';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { deliverStatusNotice, type NoticeOutcome, type StatusNoticeDeps } from '../notify/status-notice';
import { writeAuditLog } from '../security/audit-log';
import type { StaffIdentity } from '../security/sessions';
import { canSeeWard, loadWorkflowRow, staffActorOf, type WorkflowRow } from './application-facts';
import { OCCUPYING, writeWorkflowStep, type WrittenApplication } from './workflow-write';
import type { EventChoice } from './legacy-event';
import { FORBIDDEN_REFUSALS, notFoundMessage, successMessage, WORKFLOW_REFUSALS } from './workflow-messages';

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
  /**
   * The carriers (from the config) that hand the landlord's notice on after the commit. The notice is kept in
   * the outbox by the step's statement whether or not this is given; without it, the outbox is its delivery.
   */
  notify?: Omit<StatusNoticeDeps, 'db'>;
}

export interface WorkflowResult {
  applid: number;
  message: string;
  /** The application as the step left it, and the facts the machine reads for what comes next. */
  written: WrittenApplication;
  facts: WorkflowRow;
  /** The hand-over of the landlord's notice, running after the commit; it never rejects (null: nothing to hand). */
  notice: Promise<NoticeOutcome> | null;
}

/** Clearance certificate number: station, year and application id, e.g. 'CC/PS1701001/2025/000042'. */
export function certificateNumber(wardCode: string, at: Date, applid: number): string {
  return `CC/${stationOf(wardCode)}/${at.getUTCFullYear()}/${String(applid).padStart(6, '0')}`;
}

/**
 * Loads the application, rebuilds its lifecycle snapshot, asks the machine whether this official may take the
 * event and, if so, writes the new status, remark and version with exactly one flow entry and one audit line in
 * one statement (workflow-write.ts). The UPDATE is guarded by the version read here: if another official acted
 * in between, no row matches, nothing is written and the caller gets 409.
 */
export async function performWorkflowEvent(db: Db, request: WorkflowRequest): Promise<WorkflowResult> {
  const { applid, staff, now } = request;
  const audit = (remark: string, target: Db = db) =>
    writeAuditLog(target, { ...request.audit, kind: 'refusal', username: staff.username, remark, at: now });

  const row = await loadWorkflowRow(db, applid);
  if (!row) throw new HttpError(404, notFoundMessage(applid));
  if (!canSeeWard(staff, row.wardCode)) {
    // Answered as a missing id, so the ids of other jurisdictions cannot be walked (docs/reach.md).
    await audit(`Refused: application ${applid} is outside the jurisdiction of ${staff.username}`);
    throw new HttpError(404, notFoundMessage(applid), { audited: true });
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
      throw new HttpError(403, outcome.message, { audited: true });
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
  const written = await writeWorkflowStep(db, {
    applid,
    version: row.version,
    status: outcome.nextStatus,
    remark: outcome.remark,
    officialActed: outcome.officialActed,
    now,
    certificateNo,
    closedReason: outcome.deleted ? outcome.flowText : null,
    leftLocalityOn: outcome.step === 'tenantShifted' ? now.toISOString().slice(0, 10) : null,
    freeUnit: outcome.deleted || !OCCUPYING.includes(outcome.nextStatus),
    flow: {
      step: outcome.step,
      flowText: outcome.flowText,
      comments: outcome.comments,
      action: choice.type,
      payload: Object.keys(storedPayload).length > 0 ? storedPayload : null,
    },
    actor: { username: staff.username, role: staff.role, usercode: staff.usercode },
    audit: {
      ...request.audit,
      username: staff.username,
      remark: `Application ${applid}: ${choice.type} (${row.status} -> ${outcome.nextStatus}${outcome.deleted ? ', closed' : ''})`,
    },
  });
  // No row: another official's step committed since we read the row, and nothing was written.
  if (!written) throw new HttpError(409, WORKFLOW_REFUSALS.stale);
  const facts: WorkflowRow = {
    ...row,
    status: outcome.nextStatus,
    version: written.version,
    officialActed: outcome.officialActed,
    certified: outcome.certified,
    deleted: outcome.deleted,
    cancelled: outcome.cancelled,
  };
  // After the commit and without holding up the reply: a failing carrier is recorded on the outbox row and
  // logged, and the official's step stands.
  const notice =
    written.notice && request.notify ? deliverStatusNotice({ ...request.notify, db }, written.notice) : null;
  return { applid, message: successMessage(outcome.step, applid, certificateNo), written, facts, notice };
}
