import { FONT_FAMILY, FONT_SIZE, LINE_HEIGHT } from './text-metrics';
import type { Point } from './positioned-graph';

/** Text colours keep at least 4.5:1 contrast on the white and pale fills they sit on (WCAG 2.1 AA). */
const DIAGRAM_RULES = `
text { font-family: ${FONT_FAMILY}; font-size: ${FONT_SIZE}px; fill: #1e293b; }
.state-name { font-weight: 700; }
.state-detail { fill: #334155; }
.state-holder { fill: #7c2d12; }
.box { fill: #ffffff; stroke: #334155; stroke-width: 1.5; }
.box-group { fill: #f1f5f9; stroke: #475569; stroke-width: 1.5; }
.box-region { fill: #f8fafc; stroke: #64748b; stroke-width: 1.2; stroke-dasharray: 6 4; }
.box-final { fill: none; stroke: #334155; stroke-width: 1.5; }
.box-any { fill: #fffbeb; stroke: #92400e; stroke-width: 1.2; stroke-dasharray: 4 3; }
.any-text { fill: #78350f; font-style: italic; }
.initial-dot { fill: #1e293b; }
.arrow { fill: none; stroke: #475569; stroke-width: 1.4; }
.arrow-guarded { stroke: #1e40af; }
.arrowhead { fill: #475569; }
.arrowhead-guarded { fill: #1e40af; }
.label-back { fill: #ffffff; fill-opacity: 0.92; }
.label-event { font-weight: 600; }
.label-guard { fill: #1e3a8a; }
.label-roles { fill: #6b21a8; font-weight: 600; }
`;

/** The diagram's CSS, every rule scoped to one SVG: an inline SVG's style sheet applies to the whole page. */
export function diagramStyle(prefix: string): string {
  return DIAGRAM_RULES.trim()
    .split('\n')
    .map((rule) => `#${prefix} ${rule}`)
    .join('\n');
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

/** Numbers as the SVG writes them: at most one decimal, no '-0', the same text for the same value. */
export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

export function pathOf(points: Point[]): string {
  return points.map((point, i) => `${i === 0 ? 'M' : 'L'}${num(point.x)} ${num(point.y)}`).join(' ');
}

/** The baseline of line `index` in a block of text whose top is `top`. */
export function baseline(top: number, index: number): number {
  return top + index * LINE_HEIGHT + Math.round(LINE_HEIGHT * 0.75);
}

/** A fragment-safe prefix for ids, so several diagrams can sit inline in one page without clashing markers. */
export function idPrefix(graphId: string): string {
  return `md-${graphId.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

export function arrowMarkers(prefix: string): string {
  const marker = (name: string, className: string) =>
    `<marker id="${prefix}-${name}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path class="${className}" d="M0 0 L10 5 L0 10 z"/></marker>`;
  return `<defs>${marker('arrow', 'arrowhead')}${marker('arrow-guarded', 'arrowhead arrowhead-guarded')}</defs>`;
}
