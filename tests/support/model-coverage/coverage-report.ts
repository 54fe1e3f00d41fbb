import type { AnyStateMachine } from 'xstate';
import type {
  CoverageItem,
  CoverageSource,
  MachineCoverage,
  ModelCoverageReport,
  TransitionCoverage,
} from '../../../src/web/features/workflows/coverage/model-coverage-report.schema';
import type { MergedRecording } from './recording-file';
import { machineGraph } from '../../../machines/graph/machine-graph';

/*
 * The report: for each machine, every state and every transition (with its guard), covered or not and by what.
 * Keyed by the diagrams' own ids so the workflow gallery can overlay it. A transition covered by nothing fails the
 * gate unless the allowlist says why it cannot be reached.
 */

export type { CoverageItem, MachineCoverage, ModelCoverageReport, TransitionCoverage };

export interface UncoveredTransition {
  machine: string;
  id: string;
  label: string;
}

/** machine name -> transition id -> why it cannot be covered by design. */
export type CoverageAllowlist = Record<string, Record<string, string>>;

/** Sources kept per item and kind: enough to find the tests; `count` says how many there were in all. */
const KEPT_PER_KIND = 5;

const KIND_ORDER: Record<CoverageSource['kind'], number> = {
  'unit test': 0,
  'model path': 1,
  'browser journey': 2,
};

/**
 * Up to five of each kind (the shortest paths first), one of each kind leading, so a reader sees at once which
 * kinds of test took it and a few browser journeys are always named beside the many model paths.
 */
function keep(sources: readonly CoverageSource[]): CoverageSource[] {
  const sorted = [...sources].sort(
    (a, b) =>
      (a.path ?? '').length - (b.path ?? '').length ||
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      a.test.localeCompare(b.test),
  );
  const perKind = new Map<CoverageSource['kind'], number>();
  const kept = sorted.filter((source) => {
    const count = (perKind.get(source.kind) ?? 0) + 1;
    perKind.set(source.kind, count);
    return count <= KEPT_PER_KIND;
  });
  const firstOfKind = kept.filter((source, at) => kept.findIndex((s) => s.kind === source.kind) === at);
  return [...firstOfKind, ...kept.filter((source) => !firstOfKind.includes(source))];
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
