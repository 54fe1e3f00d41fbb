import { initialTransition, transition } from 'xstate';
import { localityOf } from './jurisdiction';
import { LIFECYCLE_EVENT_TYPES, type LifecycleActor } from './lifecycle.events';
import { lifecycleMachine, type LifecycleInput } from './lifecycle.machine';
import {
  closureOf,
  isCertified,
  representativeEvent,
  statusOf,
  type LifecycleSnapshot,
} from './lifecycle.selectors';
import { FLOW_TEXTS, INITIAL_STATUS, type StatusCode } from './statuses';

/** One row of an application's flow log, as stored and as the Application Flow timeline shows it. */
export interface FlowEntry {
  id?: number;
  logdt?: string;
  aplstatus: string;
  /** The step's flow text (FLOW_TEXTS): it names the step, so replay knows which one happened. */
  remarks: string | null;
}

export class FlowReplayError extends Error {
  constructor(
    readonly index: number,
    message: string,
  ) {
    super(`Flow entry ${index + 1}: ${message}`);
    this.name = 'FlowReplayError';
  }
}

/** A stand-in application for replays that only check the order of steps. */
export const REPLAY_FACTS: LifecycleInput = {
  wardCode: 'PS1701001LA01W01',
  logby: 'replay.moderator',
  landlordId: 'replay.landlord',
};

/**
 * The officials and the landlord who may take each step on this application. A flow log records what
 * happened, not who did it (the audit log does), so replay casts one rightful actor per role.
 */
export function castFor(facts: LifecycleInput): LifecycleActor[] {
  const loggedByStaff = !facts.logby.startsWith('landlord:');
  const cast: LifecycleActor[] = [
    {
      kind: 'staff',
      role: 'MODERATOR',
      username: loggedByStaff ? facts.logby : 'replay.moderator',
      usercode: facts.wardCode,
    },
    {
      kind: 'staff',
      role: 'SUPERMODERATOR',
      username: 'replay.locality',
      usercode: localityOf(facts.wardCode),
    },
    { kind: 'landlord', landlordId: facts.landlordId },
  ];
  if (loggedByStaff)
    cast.push({ kind: 'staff', role: 'USER', username: facts.logby, usercode: facts.wardCode });
  return cast;
}

const KNOWN_FLOW_TEXTS = new Set(Object.values(FLOW_TEXTS));

function inOrder(entries: readonly FlowEntry[]): FlowEntry[] {
  const numbered = entries.every((entry) => typeof entry.id === 'number');
  return numbered ? [...entries].sort((a, b) => (a.id as number) - (b.id as number)) : [...entries];
}

/** Finds the one step the machine allows from `snapshot` that writes this entry's flow text and status. */
function replayStep(snapshot: LifecycleSnapshot, entry: FlowEntry, cast: LifecycleActor[], index: number) {
  if (!entry.remarks || !KNOWN_FLOW_TEXTS.has(entry.remarks)) {
    throw new FlowReplayError(index, `unknown flow text '${entry.remarks ?? ''}'.`);
  }
  for (const type of LIFECYCLE_EVENT_TYPES) {
    for (const actor of cast) {
      const event = representativeEvent(type, actor);
      if (!snapshot.can(event)) continue;
      const [next] = transition(lifecycleMachine, snapshot, event);
      if (next.context.lastStep?.flowText === entry.remarks && statusOf(next) === entry.aplstatus)
        return next;
    }
  }
  throw new FlowReplayError(
    index,
    `'${entry.remarks}' (${entry.aplstatus}) cannot follow status ${statusOf(snapshot)} in the lifecycle.`,
  );
}

export interface ReplayOutcome {
  status: StatusCode;
  certified: boolean;
  closed: 'deleted' | 'cancelled' | null;
  snapshot: LifecycleSnapshot;
}

/** Replays a flow log through the machine; throws FlowReplayError at the first step the machine refuses. */
export function replayFlowOutcome(
  entries: readonly FlowEntry[],
  facts: LifecycleInput = REPLAY_FACTS,
): ReplayOutcome {
  const [first, ...rest] = inOrder(entries);
  if (!first || first.aplstatus !== INITIAL_STATUS || first.remarks !== FLOW_TEXTS.submitted) {
    throw new FlowReplayError(0, `a flow starts with '${FLOW_TEXTS.submitted}' (${INITIAL_STATUS}).`);
  }
  const cast = castFor(facts);
  let [snapshot] = initialTransition(lifecycleMachine, facts);
  rest.forEach((entry, offset) => {
    snapshot = replayStep(snapshot, entry, cast, offset + 1);
  });
  return {
    status: statusOf(snapshot),
    certified: isCertified(snapshot),
    closed: closureOf(snapshot),
    snapshot,
  };
}

/** The status an application must have, given its flow log (the flow log is the truth). */
export function replayFlow(entries: readonly FlowEntry[], facts: LifecycleInput = REPLAY_FACTS): StatusCode {
  return replayFlowOutcome(entries, facts).status;
}
