import type { DiagramOverlay, EdgeOverlay, StateOverlay } from '../machine-diagram-overlay';
import type { Workflow } from '../workflow-catalogue';
import type { ModelCoverageReport, TransitionCoverage } from './model-coverage-report.schema';

/**
 * What a loaded coverage report says about the workflow on screen: a badge on each state and arrow (covered, not
 * covered), the count for the summary line, and, never silently, what the report cannot speak for: a machine it
 * does not list, arrows of the machine it does not know (made before they were added) and ids it names that the
 * machine no longer has (made before they were changed). Unknown arrows are badged 'not in report', not 'covered'.
 */
export interface WorkflowCoverage {
  /** The report lists no machine of this name: nothing on the diagram comes from it. */
  missing: boolean;
  overlay: DiagramOverlay;
  /** Arrows of the machine the report says a test took, of all the machine's arrows. */
  covered: number;
  total: number;
  /** Arrows of the machine today that the report does not know, as read out ('idle → start → running'). */
  unknown: string[];
  /** Transition and state ids the report names that the machine no longer has. */
  vanished: string[];
  /** Per arrow id, what the report says about it (absent when it does not know the arrow). */
  transitions: Readonly<Record<string, TransitionCoverage | undefined>>;
}

export const COVERED: EdgeOverlay = { badge: 'covered', tone: 'good' };
export const NOT_COVERED: EdgeOverlay = { badge: 'not covered', tone: 'bad' };
export const NOT_IN_REPORT: EdgeOverlay = { badge: 'not in report', tone: 'warn' };

function arrowOverlay(coverage: TransitionCoverage | undefined): EdgeOverlay {
  if (!coverage) return NOT_IN_REPORT;
  if (coverage.covered) return COVERED;
  return coverage.allowlisted ? { badge: 'not covered (allowlisted)', tone: 'warn' } : NOT_COVERED;
}

const arrowWords = (workflow: Workflow, index: number) => {
  const row = workflow.rows[index];
  return `${row.from} → ${row.event} → ${row.to}`;
};

export function workflowCoverage(report: ModelCoverageReport, workflow: Workflow): WorkflowCoverage {
  const machine = report.machines[workflow.name];
  const { graph } = workflow;
  const reported = machine?.transitions ?? {};
  const reportedStates = machine?.states ?? {};
  const transitions: Record<string, TransitionCoverage | undefined> = {};
  const edges: Record<string, EdgeOverlay> = {};
  const unknown: string[] = [];
  const notCoveredFrom = new Map<string, string[]>();
  graph.edges.forEach((edge, index) => {
    const coverage = Object.hasOwn(reported, edge.id) ? reported[edge.id] : undefined;
    transitions[edge.id] = coverage;
    edges[edge.id] = arrowOverlay(coverage);
    if (!coverage) unknown.push(arrowWords(workflow, index));
    else if (!coverage.covered)
      notCoveredFrom.set(edge.source, [
        ...(notCoveredFrom.get(edge.source) ?? []),
        `${edge.event} to ${workflow.rows[index].to}`,
      ]);
  });

  const states: Record<string, StateOverlay> = {};
  for (const node of graph.nodes) {
    if (node.parentId === null) continue;
    const state = Object.hasOwn(reportedStates, node.id) ? reportedStates[node.id] : undefined;
    const gaps = notCoveredFrom.get(node.id);
    const arrows = gaps ? `; transitions from here not covered: ${gaps.join(', ')}` : '';
    if (!state)
      states[node.id] = { badge: 'not in report', tone: 'warn', description: 'Not in the coverage report' };
    else
      states[node.id] = state.covered
        ? { badge: 'covered', tone: 'good', description: `Covered by tests${arrows}` }
        : { badge: 'not covered', tone: 'bad', description: `Not covered by any test${arrows}` };
  }

  const knownIds = new Set([...graph.edges.map((edge) => edge.id), ...graph.nodes.map((node) => node.id)]);
  const vanished = [...Object.keys(reported), ...Object.keys(reportedStates)].filter(
    (id) => !knownIds.has(id),
  );
  return {
    missing: machine === undefined,
    overlay: { states, edges },
    covered: graph.edges.filter((edge) => transitions[edge.id]?.covered).length,
    total: graph.edges.length,
    unknown,
    vanished,
    transitions,
  };
}
