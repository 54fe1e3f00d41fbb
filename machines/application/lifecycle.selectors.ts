import { getNextTransitions, transition, type SnapshotFrom } from 'xstate';
import { districtOf, localityOf, stateOf, stationOf } from './jurisdiction';
import {
  LIFECYCLE_EVENT_TYPES,
  lifecycleEnvelopeSchema,
  lifecyclePayloadSchemas,
  type LifecycleActor,
  type LifecycleEvent,
  type LifecycleEventType,
} from './lifecycle.events';
import { lifecycleMachine, type LifecycleStateMeta, type LifecycleStepRecord } from './lifecycle.machine';
import { HOLDERS, isStatusCode, type FlowStep, type Holder, type StatusCode } from './statuses';

export type LifecycleSnapshot = SnapshotFrom<typeof lifecycleMachine>;

/** An application as stored: the columns the workflow reads. */
export interface ApplicationFacts {
  status: string;
  wardCode: string;
  logby: string;
  landlordId: string;
  officialActed: boolean;
  certified?: boolean;
  /** Soft delete flag: set by a delete and by a cancellation (then `cancelled` is set too). */
  deleted?: boolean;
  cancelled?: boolean;
  /** Incomplete and the tenant has not consented: the logging official may withdraw it (docs/tenant-consent.md). */
  awaitingConsent?: boolean;
}

type TopState = keyof typeof lifecycleMachine.root.states;

/** A state node's meta as the machine declares it (xstate types a node's meta loosely). */
export function stateMetaOf(node: { meta?: unknown }): LifecycleStateMeta {
  return node.meta ?? {};
}

/** The machine's top-level state for each stored status, read from the states' meta (not a second table). */
const STATE_OF_STATUS = Object.fromEntries(
  Object.entries(lifecycleMachine.root.states).flatMap(([key, node]) => {
    const { status } = stateMetaOf(node);
    return status ? [[status, key]] : [];
  }),
) as Record<StatusCode, TopState>;

/** Rebuilds the snapshot of a stored application, so the machine can judge the next event. */
export function snapshotFor(application: ApplicationFacts): LifecycleSnapshot {
  const { status } = application;
  if (!isStatusCode(status)) throw new Error(`Unknown application status '${status}'.`);
  const closed = application.cancelled ? 'cancelled' : application.deleted ? 'deleted' : null;
  const value = closed
    ? closed
    : status === 'PLVP'
      ? { approved: application.certified ? 'certified' : 'awaitingCertificate' }
      : STATE_OF_STATUS[status];
  return lifecycleMachine.resolveState({
    value,
    context: {
      wardCode: application.wardCode,
      logby: application.logby,
      landlordId: application.landlordId,
      officialActed: application.officialActed,
      awaitingConsent: application.awaitingConsent ?? false,
      statusWhenClosed: closed ? status : null,
      lastStep: null,
    },
  });
}

function topMeta(snapshot: LifecycleSnapshot): LifecycleStateMeta {
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  return stateMetaOf(lifecycleMachine.root.states[top]);
}

/** The stored status a snapshot stands for (a soft-deleted application keeps the status it had). */
export function statusOf(snapshot: LifecycleSnapshot): StatusCode {
  const meta = topMeta(snapshot);
  const status = meta.status ?? snapshot.context.statusWhenClosed;
  if (!status) throw new Error('A closed application must remember the status it was closed at.');
  return status;
}

export function closureOf(snapshot: LifecycleSnapshot): 'deleted' | 'cancelled' | null {
  return topMeta(snapshot).closed ?? null;
}

export function isCertified(snapshot: LifecycleSnapshot): boolean {
  return snapshot.matches({ approved: 'certified' });
}

/** Who holds the case now, from the state's `holder.*` tag; null once the case is closed. */
export function holderOf(snapshot: LifecycleSnapshot): Holder | null {
  return HOLDERS.find((holder) => snapshot.hasTag(`holder.${holder}`)) ?? null;
}

/** A valid payload per event type: enough for `can` to judge who may act, never stored anywhere. */
export const REPRESENTATIVE_PAYLOADS = {
  'application.recommendApproval': {},
  'application.recommendRejection': { reason: 'Lack of Documents', remarks: 'Representative remarks' },
  'application.accept': {},
  'application.decline': { reason: 'Lack of Documents' },
  'application.certify': {},
  'application.delete': {},
  'application.requestRectification': { remarks: 'Representative remarks' },
  'application.resubmit': {},
  'tenant.vacate': {},
} as const satisfies {
  [T in LifecycleEventType]: Omit<Extract<LifecycleEvent, { type: T }>, 'type' | 'actor'>;
};

export function representativeEvent(type: LifecycleEventType, actor: LifecycleActor): LifecycleEvent {
  return { type, actor, ...REPRESENTATIVE_PAYLOADS[type] } as LifecycleEvent;
}

