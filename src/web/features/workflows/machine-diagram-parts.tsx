import { BaseEdge, EdgeLabelRenderer, Handle, Position, type EdgeProps, type NodeProps } from '@xyflow/react';
import type { Point, PositionedEdge } from '../../lib/machine-diagram/positioned-graph';
import type { StateBoxNode, TransitionArrowEdge } from './machine-diagram-flow';
import classes from './workflows.module.css';

const LABEL_LINE_CLASSES = {
  event: classes.eventLine,
  guard: classes.guardLine,
  roles: classes.roleLine,
};

const GROUP_TYPES = new Set(['compound', 'parallel']);

/** xyflow draws an arrow only between nodes that have handles; ours follow ELK's route, so they stay unseen. */
function HiddenHandles() {
  return (
    <>
      <Handle type="target" position={Position.Top} isConnectable={false} className={classes.handle} />
      <Handle type="source" position={Position.Bottom} isConnectable={false} className={classes.handle} />
    </>
  );
}

function lineClass(line: string, index: number): string | undefined {
  if (index === 0) return classes.stateName;
  if (line.startsWith('status ')) return classes.statusLine;
  if (line.startsWith('held by ')) return classes.holderTag;
  return classes.tagLine;
}

/** One box of the layout: a state (nested states make it a group), a first-state dot, or "any state". */
export function StateBox({ data }: NodeProps<StateBoxNode>) {
  const { box, region, overlay } = data;
  if (box.kind === 'initial') {
    return (
      <div className={classes.initialDot}>
        <HiddenHandles />
      </div>
    );
  }
  const type = box.state?.type;
  const kindClass =
    box.kind === 'anyState'
      ? classes.anyState
      : GROUP_TYPES.has(type ?? '')
        ? classes.groupState
        : type === 'final'
          ? classes.finalState
          : classes.state;
  return (
    <div
      className={`${classes.box} ${kindClass}`}
      data-depth={box.depth % 3}
      data-type={type ?? box.kind}
      data-region={region}
      data-activatable={data.activatable || undefined}
    >
      {overlay ? (
        <span className={classes.stateBadge} data-tone={overlay.tone ?? 'neutral'} aria-hidden>
          {overlay.badge}
        </span>
      ) : null}
      {box.lines.map((line, index) => (
        <div key={line} className={classes.line}>
          <span className={lineClass(line, index)}>{line}</span>
        </div>
      ))}
      <HiddenHandles />
    </div>
  );
}

/** A polyline through ELK's points with its corners rounded (radius shrinks on short segments). */
export function roundedPath(points: Point[], radius = 8): string {
  if (points.length === 0) return '';
  const [first, ...rest] = points;
  let path = `M ${first.x} ${first.y}`;
  rest.forEach((point, i) => {
    const next = rest[i + 1];
    if (!next) {
      path += ` L ${point.x} ${point.y}`;
      return;
    }
    const prev = i === 0 ? first : rest[i - 1];
    const inLength = Math.hypot(point.x - prev.x, point.y - prev.y);
    const outLength = Math.hypot(next.x - point.x, next.y - point.y);
    const r = Math.min(radius, inLength / 2, outLength / 2);
    if (r <= 0) {
      path += ` L ${point.x} ${point.y}`;
      return;
    }
    const before = {
      x: point.x - ((point.x - prev.x) / inLength) * r,
      y: point.y - ((point.y - prev.y) / inLength) * r,
    };
    const after = {
      x: point.x + ((next.x - point.x) / outLength) * r,
      y: point.y + ((next.y - point.y) / outLength) * r,
    };
    path += ` L ${before.x} ${before.y} Q ${point.x} ${point.y} ${after.x} ${after.y}`;
  });
  return path;
}

/** Where an arrow's overlay badge sits: under its label, or at the middle of an unlabelled arrow. */
function badgeSpot(arrow: PositionedEdge): Point {
  if (arrow.label) return { x: arrow.label.x, y: arrow.label.y + arrow.label.height };
  const middle = arrow.points[Math.floor(arrow.points.length / 2)] ?? { x: 0, y: 0 };
  return { x: middle.x + 4, y: middle.y };
}

/** A transition along the route ELK found, its label where ELK put it (clear of the boxes). */
export function TransitionArrow({ id, data, markerEnd }: EdgeProps<TransitionArrowEdge>) {
  const arrow = data!.arrow;
  const overlay = data!.overlay;
  const spot = overlay ? badgeSpot(arrow) : null;
  const label = arrow.label;
  const guarded = Boolean(arrow.edge?.guard);
  return (
    <>
      <BaseEdge
        id={id}
        path={roundedPath(arrow.points)}
        markerEnd={markerEnd}
        className={classes.arrow}
        data-guarded={guarded}
      />
      {label ? (
        <EdgeLabelRenderer>
          <div
            className={classes.arrowLabel}
            data-guarded={guarded}
            aria-hidden
            style={{
              transform: `translate(${label.x}px, ${label.y}px)`,
              width: label.width,
              height: label.height,
            }}
          >
            {label.lines.map((line, index) => (
              <div key={`${index}:${line.text}`} className={LABEL_LINE_CLASSES[line.kind]}>
                {line.text}
              </div>
            ))}
          </div>
        </EdgeLabelRenderer>
      ) : null}
      {overlay && spot ? (
        <EdgeLabelRenderer>
          <div
            className={classes.arrowBadge}
            data-tone={overlay.tone ?? 'neutral'}
            aria-hidden
            style={{ transform: `translate(${spot.x}px, ${spot.y}px)` }}
          >
            {overlay.badge}
          </div>
        </EdgeLabelRenderer>
      ) : null}
    </>
  );
}
