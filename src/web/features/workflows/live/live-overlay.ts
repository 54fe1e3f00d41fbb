import type { MachineGraph, MachineGraphEdge, MachineGraphNode } from '../../../../../machines/graph';
import type { StatusCode } from '../../../../../machines/application';
import type { LifecycleInsights, TransitionCount } from '../../../../contract/insights.contract';
import type { DiagramOverlay, OverlayTone, StateOverlay } from '../machine-diagram-overlay';
import { formatCount } from '../../../lib/numbers';
import { formatHours } from './live-format';

/**
 * The lifecycle's live numbers laid over its diagram (docs/insights-page.md). A status is the state whose
 * `meta.status` names it; a move {fromStatus, toStatus, action} is the arrow whose source holds fromStatus, whose
 * target holds toStatus and whose event is the action. A state without a status of its own holds its parent's
 * (approved.awaitingCertificate is PLVP), and the closed states (deleted, cancelled) keep the status the case had:
 * a soft delete does not change the stored code, so 'LARP -> LARP application.delete' is pendingAtWard -> deleted.
 */

/** The stored status a state stands for; null only for the machine's root. */
export function storedStatusOf(graph: MachineGraph, node: MachineGraphNode): string | null {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  for (
    let current: MachineGraphNode | undefined = node;
    current;
    current = byId.get(current.parentId ?? '')
  ) {
    if (current.status) return current.status;
  }
  return null;
}

/** The state drawn for each status: the one whose own meta names it. */
export function stateOfStatus(graph: MachineGraph, status: string): MachineGraphNode | undefined {
  return graph.nodes.find((node) => node.status === status);
}

/** The stored statuses an arrow moves between, as the flow records them. */
export function arrowStatuses(
  graph: MachineGraph,
  edge: MachineGraphEdge,
): { from: string | null; to: string | null } {
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const from = storedStatusOf(graph, byId.get(edge.source)!);
  const to = storedStatusOf(graph, byId.get(edge.target)!) ?? from;
  return { from, to };
}

/** Every arrow a move could be: normally exactly one. */
export function arrowsOfMove(graph: MachineGraph, move: TransitionCount): MachineGraphEdge[] {
  if (move.fromStatus === null || move.action === null) return [];
  return graph.edges.filter((edge) => {
    const { from, to } = arrowStatuses(graph, edge);
    return from === move.fromStatus && to === move.toStatus && edge.event === move.action;
  });
}

export interface LiveOverlayParts {
  states: Record<string, StateOverlay>;
  edges: Record<string, { badge: string; tone?: OverlayTone }>;
  /** Moves along each arrow, arrows with none included, in the machine's order. */
  arrowMoves: Array<{ edge: MachineGraphEdge; count: number }>;
  /** Applications submitted in the period: they enter the first state from outside the machine. */
  submitted: number;
  /** Moves the diagram has no single arrow for (an action the machine no longer knows): shown, never dropped. */
  unplaced: TransitionCount[];
}

/** 'warn' when some of a state's applications are past the limit, 'bad' when half or more are. */
export function overdueTone(count: number, overdue: number): OverlayTone {
  if (overdue === 0) return 'neutral';
  return overdue * 2 >= count ? 'bad' : 'warn';
}

function stateDescription(insights: LifecycleInsights, status: StatusCode, submitted: number): string {
  const count = insights.states.find((s) => s.status === status)?.count ?? 0;
  const overdue = insights.overdue.byStatus.find((s) => s.status === status)?.count ?? 0;
  const time = insights.timeInState.find((t) => t.status === status);
  const parts = [`${formatCount(count)} ${count === 1 ? 'application' : 'applications'} now`];
  if (overdue > 0) parts.push(`${formatCount(overdue)} past the ${insights.serviceLimitDays}-day limit`);
  if (status === 'LARP') parts.push(`${formatCount(submitted)} submitted in the period`);
  parts.push(
    time && time.stays > 0
      ? `time in this state: median ${formatHours(time.medianHours)}, 90th percentile ${formatHours(time.p90Hours)} (${formatCount(time.stays)} stays ended in the period)`
      : 'no stay in this state ended in the period',
  );
  return parts.join('; ');
}

/** The badges and read-outs for one reply of POST process/insights/lifecycle. */
export function liveOverlayParts(graph: MachineGraph, insights: LifecycleInsights): LiveOverlayParts {
  const submitted = insights.transitions
    .filter((move) => move.fromStatus === null)
    .reduce((sum, move) => sum + move.count, 0);
  const states: Record<string, StateOverlay> = {};
  for (const { status, count } of insights.states) {
    const node = stateOfStatus(graph, status);
    if (!node) continue;
    const overdue = insights.overdue.byStatus.find((s) => s.status === status)?.count ?? 0;
    states[node.id] = {
      badge: formatCount(count),
      tone: overdueTone(count, overdue),
      description: stateDescription(insights, status, submitted),
    };
  }
  const counts = new Map<string, number>();
  const unplaced: TransitionCount[] = [];
  for (const move of insights.transitions) {
    if (move.fromStatus === null) continue;
    const arrows = arrowsOfMove(graph, move);
    if (arrows.length !== 1) {
      unplaced.push(move);
      continue;
    }
    counts.set(arrows[0].id, (counts.get(arrows[0].id) ?? 0) + move.count);
  }
  const arrowMoves = graph.edges.map((edge) => ({ edge, count: counts.get(edge.id) ?? 0 }));
  const edges = Object.fromEntries(
    arrowMoves.map(({ edge, count }) => [edge.id, { badge: `${formatCount(count)} moved` }]),
  );
  return { states, edges, arrowMoves, submitted, unplaced };
}

/** The overlay the diagram takes: the parts, and a state that opens its list when clicked. */
export function liveOverlay(
  parts: LiveOverlayParts,
  onStateActivate: (stateId: string) => void,
): DiagramOverlay {
  return {
    states: parts.states,
    edges: parts.edges,
    onStateActivate,
    activateHint: 'Press Enter to open its applications.',
  };
}
