import type { MachineGraph, MachineGraphEdge, MachineGraphNode } from '../../../../machines/graph';
import type { LabelLine } from './diagram-text';

export interface Point {
  x: number;
  y: number;
}

export interface Box extends Point {
  width: number;
  height: number;
}

/**
 * A drawn box. `state` boxes are the machine's states; `initial` is the dot whose arrow points at the state a
 * parent enters first; `anyState` stands for "in any state of this parent", the source of transitions that a
 * parent declares for all its children (for example a `reset` on the whole machine).
 */
export interface PositionedNode extends Box {
  id: string;
  kind: 'state' | 'initial' | 'anyState';
  /** The enclosing box; null at the top level (the machine itself is not drawn as a box). */
  parentId: string | null;
  depth: number;
  /** The text inside the box: the state's name first, then its status and who holds the case. */
  lines: string[];
  state: MachineGraphNode | null;
}

export interface PositionedLabel extends Box {
  lines: LabelLine[];
}

export interface PositionedEdge {
  id: string;
  /** The machine's transition, or null for the arrow from an initial dot. */
  edge: MachineGraphEdge | null;
  source: string;
  target: string;
  /** Start point, bend points, end point (the arrowhead sits at the end). */
  points: Point[];
  label: PositionedLabel | null;
}

export interface PositionedGraph {
  id: string;
  width: number;
  height: number;
  /** Parents before their children, so drawing in this order puts nested states on top. */
  nodes: PositionedNode[];
  edges: PositionedEdge[];
  graph: MachineGraph;
}
