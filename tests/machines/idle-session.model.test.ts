import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, type SnapshotFrom } from 'xstate';
import { TestModel, getStateNodes, serializeSnapshot } from 'xstate/graph';
import {
  IDLE_TIMEOUT_MS,
  WARNING_TIMEOUT_MS,
  idleSessionMachine,
  type IdleSessionEvent,
  type IdleSessionInput,
} from '../../machines/session/idle-session.machine';

/*
 * Model-based test: every simple path through the idle machine is replayed on a real actor running on a
 * simulated clock; the timeouts are "events" of the model that the replay produces by moving the clock.
 */

type Snapshot = SnapshotFrom<typeof idleSessionMachine>;
type EventFixtures = { [K in IdleSessionEvent['type']]: Array<Extract<IdleSessionEvent, { type: K }>> };

/** A fixture for every event type: a new event without one fails to compile. */
const eventFixtures = {
  activity: [{ type: 'activity' }],
  stay: [{ type: 'stay' }],
  logout: [{ type: 'logout' }],
} satisfies EventFixtures;

/** The named delays, as the events the actor system raises when they elapse. */
const IDLE_ELAPSED = 'xstate.after.idleTimeout.idleSession.active';
const WARNING_ELAPSED = 'xstate.after.warningTimeout.idleSession.warning';
type ModelEvent = IdleSessionEvent | { type: typeof IDLE_ELAPSED } | { type: typeof WARNING_ELAPSED };

const allEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  { type: IDLE_ELAPSED },
  { type: WARNING_ELAPSED },
];

const model = new TestModel<Snapshot, ModelEvent, IdleSessionInput>(idleSessionMachine as never, {
  // The entering transition is part of a state, so self-transitions (activity restarting the count) are walked too.
  serializeState: (state, event, previous) =>
    serializeSnapshot(state) +
    (event && previous ? ` via ${event.type} from ${JSON.stringify(previous.value)}` : ''),
  events: (state) => allEvents.filter((event) => state.can(event as IdleSessionEvent)),
  stateMatcher: (state, key) => state.matches(key as never),
});

function startIdleActor(input?: IdleSessionInput) {
  const clock = new SimulatedClock();
  const actor = createActor(idleSessionMachine, { clock, input }).start();
  return { clock, actor };
}

describe('idle session machine: model-based paths', () => {
  const paths = model.getSimplePaths();

  it('reaches every state and uses every event', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))),
    );
    const states = Object.keys(idleSessionMachine.root.states).map((key) => JSON.stringify(key));
    expect(states.filter((state) => !reached.has(state))).toEqual([]);
    const used = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect(allEvents.map((event) => event.type).filter((type) => !used.has(type))).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const { clock, actor } = startIdleActor();
    const checks: Record<string, () => void> = {
      active: () => expect(actor.getSnapshot().hasTag('prompt')).toBe(false),
      warning: () => expect(actor.getSnapshot().hasTag('prompt')).toBe(true),
      expired: () => expect(actor.getSnapshot().status).toBe('done'),
      loggedOut: () => expect(actor.getSnapshot().status).toBe('done'),
    };
    const leaves = getStateNodes(idleSessionMachine.root).map((node) => node.key);
    expect(leaves.filter((key) => !(key in checks))).toEqual([]);

    const send = ({ event }: { event: { type: string } }) => actor.send(event as IdleSessionEvent);
    // A timeout is produced by letting exactly that much time pass: one millisecond less must not be enough.
    const elapse = (ms: number) => () => {
      const before = actor.getSnapshot().value;
      clock.increment(ms - 1);
      expect(actor.getSnapshot().value).toEqual(before);
      clock.increment(1);
    };
    await path.test({
      events: {
        // Some time passes before the activity, so the next timeout proves the count started again.
        activity: (step) => {
          clock.increment(1_000);
          send(step);
        },
        stay: send,
        logout: send,
        [IDLE_ELAPSED]: elapse(IDLE_TIMEOUT_MS),
        [WARNING_ELAPSED]: elapse(WARNING_TIMEOUT_MS),
      },
      states: Object.fromEntries(
        Object.entries(checks).map(([key, check]) => [
          key,
          (expected: Snapshot) => {
            expect(actor.getSnapshot().value).toEqual(expected.value);
            check();
          },
        ]),
      ),
    });
  });
});

describe('idle session machine: timing on a simulated clock', () => {
  it('shows no warning at 449999 ms and the warning at 450000 ms', () => {
    const { clock, actor } = startIdleActor();
    clock.increment(449_999);
    expect(actor.getSnapshot().value).toBe('active');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('warning');
  });

  it('restarts the idle count on activity', () => {
    const { clock, actor } = startIdleActor();
    clock.increment(449_000);
    actor.send({ type: 'activity' });
    clock.increment(1_000);
    expect(actor.getSnapshot().value).toBe('active');
    clock.increment(448_999);
    expect(actor.getSnapshot().value).toBe('active');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('warning');
  });

  it('expires when the warning stays unanswered for the second timeout, even with activity meanwhile', () => {
    const { clock, actor } = startIdleActor();
    clock.increment(IDLE_TIMEOUT_MS);
    actor.send({ type: 'activity' });
    clock.increment(WARNING_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('warning');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('gives a full idle period again after Stay', () => {
    const { clock, actor } = startIdleActor();
    clock.increment(IDLE_TIMEOUT_MS + 30_000);
    actor.send({ type: 'stay' });
    clock.increment(IDLE_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().value).toBe('active');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('warning');
  });

  it('ends at once when Logout is chosen in the warning', () => {
    const { clock, actor } = startIdleActor();
    clock.increment(IDLE_TIMEOUT_MS);
    actor.send({ type: 'logout' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('uses the timeouts it is given and falls back to the defaults for nonsense', () => {
    const custom = startIdleActor({ idleTimeoutMs: 1_000, warningTimeoutMs: 500 });
    custom.clock.increment(1_000);
    expect(custom.actor.getSnapshot().value).toBe('warning');
    custom.clock.increment(500);
    expect(custom.actor.getSnapshot().value).toBe('expired');

    const nonsense = startIdleActor({ idleTimeoutMs: 0, warningTimeoutMs: Number.NaN });
    expect(nonsense.actor.getSnapshot().context).toEqual({
      idleTimeoutMs: IDLE_TIMEOUT_MS,
      warningTimeoutMs: WARNING_TIMEOUT_MS,
    });
  });
});
