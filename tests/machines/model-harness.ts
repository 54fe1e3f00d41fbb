import { expect } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { TestModel, serializeSnapshot } from 'xstate/graph';
import { leafKeys, serializeEvent } from './citizen-fakes';

/*
 * The model every machine's model-based test walks: a state is its value and context plus the transition that
 * entered it (so shortest paths cover transitions, not only states), the events offered are the fixtures the state
 * can take, and a state key is a state node's `#id`.
 */

type Snapshot = AnyMachineSnapshot;

export interface ModelOptions<TSnapshot extends Snapshot> {
  /** Replaces the snapshot's own serialization (value and context) when part of the context is noise. */
  describe?: (state: TSnapshot) => string;
  /** The machine's input, for machines that start differently with one. */
  input?: unknown;
}

export function machineModel<TSnapshot extends Snapshot, TEvent extends EventObject>(
  machine: AnyStateMachine,
  allEvents: readonly TEvent[],
  options: ModelOptions<TSnapshot> = {},
): TestModel<TSnapshot, TEvent, undefined> {
  const describe = options.describe ?? ((state: TSnapshot) => serializeSnapshot(state));
  return new TestModel<TSnapshot, TEvent, undefined>(machine as never, {
    input: options.input as undefined,
    serializeEvent,
    serializeState: (state, event, previous) => {
      const moved = event && previous && JSON.stringify(previous.value) !== JSON.stringify(state.value);
      return (
        describe(state) +
        (moved ? ` via ${serializeEvent(event)} from ${JSON.stringify(previous.value)}` : '')
      );
    },
    // A machine that is done takes no events (an actor ignores them; the graph would not).
    events: (state) => (state.status === 'done' ? [] : allEvents.filter((event) => state.can(event))),
    stateMatcher: (state, stateKey) => state._nodes.some((node) => `#${node.id}` === stateKey),
  });
}

interface WalkedPath {
  steps: Array<{ state: Snapshot; event: EventObject }>;
}

/** Every leaf state is entered by some path, and every fixture's event type is sent by some path. */
export function expectFullCoverage(
  machine: AnyStateMachine,
  paths: readonly WalkedPath[],
  eventTypes: readonly string[],
): void {
  const reached = new Set(
    paths.flatMap((path) => path.steps.flatMap((step) => step.state._nodes.map((node) => `#${node.id}`))),
  );
  expect(
    leafKeys(machine).filter((id) => !reached.has(id)),
    'leaf states no path reaches',
  ).toEqual([]);
  const used = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
  expect(
    eventTypes.filter((type) => !used.has(type)),
    'event types no path sends',
  ).toEqual([]);
}

/**
 * The `states` of `path.test`: on reaching a state the actor's value and context (or `project` of its snapshot, when
 * part of the context is noise) must equal the model's, then that state's own check runs.
 */
export function checkedStates<TSnapshot extends Snapshot>(
  current: () => TSnapshot,
  checks: Record<string, () => void>,
  project: (state: TSnapshot) => unknown = (state) => state.context,
): Record<string, (expected: TSnapshot) => void> {
  return Object.fromEntries(
    Object.entries(checks).map(([stateKey, check]) => [
      stateKey,
      (expected: TSnapshot) => {
        expect(current().value).toEqual(expected.value);
        expect(project(current())).toEqual(project(expected));
        check();
      },
    ]),
  );
}
