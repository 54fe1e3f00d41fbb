import { applyEvent, type StatusCode } from '../../../machines/application';
import { CITIZEN_APPLICATION_MESSAGES as MESSAGES } from '../../contract/citizen-applications.contract';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { loadWorkflowRow } from '../workflow/application-facts';
import { FORBIDDEN_REFUSALS, WORKFLOW_REFUSALS } from '../workflow/workflow-messages';
import { writeWorkflowStep } from '../workflow/workflow-write';
import type { LandlordRequest } from './citizen-applications.service';

// PUT process/anonymous/updateApplication/{applid}/{landlordId}: the landlord withdraws its own application. The
// lifecycle machine decides ('application.delete' by the owning landlord, only while LARP and before any
// official acted); the workflow's one-statement write soft-deletes it, logs the flow entry and frees the unit.

/** The machine's refusal as the landlord's Delete shows it: the spec appends '. Application already forwarded.' */
export function forwardedMessage(message: string): string {
  return `${message.replace(/\.$/, '')}${MESSAGES.alreadyForwarded}`;
}

export async function withdrawApplication(
  db: Db,
  who: LandlordRequest,
  applid: number,
): Promise<{ applid: number; applstatus: StatusCode }> {
  const row = await loadWorkflowRow(db, applid);
  // An unknown id and another landlord's application answer alike, so a key learns nothing about other ids.
  if (!row || row.landlordId !== String(who.landlordId)) return who.refuse(MESSAGES.notYourApplication);
  // The Applications tab's red note (public-portal.md): applications applied by other users cannot be deleted. An
  // official's office application for the landlord's unit is the official's to close, not the landlord's.
  if (row.logby !== `landlord:${who.landlordId}`) return who.refuse(MESSAGES.madeByAnotherUser);
  const outcome = applyEvent(row, {
    type: 'application.delete',
    actor: { kind: 'landlord', landlordId: String(who.landlordId) },
  });
  if (!outcome.ok) {
    if (FORBIDDEN_REFUSALS.includes(outcome.message)) return who.refuse(outcome.message);
    throw new HttpError(409, forwardedMessage(outcome.message));
  }
  const written = await writeWorkflowStep(db, {
    applid: row.applid,
    version: row.version,
    status: outcome.nextStatus,
    remark: outcome.remark,
    officialActed: outcome.officialActed,
    now: who.now,
    certificateNo: null,
    closedReason: outcome.flowText,
    leftLocalityOn: null,
    freeUnit: true,
    flow: {
      step: outcome.step,
      flowText: outcome.flowText,
      comments: outcome.comments,
      action: 'application.delete',
      payload: null,
    },
    // A landlord has no role or jurisdiction code: the flow columns stay empty (as the vacancy update writes them).
    actor: { username: who.label, role: null, usercode: null } as unknown as {
      username: string;
      role: string;
      usercode: string;
    },
    audit: {
      ...who.audit,
      username: who.label,
      remark: `Application ${row.applid}: application.delete (${row.status}, withdrawn) by its landlord`,
    },
  });
  if (!written) throw new HttpError(409, WORKFLOW_REFUSALS.stale);
  return { applid: written.applid, applstatus: written.status };
}
