import { eq } from 'drizzle-orm';
import { applyEvent, type LifecycleActor, type StatusCode } from '../../../machines/application';
import { RENTAL_UNIT_MESSAGES } from '../../contract/rental-units.contract';
import type { Db } from '../db/client';
import { applications, rentalUnits } from '../db/schema';
import { HttpError } from '../http/errors';
import { deliverStatusNotice, type StatusNoticeDeps } from '../notify/status-notice';
import type { Caller } from '../security/caller';
import { citizenLabel } from '../security/citizen-keys';
import { staffActorOf, toWorkflowRow, workflowColumns } from '../workflow/application-facts';
import { WORKFLOW_REFUSALS } from '../workflow/workflow-messages';
import { holdingUnit, writeWorkflowStep } from '../workflow/workflow-write';
import type { OwnedUnit } from './owner-scope';

// "Update Status" of a rental unit: the tenant has left, the unit is vacant again. An application that still holds
// the unit is closed through the lifecycle machine with 'tenant.vacate' (in process: cancelled; approved: the
// tenant shifted, APARV), each by the workflow's one-statement write, which also frees the unit.

export interface ClosedApplication {
  applid: number;
  status: StatusCode;
}

/** The caller as the lifecycle's actor and as the flow entry names it. */
function actorOf(caller: Caller): {
  lifecycle: LifecycleActor;
  flow: { username: string; role: string; usercode: string };
} {
  if (caller.kind === 'staff') {
    const { username, role, usercode } = caller.staff;
    return { lifecycle: staffActorOf(caller.staff), flow: { username, role, usercode } };
  }
  const scope = caller.citizen.scope;
  if (scope.kind !== 'landlord') throw new HttpError(403, RENTAL_UNIT_MESSAGES.notYours);
  return {
    lifecycle: { kind: 'landlord', landlordId: String(scope.landlordId) },
    // A landlord has no role or jurisdiction code: the flow columns stay empty, as the demo's landlord steps do.
    // (WorkflowWrite types them as strings; the statement casts and stores the nulls.)
    flow: { username: citizenLabel(caller.citizen), role: null, usercode: null } as unknown as {
      username: string;
      role: string;
      usercode: string;
    },
  };
}

/**
 * Marks the unit vacant, closing every application that holds it; each closing step's notice to the landlord is
 * handed to its carrier (`request.notify`) after the commit. Refuses (nothing written) when the machine
 * refuses the caller the step (403) or another step on the application committed first (409).
 */
export async function markUnitVacant(
  db: Db,
  caller: Caller,
  unit: OwnedUnit,
  request: { now: Date; audit: { ip: string; url: string }; notify?: Omit<StatusNoticeDeps, 'db'> },
): Promise<ClosedApplication[]> {
  const live = await db.select(workflowColumns).from(applications).where(holdingUnit(unit.rentcode));
  if (live.length === 0) {
    if (unit.vacant) throw new HttpError(409, RENTAL_UNIT_MESSAGES.alreadyVacant);
    await db
      .update(rentalUnits)
      .set({ vacant: true, updatedAt: request.now })
      .where(eq(rentalUnits.rentcode, unit.rentcode));
    return [];
  }
  const actor = actorOf(caller);
  const closed: ClosedApplication[] = [];
  for (const stored of live) {
    const row = toWorkflowRow(stored);
    const outcome = applyEvent(row, { type: 'tenant.vacate', actor: actor.lifecycle });
    if (!outcome.ok) throw new HttpError(403, outcome.message);
    const written = await writeWorkflowStep(db, {
      applid: row.applid,
      version: row.version,
      status: outcome.nextStatus,
      remark: outcome.remark,
      officialActed: outcome.officialActed,
      now: request.now,
      certificateNo: null,
      closedReason: outcome.deleted ? outcome.flowText : null,
      leftLocalityOn: outcome.step === 'tenantShifted' ? request.now.toISOString().slice(0, 10) : null,
      freeUnit: true,
      flow: {
        step: outcome.step,
        flowText: outcome.flowText,
        comments: outcome.comments,
        action: 'tenant.vacate',
        payload: null,
      },
      actor: actor.flow,
      audit: {
        ...request.audit,
        username: actor.flow.username,
        remark: `Application ${row.applid}: tenant.vacate (${row.status} -> ${outcome.nextStatus}${outcome.deleted ? ', closed' : ''}) by the vacancy update of ${unit.rentcode}`,
      },
    });
    if (!written) throw new HttpError(409, WORKFLOW_REFUSALS.stale);
    // Handed to the carrier after the commit, without holding up the reply (as every workflow step).
    if (written.notice && request.notify) void deliverStatusNotice({ ...request.notify, db }, written.notice);
    closed.push({ applid: row.applid, status: written.status });
  }
  return closed;
}
