import type { AnyMachineSnapshot, AnyTransitionDefinition } from 'xstate';
import type {
  CoverageSource,
  CoverageSourceKind,
} from '../../../src/web/features/workflows/coverage/model-coverage-report.schema';
import { describeTransition } from './transition-ids';

/*
 * What the tests took through the machines, with what took it: the sources (model path, unit test, browser
 * journey) and, per machine, the transitions and states each source took. xstate-watch.ts feeds it.
 */

export type { CoverageSource, CoverageSourceKind };

interface MachineRecord {
  transitions: Map<string, Set<string>>;
  states: Map<string, Set<string>>;
}

/** What one recorder saw: per machine id, per transition or state id, the keys of the sources that took it. */
export class CoverageRecorder {
  readonly machines = new Map<string, MachineRecord>();
  readonly sources = new Map<string, CoverageSource>();

  private machine(machineId: string): MachineRecord {
    let record = this.machines.get(machineId);
    if (!record) {
      record = { transitions: new Map(), states: new Map() };
      this.machines.set(machineId, record);
    }
    return record;
  }

  private readonly keys = new WeakMap<CoverageSource, string>();

  private keyOf(source: CoverageSource): string {
    let key = this.keys.get(source);
    if (key === undefined) {
      key = JSON.stringify([source.kind, source.file, source.test, source.path ?? '']);
      this.keys.set(source, key);
      if (!this.sources.has(key)) this.sources.set(key, source);
    }
    return key;
  }

  transition(transition: AnyTransitionDefinition, source: CoverageSource): void {
    const taken = describeTransition(transition);
    if (taken) this.transitionIds(taken.machineId, taken.ids, source);
  }

  /** Transitions already named by their diagram ids (a browser journey names them in the page). */
  transitionIds(machineId: string, ids: readonly string[], source: CoverageSource): void {
    this.add(this.machine(machineId).transitions, ids, source);
  }

  states(snapshot: AnyMachineSnapshot, source: CoverageSource): void {
    this.stateIds(
      snapshot.machine.id,
      [snapshot.machine.root, ...snapshot._nodes].map((node) => node.id),
      source,
    );
  }

  stateIds(machineId: string, ids: readonly string[], source: CoverageSource): void {
    this.add(this.machine(machineId).states, ids, source);
  }

  private add(into: Map<string, Set<string>>, ids: readonly string[], source: CoverageSource): void {
    const key = this.keyOf(source);
    for (const id of ids) {
      const by = into.get(id) ?? new Set<string>();
      by.add(key);
      into.set(id, by);
    }
  }

  get isEmpty(): boolean {
    return this.machines.size === 0;
  }
}
