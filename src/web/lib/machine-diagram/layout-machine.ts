import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { MachineGraph } from '../../../../machines/graph';
import { buildElkInput } from './elk-input';
import type { Point, PositionedEdge, PositionedGraph, PositionedNode } from './positioned-graph';

/**
 * Lays a machine graph out with ELK's layered algorithm: top to bottom in the order the machine declares its
 * states, nested states inside their parents, orthogonal arrows with their labels placed clear of the boxes.
 * The bundled ELK runs in the calling thread (no web worker), in Node for the docs and in the browser alike.
 */
const LAYOUT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.spacing.nodeNodeBetweenLayers': '44',
  'elk.layered.spacing.edgeNodeBetweenLayers': '18',
  'elk.spacing.nodeNode': '36',
  'elk.spacing.edgeNode': '18',
  'elk.spacing.edgeEdge': '14',
  'elk.spacing.edgeLabel': '4',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.padding': '[top=20,left=20,bottom=20,right=20]',
};

let elk: InstanceType<typeof ELK> | null = null;

const round = (value: number) => Math.round(value * 10) / 10;
const at = (point: Point, offset: Point): Point => ({
  x: round(point.x + offset.x),
  y: round(point.y + offset.y),
});

export async function layoutMachineGraph(graph: MachineGraph): Promise<PositionedGraph> {
  const input = buildElkInput(graph);
  elk ??= new ELK();
  const laidOut = await elk.layout({ ...input.root, layoutOptions: LAYOUT_OPTIONS });

  const origins = new Map<string, Point>([[laidOut.id, { x: 0, y: 0 }]]);
  const nodes: PositionedNode[] = [];
  const elkEdges: ElkExtendedEdge[] = [];
  const walk = (elkNode: ElkNode, origin: Point, depth: number) => {
    elkEdges.push(...(elkNode.edges ?? []));
    for (const child of elkNode.children ?? []) {
      const position = at({ x: child.x ?? 0, y: child.y ?? 0 }, origin);
      origins.set(child.id, position);
      const info = input.boxes.get(child.id)!;
      nodes.push({
        id: child.id,
        kind: info.kind,
        parentId: info.parentId,
        depth,
        lines: info.lines,
        state: info.state,
        ...position,
        width: round(child.width ?? 0),
        height: round(child.height ?? 0),
      });
      walk(child, position, depth + 1);
    }
  };
  walk(laidOut, { x: 0, y: 0 }, 0);

  const edges: PositionedEdge[] = elkEdges.map((elkEdge) => {
    const origin = origins.get(input.containers.get(elkEdge.id) ?? laidOut.id) ?? { x: 0, y: 0 };
    const points = (elkEdge.sections ?? []).flatMap((section) =>
      [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map((point) => at(point, origin)),
    );
    const elkLabel = elkEdge.labels?.[0];
    const label = elkLabel
      ? {
          ...at({ x: elkLabel.x ?? 0, y: elkLabel.y ?? 0 }, origin),
          width: round(elkLabel.width ?? 0),
          height: round(elkLabel.height ?? 0),
          lines: input.labels.get(elkEdge.id) ?? [],
        }
      : null;
    return {
      id: elkEdge.id,
      edge: graph.edges.find((edge) => edge.id === elkEdge.id) ?? null,
      source: elkEdge.sources[0],
      target: elkEdge.targets[0],
      points,
      label,
    };
  });

  return {
    id: graph.id,
    width: round(laidOut.width ?? 0),
    height: round(laidOut.height ?? 0),
    nodes,
    edges,
    graph,
  };
}
