import type { AnyStateMachine } from 'xstate';
import type { CoverageSource } from './recorder';
import type { MergedRecording } from './recording-file';
import { machineGraph } from '../../../machines/graph/machine-graph';

/*
 * The report: for each machine, every state and every transition (with its guard), covered or not and by what.
 * Keyed by the diagrams' own ids so the workflow gallery can overlay it. A transition covered by nothing fails the
 * gate unless the allowlist says why it cannot be reached.
 */

/** Sources kept per item: enough to find the tests; `count` says how many there were. */
const SOURCES_KEPT = 5;

export interface CoverageItem {
  covered: boolean;
  count: number;
  by: CoverageSource[];
}

export interface TransitionCoverage extends CoverageItem {
  source: string;
  target: string;
  /** As the diagrams write it: 'application.accept', 'after 1 s', 'loadFlow.error', 'always'. */
  event: string;
  guard: string | null;
  roles: string[];
  /** Why it is allowed to stay uncovered (the allowlist's reason). */
  allowlisted?: string;
}

export interface MachineCoverage {
  id: string;
  title: string;
  states: Record<string, CoverageItem>;
  transitions: Record<string, TransitionCoverage>;
  summary: { states: [covered: number, total: number]; transitions: [covered: number, total: number] };
}

export interface UncoveredTransition {
  machine: string;
  id: string;
  label: string;
}

export interface ModelCoverageReport {
  generatedAt: string;
  recordingFiles: number;
  machines: Record<string, MachineCoverage>;
  /** Transitions covered by nothing and not allowlisted: the gate fails when this is not empty. */
  uncovered: UncoveredTransition[];
  /** Allowlist entries naming no transition of their machine, or a transition that is covered after all. */
  staleAllowlist: Array<{ machine: string; id: string; problem: string }>;
}

/** machine name -> transition id -> why it cannot be covered by design. */
export type CoverageAllowlist = Record<string, Record<string, string>>;

const KIND_ORDER: Record<CoverageSource['kind'], number> = {
  'unit test': 0,
  'model path': 1,
  'browser journey': 2,
};

/** One of each kind first, then the shortest paths: the few sources kept are the most telling. */
function keep(sources: readonly CoverageSource[]): CoverageSource[] {
  const sorted = [...sources].sort(
    (a, b) =>
      (a.path ?? '').length - (b.path ?? '').length ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.test.localeCompare(b.test),
  );
  const firstOfKind = sorted.filter((source, at) => sorted.findIndex((s) => s.kind === source.kind) === at);
  const rest = sorted.filter((source) => !firstOfKind.includes(source));
  return [...firstOfKind, ...rest].slice(0, SOURCES_KEPT);
}

function item(sources: readonly CoverageSource[] | undefined): CoverageItem {
  const all = sources ?? [];
  return { covered: all.length > 0, count: all.length, by: keep(all) };
}

export const transitionLabel = (t: { source: string; event: string; target: string; guard: string | null }) =>
  `${t.source} --${t.event}${t.guard ? ` [${t.guard}]` : ''}--> ${t.target}`;

export function buildCoverageReport(
  registry: Record<string, { machine: AnyStateMachine; title: string }>,
  recording: MergedRecording,
  allowlist: CoverageAllowlist,
  recordingFiles: number,
): ModelCoverageReport {
  const report: ModelCoverageReport = {
    generatedAt: new Date().toISOString(),
    recordingFiles,
    machines: {},
    uncovered: [],
    staleAllowlist: [],
  };
  for (const [name, { machine, title }] of Object.entries(registry)) {
    const taken = recording.transitions.get(machine.id);
    const visited = recording.states.get(machine.id);
    const allowed = allowlist[name] ?? {};
    const graph = machineGraph(machine);
    const states = Object.fromEntries(graph.nodes.map((node) => [node.id, item(visited?.get(node.id))]));
    const transitions: Record<string, TransitionCoverage> = {};
    for (const edge of graph.edges) {
      const { source, target, event, guard, roles } = edge;
      const coverage: TransitionCoverage = {
        ...item(taken?.get(edge.id)),
        source,
        target,
        event,
        guard,
        roles,
      };
      if (allowed[edge.id]) coverage.allowlisted = allowed[edge.id];
      transitions[edge.id] = coverage;
      if (!coverage.covered && !coverage.allowlisted)
        report.uncovered.push({ machine: name, id: edge.id, label: transitionLabel(edge) });
      if (coverage.covered && coverage.allowlisted)
        report.staleAllowlist.push({ machine: name, id: edge.id, problem: 'covered by a test: remove it' });
    }
    for (const id of Object.keys(allowed).filter((id) => !(id in transitions)))
      report.staleAllowlist.push({ machine: name, id, problem: 'no such transition' });
    const count = (items: CoverageItem[]) =>
      [items.filter((i) => i.covered).length, items.length] as [number, number];
    report.machines[name] = {
      id: machine.id,
      title,
      states,
      transitions,
      summary: { states: count(Object.values(states)), transitions: count(Object.values(transitions)) },
    };
  }
  for (const name of Object.keys(allowlist).filter((name) => !(name in registry)))
    report.staleAllowlist.push({ machine: name, id: '*', problem: 'no such machine in the registry' });
  return report;
}

/** The gate: true when every transition is covered or allowlisted and the allowlist names only real gaps. */
export function passes(report: ModelCoverageReport): boolean {
  return report.uncovered.length === 0 && report.staleAllowlist.length === 0;
}
