import { eq, sql } from 'drizzle-orm';
import {
  allowedEvents,
  applyEvent,
  FLOW_TEXTS,
  isWithinJurisdiction,
  representativeEvent,
  statusListLabel,
  type ApplicationFacts,
  type LifecycleEventType,
  type StaffActor,
  type StatusCode,
} from '../../../machines/application';
import type { Role } from '../../contract/roles';
import type { Db } from '../db/client';
import { perDatabase } from '../db/prepared';
import { applications } from '../db/schema';
import { STATEWIDE_ROLES } from '../security/jurisdiction-scope';
import type { StaffIdentity } from '../security/sessions';

/** A stored application as the workflow reads it: the machine's facts plus what the write needs. */
export interface WorkflowRow extends ApplicationFacts {
  applid: number;
  status: StatusCode;
  version: number;
  /** False until the applicant chose the members and applied (an incomplete application). */
  completed: boolean;
  rentcode: string;
}

/** The columns behind a WorkflowRow; list and detail queries select the same ones. */
export const workflowColumns = {
  applid: applications.applid,
  status: applications.status,
  wardCode: applications.wardCode,
  logby: applications.logby,
  landlordId: applications.landlordId,
  officialActed: applications.officialActed,
  certifiedAt: applications.certifiedAt,
  deletedAt: applications.deletedAt,
  deletedReason: applications.deletedReason,
  completedAt: applications.completedAt,
  grantsReach: applications.grantsReach,
  version: applications.version,
  rentcode: applications.rentcode,
};

type WorkflowColumnsRow = {
  [K in keyof typeof workflowColumns]: (typeof workflowColumns)[K]['_']['data'] | null;
};

/** A soft-deleted row keeps its status; a cancellation is told apart by the reason the workflow stored. */
export function toWorkflowRow(row: WorkflowColumnsRow): WorkflowRow {
  const deleted = row.deletedAt !== null;
  return {
    applid: row.applid as number,
    status: row.status as StatusCode,
    wardCode: row.wardCode as string,
    logby: row.logby as string,
    landlordId: String(row.landlordId),
    officialActed: Boolean(row.officialActed),
    certified: row.certifiedAt !== null,
    deleted,
    cancelled: deleted && row.deletedReason === FLOW_TEXTS.cancelled,
    version: row.version as number,
    completed: row.completedAt !== null,
    // The tenant's consent is awaited while a draft gives no reach (docs/tenant-consent.md "Storage decision").
    awaitingConsent: row.completedAt === null && row.grantsReach === false,
    rentcode: row.rentcode as string,
  };
}

/** The status as every application reply shows it: the code, its label for this official's role, the legacy echo. */
export function statusFields(status: StatusCode, role: Role) {
  return { status, statusLabel: statusListLabel(status, role), applStatus: { applstatus: status } };
}

/** How a closed application was closed, as its replies tell it; null while it is open. */
export function closedAs(row: WorkflowRow): 'deleted' | 'cancelled' | null {
  return row.cancelled ? 'cancelled' : row.deleted ? 'deleted' : null;
}

/** Every transition and detail starts here, so the statement is prepared once per database. */
const workflowRowLookup = perDatabase((db) =>
  db
    .select(workflowColumns)
    .from(applications)
    .where(eq(applications.applid, sql.placeholder('applid')))
    .prepare('workflow_row_lookup'),
);

export async function loadWorkflowRow(db: Db, applid: number): Promise<WorkflowRow | null> {
  const [row] = await workflowRowLookup(db).execute({ applid });
  return row ? toWorkflowRow(row) : null;
}

/** The signed-in official as the lifecycle machine's actor. */
export function staffActorOf(staff: StaffIdentity): StaffActor {
  return { kind: 'staff', role: staff.role, username: staff.username, usercode: staff.usercode };
}

/**
 * May this official see (read) an application of this ward? Statewide roles see every ward; the others see the
 * wards their usercode covers (docs/jurisdiction-codes.md). Acting needs more: the machine decides that.
 */
export function canSeeWard(staff: StaffIdentity, wardCode: string): boolean {
  return STATEWIDE_ROLES.includes(staff.role) || isWithinJurisdiction(staff.usercode, wardCode);
}

/**
 * An incomplete application has not been applied yet, so no step may move it out of its status: only the
 * steps that close it (withdraw, vacate) are open. This keeps every incomplete application in LARP, which the
 * list queries rely on (docs/applications-api.md).
 */
export function movesStatus(row: WorkflowRow, type: LifecycleEventType, staff: StaffIdentity): boolean {
  const outcome = applyEvent(row, representativeEvent(type, staffActorOf(staff)));
  return outcome.ok && outcome.nextStatus !== row.status;
}

/**
 * The actions the machine grants this official now, as every application reply carries them. The answer is a
 * pure function of the official and of what the machine reads of the row: whether the ward is within the
 * official's jurisdiction, whether the official logged it (the only use of logby), the status and the flags (a
 * staff actor never matches a landlord id). Rows alike in these share one answer, so a list page asks the
 * machine once per kind of row, not once per row.
 */
export function allowedEventsFor(row: WorkflowRow, staff: StaffIdentity): LifecycleEventType[] {
  const key = [
    staff.role,
    staff.usercode,
    staff.username,
    isWithinJurisdiction(staff.usercode, row.wardCode),
    row.logby === staff.username,
    row.status,
    row.officialActed,
    row.certified,
    row.deleted,
    row.cancelled,
    row.completed,
    row.awaitingConsent,
  ].join('|');
  let events = allowedEventsCache.get(key);
  if (!events) {
    events = computeAllowedEvents(row, staff);
    if (allowedEventsCache.size >= ALLOWED_EVENTS_CACHE_SIZE) allowedEventsCache.clear();
    allowedEventsCache.set(key, events);
  }
  return [...events];
}

const ALLOWED_EVENTS_CACHE_SIZE = 20_000;
const allowedEventsCache = new Map<string, readonly LifecycleEventType[]>();

/** The machine asked afresh, without the memo: what allowedEventsFor must always agree with. */
export function computeAllowedEvents(row: WorkflowRow, staff: StaffIdentity): LifecycleEventType[] {
  if (!canSeeWard(staff, row.wardCode)) return [];
  const events = allowedEvents(row, staffActorOf(staff));
  return row.completed ? events : events.filter((type) => !movesStatus(row, type, staff));
}
