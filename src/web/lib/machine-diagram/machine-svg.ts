import { machineTransitionRows, statePath } from '../../../../machines/graph';
import type { MachineGraph } from '../../../../machines/graph';
import { BOX_PADDING_X, BOX_PADDING_Y, FINAL_INSET } from './elk-input';
import type { PositionedEdge, PositionedGraph, PositionedNode } from './positioned-graph';
import { arrowMarkers, baseline, diagramStyle, escapeXml, idPrefix, num, pathOf } from './svg-parts';
import { LINE_HEIGHT } from './text-metrics';

export interface MachineSvgOptions {
  /** The machine's title in the registry, e.g. 'Clearance application lifecycle'. */
  title: string;
}

const GROUP_TYPES = new Set(['compound', 'parallel']);

/** The same machine in words, for screen readers: its states, then every arrow with its guard and roles. */
export function describeMachineInWords(graph: MachineGraph): string {
  const states = graph.nodes.filter((node) => node.parentId !== null);
  const initial = states.filter((node) => node.initial).map((node) => statePath(graph, node.id));
  const rows = machineTransitionRows(graph).map((row) => {
    const guard = row.guard ? ` when ${row.guard}` : '';
    const roles = row.roles ? ` (${row.roles})` : '';
    return `${row.from} to ${row.to} on ${row.event}${guard}${roles}.`;
  });
  const summary = `${states.length} states and ${rows.length} transitions. Starts in ${initial.join(', ')}.`;
  return [summary, ...rows].join(' ');
}

function textClass(line: string, index: number): string {
  if (index === 0) return 'state-name';
  return line.startsWith('held by ') ? 'state-holder' : 'state-detail';
}

function stateText(node: PositionedNode, centred: boolean, top: number): string {
  const x = centred ? node.x + node.width / 2 : node.x + BOX_PADDING_X;
  const anchor = centred ? ' text-anchor="middle"' : '';
  return node.lines
    .map(
      (line, i) =>
        `<text class="${textClass(line, i)}" x="${num(x)}" y="${num(baseline(top, i))}"${anchor}>${escapeXml(line)}</text>`,
    )
    .join('');
}

function drawNode(node: PositionedNode, parentType: string | undefined, graph: MachineGraph): string {
  const { x, y, width, height } = node;
  const box = (className: string, inset: number, radius: number) =>
    `<rect class="${className}" x="${num(x + inset)}" y="${num(y + inset)}" width="${num(width - 2 * inset)}" height="${num(height - 2 * inset)}" rx="${radius}"/>`;
  if (node.kind === 'initial') {
    return `<circle class="initial-dot" cx="${num(x + width / 2)}" cy="${num(y + height / 2)}" r="${num(width / 2)}"/>`;
  }
  if (node.kind === 'anyState') {
    const text = `<text class="any-text" x="${num(x + width / 2)}" y="${num(baseline(y + BOX_PADDING_Y, 0))}" text-anchor="middle">${escapeXml(node.lines[0])}</text>`;
    return `<g>${box('box-any', 0, 12)}${text}</g>`;
  }
  const state = node.state!;
  const description = state.description ? `: ${state.description}` : '';
  const title = `<title>${escapeXml(`${statePath(graph, state.id)} (${state.type})${description}`)}</title>`;
  const open = `<g data-state-id="${escapeXml(state.id)}">${title}`;
  if (GROUP_TYPES.has(state.type)) {
    const className = parentType === 'parallel' ? 'box-region' : 'box-group';
    return `${open}${box(className, 0, 10)}${stateText(node, false, y + BOX_PADDING_Y)}</g>`;
  }
  const inset = state.type === 'final' ? FINAL_INSET : 0;
  const inner = state.type === 'final' ? box('box-final', FINAL_INSET, 5) : '';
  const top = y + inset + BOX_PADDING_Y;
  return `${open}${box('box', 0, 8)}${inner}${stateText(node, true, top)}</g>`;
}

function drawArrow(edge: PositionedEdge, prefix: string): string {
  const guarded = Boolean(edge.edge?.guard);
  const className = guarded ? 'arrow arrow-guarded' : 'arrow';
  const marker = `url(#${prefix}-${guarded ? 'arrow-guarded' : 'arrow'})`;
  return `<path class="${className}" d="${pathOf(edge.points)}" marker-end="${marker}"/>`;
}

function drawLabel(edge: PositionedEdge): string {
  const label = edge.label;
  if (!label || label.lines.length === 0) return '';
  const back = `<rect class="label-back" x="${num(label.x)}" y="${num(label.y)}" width="${num(label.width)}" height="${num(label.height)}" rx="3"/>`;
  const centre = label.x + label.width / 2;
  const lines = label.lines.map(
    (line, i) =>
      `<text class="label-${line.kind}" x="${num(centre)}" y="${num(baseline(label.y + 2, i))}" text-anchor="middle">${escapeXml(line.text)}</text>`,
  );
  return `<g>${back}${lines.join('')}</g>`;
}

/**
 * A laid-out machine as a standalone SVG document: titled and described for screen readers, styles scoped to
 * the drawing, and the same input always gives the same bytes (the docs' SVGs are checked for staleness).
 */
export function machineSvg(positioned: PositionedGraph, options: MachineSvgOptions): string {
  const prefix = idPrefix(positioned.id);
  const typeOf = new Map(positioned.graph.nodes.map((node) => [node.id, node.type]));
  const width = num(positioned.width);
  const height = num(positioned.height + LINE_HEIGHT);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" id="${prefix}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="${prefix}-title ${prefix}-desc">`,
    `<title id="${prefix}-title">${escapeXml(`${options.title}: state diagram of ${positioned.id}`)}</title>`,
    `<desc id="${prefix}-desc">${escapeXml(describeMachineInWords(positioned.graph))}</desc>`,
    `<style>\n${diagramStyle(prefix)}\n</style>`,
    arrowMarkers(prefix),
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    ...positioned.nodes.map((node) =>
      drawNode(node, typeOf.get(node.parentId ?? positioned.id), positioned.graph),
    ),
    ...positioned.edges.map((edge) => drawArrow(edge, prefix)),
    ...positioned.edges.map(drawLabel),
    '</svg>',
  ];
  return `${parts.filter(Boolean).join('\n')}\n`;
}
