import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { MachineGraph, MachineGraphNode } from '../../../../machines/graph';
import { edgeLabelLines, stateLines, type LabelLine } from './diagram-text';
import { LINE_HEIGHT, textWidth } from './text-metrics';
import type { PositionedNode } from './positioned-graph';

export const BOX_PADDING_X = 14;
export const BOX_PADDING_Y = 8;
/** The gap between the two borders of a final state. */
export const FINAL_INSET = 4;
export const INITIAL_DOT = 14;
export const ANY_STATE_TEXT = 'any state';

/** What the layout needs to know about each box besides ELK's answer. */
export interface BoxInfo {
  kind: PositionedNode['kind'];
  parentId: string | null;
  lines: string[];
  state: MachineGraphNode | null;
}

export interface ElkInput {
  root: ElkNode;
  boxes: Map<string, BoxInfo>;
  /** The id of the box (or of the root) whose coordinates an edge's points are relative to. */
  containers: Map<string, string>;
  labels: Map<string, LabelLine[]>;
}

const GROUP_TYPES = new Set(['compound', 'parallel']);
const anyStateId = (id: string) => `${id}#any`;
const initialId = (id: string) => `${id}#initial`;

function textBoxSize(lines: string[], inset: number): { width: number; height: number } {
  const width = Math.max(...lines.map((line, i) => textWidth(line, i === 0)));
  return {
    width: Math.max(72, width + 2 * (BOX_PADDING_X + inset)),
    height: lines.length * LINE_HEIGHT + 2 * (BOX_PADDING_Y + inset),
  };
}

/** Builds ELK's input: states nested as in the machine, with initial dots and "any state" sources added. */
export function buildElkInput(graph: MachineGraph): ElkInput {
  const root = graph.nodes.find((node) => node.parentId === null);
  if (!root) throw new Error(`Machine graph ${graph.id} has no root state`);
  const boxes = new Map<string, BoxInfo>();
  const elkNodes = new Map<string, ElkNode>([[root.id, { id: root.id, children: [], edges: [] }]]);
  const addBox = (id: string, info: BoxInfo, size: { width: number; height: number }) => {
    // Several loops on one box go round different sides, side by side, rather than nested through each
    // other's labels.
    const loops = {
      'elk.layered.edgeRouting.selfLoopDistribution': 'EQUALLY',
      'elk.layered.edgeRouting.selfLoopOrdering': 'SEQUENCED',
    };
    const elkNode: ElkNode = { id, ...size, children: [], edges: [], layoutOptions: loops };
    boxes.set(id, info);
    elkNodes.set(id, elkNode);
    elkNodes.get(info.parentId ?? root.id)!.children!.push(elkNode);
    return elkNode;
  };

  for (const node of graph.nodes) {
    if (node.parentId === null) continue;
    const lines = node.type === 'history' ? ['H', node.label] : stateLines(node);
    const parentId = node.parentId === root.id ? null : node.parentId;
    const info: BoxInfo = { kind: 'state', parentId, lines, state: node };
    const elkNode = addBox(node.id, info, textBoxSize(lines, node.type === 'final' ? FINAL_INSET : 0));
    if (GROUP_TYPES.has(node.type)) {
      const header = lines.length * LINE_HEIGHT + BOX_PADDING_Y;
      elkNode.layoutOptions = {
        ...elkNode.layoutOptions,
        'elk.padding': `[top=${header + 14},left=16,bottom=16,right=16]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${elkNode.width}, ${elkNode.height})`,
      };
      delete elkNode.width;
      delete elkNode.height;
    }
  }

  const parentOf = (id: string): string | null =>
    boxes.get(id)?.parentId ?? (id === root.id ? null : root.id);
  const chain = (id: string): string[] => {
    const ids: string[] = [];
    for (let at: string | null = id; at !== null; at = parentOf(at)) ids.push(at);
    return ids;
  };
  const isGroup = (id: string) => id === root.id || GROUP_TYPES.has(boxes.get(id)?.state?.type ?? '');
  const containers = new Map<string, string>();
  const labels = new Map<string, LabelLine[]>();
  const addEdge = (edge: ElkExtendedEdge, source: string, target: string) => {
    const targets = chain(target);
    const common = chain(source).find((id) => targets.includes(id)) ?? root.id;
    const container = common === source || common === target ? (parentOf(common) ?? root.id) : common;
    containers.set(edge.id, container);
    elkNodes.get(container)!.edges!.push(edge);
  };

  for (const node of graph.nodes) {
    const first = graph.nodes.find((child) => child.parentId === node.id && child.initial);
    if (!first) continue;
    const id = initialId(node.id);
    const size = { width: INITIAL_DOT, height: INITIAL_DOT };
    const dot = addBox(
      id,
      { kind: 'initial', parentId: node.id === root.id ? null : node.id, lines: [], state: null },
      size,
    );
    // The start stays on top even when arrows come back into it (re-entering the parent).
    dot.layoutOptions = { ...dot.layoutOptions, 'elk.layered.layering.layerConstraint': 'FIRST' };
    addEdge({ id: `${id}->${first.id}`, sources: [id], targets: [first.id] }, id, first.id);
  }

  const anyStateOf = (groupId: string): string => {
    const id = anyStateId(groupId);
    if (!boxes.has(id)) {
      const lines = [ANY_STATE_TEXT];
      const parentId = groupId === root.id ? null : groupId;
      addBox(id, { kind: 'anyState', parentId, lines, state: null }, textBoxSize(lines, 0));
    }
    return id;
  };

  // Re-entering an enclosing state (a child's arrow to its own parent) restarts it: the arrow ends on that
  // parent's initial dot. A parent staying in itself loops on its "any state" box.
  const drawnTarget = (source: string, target: string, fromParent: boolean): string => {
    const reentered = target !== source && chain(source).includes(target);
    if (reentered && boxes.has(initialId(target))) return initialId(target);
    if ((fromParent && target === source) || target === root.id) return anyStateOf(target);
    return target;
  };

  for (const edge of graph.edges) {
    // A parent's own transition into one of its children, or staying in itself (targetless), starts from its
    // "any state" box: an arrow cannot leave a box for a box inside it.
    const fromParent = isGroup(edge.source) && chain(edge.target).includes(edge.source);
    const source = fromParent ? anyStateOf(edge.source) : edge.source;
    const target = drawnTarget(edge.source, edge.target, fromParent);
    const lines = edgeLabelLines(edge);
    labels.set(edge.id, lines);
    const width = Math.max(...lines.map((line) => textWidth(line.text, line.kind !== 'guard'))) + 8;
    const text = lines.map((line) => line.text).join('\n');
    const label = {
      id: `${edge.id}#label`,
      text,
      width,
      height: lines.length * LINE_HEIGHT + 4,
      // On the arrow rather than beside it, so which label belongs to which arrow is never in doubt.
      layoutOptions: { 'elk.edgeLabels.inline': 'true' },
    };
    addEdge({ id: edge.id, sources: [source], targets: [target], labels: [label] }, source, target);
  }
  // The initial dot leads its parent's children, so the model order that ELK follows starts where the machine does.
  for (const elkNode of elkNodes.values()) {
    elkNode.children!.sort(
      (a, b) => Number(boxes.get(b.id)?.kind === 'initial') - Number(boxes.get(a.id)?.kind === 'initial'),
    );
  }
  return { root: elkNodes.get(root.id)!, boxes, containers, labels };
}
