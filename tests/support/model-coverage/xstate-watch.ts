import {
  Actor,
  createActor,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import { TestModel } from 'xstate/graph';
import { CoverageRecorder, type CoverageSource } from './recorder';

/*
 * Records which transitions and states the tests take by watching XState itself rather than editing every test:
 * every root actor a test starts is inspected (its `@xstate.microstep` events name the transitions taken), and
 * every model path a test runs (`TestModel#testPath`) is, once passed, replayed on an inert scope of the same
 * machine step by step, so pure-function tests (the lifecycle's stored row) count too. Installed only when
 * MODEL_COVERAGE_DIR is set (record-setup.ts): a plain `npm test` pays nothing.
 */

/** The test running now, as XState's callers cannot tell us: vitest's expect state names it. */
export interface TestContext {
  file: () => string;
  test: () => string;
}

interface Hooks {
  recorders: Set<CoverageRecorder>;
  context: TestContext | null;
  /** The model path whose test is running, if any: actors started inside it count for that path. */
  currentPath: string | null;
}

const HOOKS = Symbol.for('mrss.modelCoverage.hooks');
const globals = globalThis as unknown as Record<symbol, Hooks | undefined>;

function hooks(): Hooks {
  globals[HOOKS] ??= { recorders: new Set(), context: null, currentPath: null };
  return globals[HOOKS];
}

/** The same source object while the same test (and path) runs, so recorders key it once. */
let lastSource: CoverageSource | null = null;

function currentSource(): CoverageSource {
  const { context, currentPath } = hooks();
  const file = context?.file() ?? 'unknown';
  const test = context?.test() ?? 'unknown';
  const kind = currentPath === null ? 'unit test' : 'model path';
  const path = currentPath ?? undefined;
  if (
    lastSource?.kind !== kind ||
    lastSource.file !== file ||
    lastSource.test !== test ||
    lastSource.path !== path
  )
    lastSource = path === undefined ? { kind, file, test } : { kind, file, test, path };
  return lastSource;
}

function record(event: InspectionEvent, source: CoverageSource): void {
  if (event.type !== '@xstate.microstep') return;
  const { _transitions: transitions, snapshot } = event as InspectionEvent & {
    _transitions: AnyTransitionDefinition[];
    snapshot: AnyMachineSnapshot;
  };
  for (const recorder of hooks().recorders) {
    transitions.forEach((transition) => recorder.transition(transition, source));
    if (snapshot?.machine) recorder.states(snapshot, source);
  }
}

/** The source the inert scopes below record for: the model path being replayed. */
let replaying: CoverageSource | null = null;
const scopes = new WeakMap<AnyStateMachine, ReturnType<typeof inertScope>>();

/** A scope like `transition()`'s own (no action runs), whose microsteps we watch; one per machine, reused. */
function inertScope(machine: AnyStateMachine) {
  const self = createActor(machine as AnyActorLogic);
  self.system.inspect({ next: (event: InspectionEvent) => replaying && record(event, replaying) });
  return {
    self,
    defer: () => {},
    id: '',
    logger: () => {},
    sessionId: '',
    stopChild: () => {},
    system: self.system,
    emit: () => {},
    actionExecutor: () => {},
  };
}

function scopeFor(machine: AnyStateMachine, snapshot: AnyMachineSnapshot | undefined) {
  let scope = scopes.get(machine);
  if (!scope) {
    scope = inertScope(machine);
    scopes.set(machine, scope);
  }
  (scope.self as unknown as { _snapshot: unknown })._snapshot = snapshot;
  return scope as never;
}

interface PathStep {
  state: AnyMachineSnapshot;
  event: EventObject;
}

const isMachine = (logic: unknown): logic is AnyStateMachine =>
  typeof logic === 'object' && logic !== null && 'root' in logic && 'getTransitionData' in logic;

/** Replays a model path's steps on the model's machine, recording each transition for this path. */
function replayPath(
  machine: AnyStateMachine,
  steps: readonly PathStep[],
  input: unknown,
  source: CoverageSource,
) {
  replaying = source;
  try {
    steps.forEach((step, index) => {
      for (const recorder of hooks().recorders) recorder.states(step.state, source);
      if (index === 0 && step.event.type === 'xstate.init') {
        machine.getInitialSnapshot(scopeFor(machine, undefined), input);
      } else if (index > 0) {
        const previous = steps[index - 1].state;
        machine.transition(previous, step.event, scopeFor(machine, previous));
      }
    });
  } finally {
    replaying = null;
  }
}

const describeSteps = (steps: readonly PathStep[]) =>
  steps.map((step) => step.event.type).join(' → ') +
  ` ⇒ ${
    steps
      .at(-1)
      ?.state._nodes.filter((node) => node.type === 'atomic' || node.type === 'final')
      .map((node) => `#${node.id}`)
      .join(', ') ?? ''
  }`;

let patched = false;

/** Patches XState once per module instance; recorders come and go through `startRecording`. */
function patchXState(): void {
  const actorPrototype = Actor.prototype as unknown as Record<symbol, boolean> & {
    start: (this: Actor<AnyActorLogic>) => unknown;
  };
  if (patched || actorPrototype[HOOKS]) return;
  patched = true;
  actorPrototype[HOOKS] = true;
  const start = actorPrototype.start;
  actorPrototype.start = function startRecorded(this: Actor<AnyActorLogic>) {
    const self = this as unknown as { _parent?: unknown; system: Actor<AnyActorLogic>['system'] };
    if (!self._parent && hooks().recorders.size > 0 && isMachine(this.logic)) {
      const source = currentSource();
      for (const recorder of hooks().recorders) recorder.states(this.getSnapshot(), source);
      self.system.inspect({ next: (event: InspectionEvent) => record(event, currentSource()) });
    }
    return start.call(this);
  };

  const modelPrototype = TestModel.prototype as unknown as {
    testPath: (
      this: TestModel<AnyMachineSnapshot, EventObject, unknown>,
      path: { steps: PathStep[] },
      ...rest: unknown[]
    ) => Promise<unknown>;
  };
  const testPath = modelPrototype.testPath;
  modelPrototype.testPath = async function testPathRecorded(path, ...rest) {
    const state = hooks();
    if (state.recorders.size === 0) return testPath.call(this, path, ...rest);
    const description = describeSteps(path.steps);
    state.currentPath = description;
    try {
      const result = await testPath.call(this, path, ...rest);
      const machine = this.testLogic;
      if (isMachine(machine)) {
        const input = (this.options as { input?: unknown }).input;
        replayPath(machine, path.steps, input, currentSource());
      }
      return result;
    } finally {
      state.currentPath = null;
    }
  };
}

/** Starts a recorder: until `stop`, what tests take is recorded into it. */
export function startRecording(context: TestContext): { recorder: CoverageRecorder; stop: () => void } {
  patchXState();
  const state = hooks();
  const previous = state.context;
  state.context = context;
  const recorder = new CoverageRecorder();
  state.recorders.add(recorder);
  return {
    recorder,
    stop: () => {
      state.recorders.delete(recorder);
      state.context = previous;
    },
  };
}
