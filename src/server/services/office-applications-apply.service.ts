import { applyEvent } from '../../../machines/application';
import {
  OFFICE_APPLICATION_MESSAGES,
  type OfficeAppliedApplication,
  type Recommendation,
} from '../../contract/office-applications.contract';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { deliverStatusNotice, type NoticeOutcome, type StatusNoticeDeps } from '../notify/status-notice';
import { staffActorOf, toWorkflowRow } from '../workflow/application-facts';
import type { EventChoice } from '../workflow/legacy-event';
import { performWorkflowEvent, type WorkflowResult } from '../workflow/perform-event';
import {
  checkApply,
  refuseNotApplied,
  writeApply,
  type ApplyRequest,
  type CheckedApply,
} from './application-apply.service';
import type { OfficeRequest } from './office-applications.service';

// The official's Apply from the Tenant Applications page (docs/office-applications.md): the landlord's Apply
// (application-apply.service.ts) for an application this official logged, and, with a recommendation, the ward
// moderator's recommend step (the lifecycle machine, through performWorkflowEvent) in the same transaction.

/** The recommendation as the lifecycle event it is: rejection is the machine's 'Others' with the typed remarks. */
export function recommendationEvent(recommendation: Recommendation): EventChoice {
  return recommendation.kind === 'approval'
    ? { type: 'application.recommendApproval', payload: {} }
    : {
        type: 'application.recommendRejection',
        payload: { reason: 'Others', otherReason: recommendation.remarks, remarks: recommendation.remarks },
      };
}

export interface OfficeApplied {
  reply: OfficeAppliedApplication;
  /** The hand-over of the landlord's notice after the commit (never rejects); null: nothing to hand. */
  notice: Promise<NoticeOutcome> | null;
}

/**
 * Applies an application the official logged (logby = username; anyone else's: audited 403). Without a
 * recommendation it waits at the ward (LARP) and the landlord is told it was submitted. With one, the machine is
 * asked first, on the application as it will be once applied: a sender it refuses (anyone but the ward's
 * MODERATOR) gets an audited 403 and nothing is applied. Then the Apply and the step commit together, or neither
 * (a concurrent Apply finds the row completed: 409); the step's notice (pending at Local Authority) is the one the
 * landlord gets.
 */
export async function applyOfficeApplication(
  db: Db,
  who: OfficeRequest,
  body: { applid: number; membercode: number[]; helperCode: number[]; recommendation?: Recommendation },
  notify: Omit<StatusNoticeDeps, 'db'>,
): Promise<OfficeApplied> {
  const { staff } = who;
  const request: ApplyRequest = {
    owner: { kind: 'official', username: staff.username },
    label: staff.username,
    now: who.now,
    audit: who.audit,
    refuse: who.refuse,
  };
  const checked = await checkApply(db, request, body);
  const { applid } = checked.row;
  const applied = {
    applid,
    complete: true as const,
    membercode: checked.membercode,
    helperCode: checked.helperCode,
  };

  if (!body.recommendation) {
    const written = await writeApply(db, request, checked, true);
    if (written === 'not-applied') return refuseNotApplied(db, request, applid);
    return {
      reply: {
        message: OFFICE_APPLICATION_MESSAGES.applied,
        ...applied,
        applstatus: checked.row.status,
        remarks: checked.row.remarks,
      },
      notice: written.notice ? deliverStatusNotice({ ...notify, db }, written.notice) : null,
    };
  }

  const choice = recommendationEvent(body.recommendation);
  await askMachine(who, checked, choice);
  const result = await applyAndRecommend(db, request, who, checked, choice);
  const { written } = result;
  return {
    reply: {
      message: OFFICE_APPLICATION_MESSAGES.appliedAndForwarded,
      ...applied,
      applstatus: written.status,
      remarks: written.remarks,
    },
    notice: written.notice ? deliverStatusNotice({ ...notify, db }, written.notice) : null,
  };
}

/** The machine's answer for the step on the application once applied: refused senders get the audited 403. */
async function askMachine(who: OfficeRequest, checked: CheckedApply, choice: EventChoice): Promise<void> {
  const facts = { ...toWorkflowRow(checked.row), completed: true };
  const outcome = applyEvent(facts, { type: choice.type, actor: staffActorOf(who.staff), ...choice.payload });
  if (outcome.ok) return;
  if (outcome.reason === 'invalid-payload')
    throw new HttpError(400, `recommendation.remarks: ${outcome.message}`);
  await who.refuse(OFFICE_APPLICATION_MESSAGES.onlyWardModeratorRecommends);
}

/**
 * One transaction: the Apply's statement, then the step through performWorkflowEvent (which asks the machine
 * again on the applied row and writes the step guarded by its version). A refusal inside rolled back its own
 * audit line with everything else, so it is answered (and audited) again after the rollback.
 */
async function applyAndRecommend(
  db: Db,
  request: ApplyRequest,
  who: OfficeRequest,
  checked: CheckedApply,
  choice: EventChoice,
): Promise<WorkflowResult> {
  const { applid } = checked.row;
  let outcome: WorkflowResult | 'not-applied';
  try {
    outcome = await db.transaction(async (tx) => {
      const inTx = tx as unknown as Db;
      const written = await writeApply(inTx, request, checked, false);
      if (written === 'not-applied') return written;
      return performWorkflowEvent(inTx, {
        applid,
        staff: who.staff,
        choose: () => choice,
        now: who.now,
        audit: who.audit,
      });
    });
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 403) return who.refuse(err.message);
    throw err;
  }
  if (outcome === 'not-applied') return refuseNotApplied(db, request, applid);
  return outcome;
}
