import type { Edge, Node } from '@xyflow/react';
import { MarkerType, Position } from '@xyflow/react';
import type { MachineGraphEdge } from '../../../../machines/graph';
import type {
  PositionedEdge,
  PositionedGraph,
  PositionedNode,
} from '../../lib/machine-diagram/positioned-graph';
import {
  activatable,
  describeWithOverlay,
  type DiagramOverlay,
  type EdgeOverlay,
  type StateOverlay,
} from './machine-diagram-overlay';

/** The arrows' ink, as in the generated SVGs: blue when guarded (plain colours: xyflow builds marker ids from them). */
const ARROW_COLOR = '#475569';
const GUARDED_ARROW_COLOR = '#1e40af';

/** `region`: a child of a parallel state (its regions are all active at once). */
export type StateBoxNode = Node<
  { box: PositionedNode; region: boolean; overlay?: StateOverlay; activatable: boolean },
  'stateBox'
>;
export type TransitionArrowEdge = Edge<{ arrow: PositionedEdge; overlay?: EdgeOverlay }, 'transitionArrow'>;

/** A state's short name inside its machine ('approved.certified'). */
export function stateName(graph: PositionedGraph, id: string): string {
  return id.startsWith(`${graph.id}.`) ? id.slice(graph.id.length + 1) : id;
}

function transitionWords(graph: PositionedGraph, edge: MachineGraphEdge): string {
  const guard = edge.guard ? `, guard ${edge.guard}` : '';
  const roles = edge.roles.length > 0 ? `, role ${edge.roles.join(', ')}` : '';
  const to = edge.target === edge.source ? 'stays' : `to ${stateName(graph, edge.target)}`;
  return `${edge.event} ${to}${guard}${roles}`;
}

/**
 * What a screen reader says on a state: its name and lines (status, who holds the case), whether the machine
 * starts or ends there, and every transition out of it, so the keyboard walk through the states tells it all.
 */
export function stateDescription(graph: PositionedGraph, box: PositionedNode): string {
  if (box.kind === 'anyState') {
    const parent = box.parentId ? stateName(graph, box.parentId) : 'the machine';
    return `Any state of ${parent}`;
  }
  const state = box.state!;
  const facts = box.lines.slice(1);
  if (state.initial) facts.push('first state');
  if (state.type === 'final') facts.push('final state');
  if (state.type === 'compound' || state.type === 'parallel') facts.push('holds nested states');
  const out = graph.graph.edges.filter((edge) => edge.source === state.id);
  const moves =
    out.length === 0 ? 'no transitions out' : out.map((e) => transitionWords(graph, e)).join('; ');
  const about = facts.length > 0 ? ` (${facts.join(', ')})` : '';
  return `State ${stateName(graph, state.id)}${about}. ${moves}.`;
}

/**
 * The laid-out graph as xyflow nodes (positions relative to their parent box) and arrows along ELK's route, with
 * the overlay's badges (if any) on the states and arrows it names.
 */
export function toFlow(
  graph: PositionedGraph,
  overlay?: DiagramOverlay,
): { nodes: StateBoxNode[]; edges: TransitionArrowEdge[] } {
  const byId = new Map(graph.nodes.map((box) => [box.id, box]));
  const nodes = graph.nodes.map((box): StateBoxNode => {
    const parent = box.parentId ? byId.get(box.parentId) : undefined;
    const decorative = box.kind === 'initial';
    return {
      id: box.id,
      type: 'stateBox',
      position: { x: box.x - (parent?.x ?? 0), y: box.y - (parent?.y ?? 0) },
      ...(parent ? { parentId: parent.id } : {}),
      width: box.width,
      height: box.height,
      // Known handles let xyflow draw the arrows before it has measured the boxes (and where it cannot measure).
      handles: [
        { type: 'target', position: Position.Top, x: box.width / 2, y: 0, width: 1, height: 1 },
        { type: 'source', position: Position.Bottom, x: box.width / 2, y: box.height, width: 1, height: 1 },
      ],
      data: {
        box,
        region: parent?.state?.type === 'parallel',
        overlay: overlay?.states[box.id],
        activatable: activatable(overlay, box.id),
      },
      focusable: !decorative,
      ariaLabel: decorative ? undefined : describeWithOverlay(stateDescription(graph, box), box.id, overlay),
      domAttributes: decorative ? { 'aria-hidden': true } : undefined,
      draggable: false,
      connectable: false,
      selectable: false,
    };
  });
  const edges = graph.edges.map((arrow): TransitionArrowEdge => ({
    id: arrow.id,
    type: 'transitionArrow',
    source: arrow.source,
    target: arrow.target,
    data: { arrow, overlay: arrow.edge ? overlay?.edges[arrow.edge.id] : undefined },
    markerEnd: {
      type: MarkerType.ArrowClosed,
      width: 18,
      height: 18,
      color: arrow.edge?.guard ? GUARDED_ARROW_COLOR : ARROW_COLOR,
    },
    focusable: false,
    selectable: false,
    // The arrows' words are in the states' descriptions and in the table: the drawing itself is not read out.
    domAttributes: { 'aria-hidden': true },
  }));
  return { nodes, edges };
}