/** The actions this actor may take now, asked of the machine itself. */
export function allowedEventsIn(snapshot: LifecycleSnapshot, actor: LifecycleActor): LifecycleEventType[] {
  return LIFECYCLE_EVENT_TYPES.filter((type) => snapshot.can(representativeEvent(type, actor)));
}

export function allowedEvents(application: ApplicationFacts, actor: LifecycleActor): LifecycleEventType[] {
  return allowedEventsIn(snapshotFor(application), actor);
}

export const REFUSALS = {
  deleted: 'This application has been deleted.',
  cancelled: 'This application has been cancelled.',
  closed: 'This application is closed: no further action can be taken on it.',
  notAtYourLevel: 'This application is not pending at your level.',
  alreadyCertified: 'The clearance certificate for this application has already been issued.',
  outsideJurisdiction: 'This application is outside your jurisdiction.',
  notYours: 'This application does not belong to you.',
  alreadyActedOn: 'This application can no longer be withdrawn: an official has already acted on it.',
  notPermitted: 'You are not permitted to take this action on this application.',
} as const;

/** Why the machine refused an event, in words for the person; each answer is found by asking the machine again. */
function refusalMessage(
  application: ApplicationFacts,
  snapshot: LifecycleSnapshot,
  event: LifecycleEvent,
): string {
  const closed = closureOf(snapshot);
  if (closed) return REFUSALS[closed];
  if (snapshot.status === 'done') return REFUSALS.closed;
  if (!getNextTransitions(snapshot).some((t) => t.eventType === event.type)) {
    return event.type === 'application.certify' && isCertified(snapshot)
      ? REFUSALS.alreadyCertified
      : REFUSALS.notAtYourLevel;
  }
  const { actor } = event;
  // A draft awaiting the tenant's consent is its logger's alone, as the consent calls answer (403).
  if (
    actor.kind === 'staff' &&
    application.awaitingConsent &&
    actor.username !== application.logby &&
    snapshot.can({ ...event, actor: { ...actor, username: application.logby } })
  ) {
    return REFUSALS.notYours;
  }
  if (actor.kind === 'staff') {
    const ward = application.wardCode;
    const codesOverWard = [ward, localityOf(ward), stationOf(ward), districtOf(ward), stateOf(ward)];
    if (codesOverWard.some((usercode) => snapshot.can({ ...event, actor: { ...actor, usercode } }))) {
      return REFUSALS.outsideJurisdiction;
    }
  } else if (actor.landlordId !== application.landlordId) {
    return REFUSALS.notYours;
  }
  if (application.officialActed && snapshotFor({ ...application, officialActed: false }).can(event)) {
    return REFUSALS.alreadyActedOn;
  }
  return REFUSALS.notPermitted;
}

export type ApplyOutcome =
  | {
      ok: true;
      step: FlowStep;
      nextStatus: StatusCode;
      remark: string;
      flowText: string;
      /** The official's own remarks, kept beside the flow entry. */
      comments: string | null;
      deleted: boolean;
      cancelled: boolean;
      certified: boolean;
      officialActed: boolean;
      holder: Holder | null;
    }
  | { ok: false; reason: 'not-allowed' | 'invalid-payload'; message: string };

/** An event as it arrives from a request: validated here before the machine sees it. */
export type LifecycleEventInput = { type: string; actor: LifecycleActor } & Record<string, unknown>;

/**
 * Judges one event against a stored application and says what to write: the server stores `nextStatus`,
 * `remark`, the flags, and a flow entry with `flowText`, in one transaction.
 */
export function applyEvent(
  application: ApplicationFacts,
  input: LifecycleEventInput | LifecycleEvent,
): ApplyOutcome {
  const envelope = lifecycleEnvelopeSchema.safeParse(input);
  if (!envelope.success) {
    return { ok: false, reason: 'invalid-payload', message: envelope.error.issues[0].message };
  }
  const payload = lifecyclePayloadSchemas[envelope.data.type].safeParse(input);
  if (!payload.success)
    return { ok: false, reason: 'invalid-payload', message: payload.error.issues[0].message };

  const event = input as LifecycleEvent;
  const snapshot = snapshotFor(application);
  if (!snapshot.can(event)) {
    return { ok: false, reason: 'not-allowed', message: refusalMessage(application, snapshot, event) };
  }
  const [next] = transition(lifecycleMachine, snapshot, event);
  const record = next.context.lastStep as LifecycleStepRecord;
  const closed = closureOf(next);
  return {
    ok: true,
    step: record.step,
    nextStatus: statusOf(next),
    remark: record.remark,
    flowText: record.flowText,
    comments: record.comments,
    deleted: closed !== null,
    cancelled: closed === 'cancelled',
    certified: isCertified(next) || Boolean(application.certified),
    officialActed: next.context.officialActed,
    holder: holderOf(next),
  };
}
