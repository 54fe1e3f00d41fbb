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
    if (!taken) return;
    const key = this.keyOf(source);
    const { transitions } = this.machine(taken.machineId);
    for (const id of taken.ids) {
      const by = transitions.get(id) ?? new Set<string>();
      by.add(key);
      transitions.set(id, by);
    }
  }

  states(snapshot: AnyMachineSnapshot, source: CoverageSource): void {
    const key = this.keyOf(source);
    const { states } = this.machine(snapshot.machine.id);
    for (const node of [snapshot.machine.root, ...snapshot._nodes]) {
      const by = states.get(node.id) ?? new Set<string>();
      by.add(key);
      states.set(node.id, by);
    }
  }

  get isEmpty(): boolean {
    return this.machines.size === 0;
  }
}
