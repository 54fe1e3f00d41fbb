import '@xyflow/react/dist/style.css';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Alert } from '@mantine/core';
import {
  Background,
  Controls,
  ReactFlow,
  type EdgeTypes,
  type NodeTypes,
  type ReactFlowInstance,
} from '@xyflow/react';
import { layoutMachineGraph } from '../../lib/machine-diagram/layout-machine';
import type { PositionedGraph } from '../../lib/machine-diagram/positioned-graph';
import { DiagramLoading } from './machine-diagram-loading';
import { toFlow, type StateBoxNode, type TransitionArrowEdge } from './machine-diagram-flow';
import { StateBox, TransitionArrow } from './machine-diagram-parts';
import { activatable, type DiagramOverlay } from './machine-diagram-overlay';
import type { LayoutMachine } from './machine-diagram-types';
import type { Workflow } from './workflow-catalogue';
import classes from './workflows.module.css';

const NODE_TYPES: NodeTypes = { stateBox: StateBox };
const EDGE_TYPES: EdgeTypes = { transitionArrow: TransitionArrow };

/** The words xyflow puts on its buttons and reads to screen readers. */
const ARIA_LABELS = {
  'controls.ariaLabel': 'Diagram zoom',
  'controls.zoomIn.ariaLabel': 'Zoom in',
  'controls.zoomOut.ariaLabel': 'Zoom out',
  'controls.fitView.ariaLabel': 'Fit the whole diagram',
  'node.a11yDescription.default': 'Press Tab to move to the next state.',
};

/** Below this zoom the 13 px text is too small to read: the first view then starts at the top, at this zoom. */
const READABLE_ZOOM = 0.55;
const FIT_PADDING = 0.05;

/**
 * The first view: the whole machine when it fits at a readable size (a desktop, most machines); otherwise (a phone,
 * the largest machines) the top of the drawing, where the machine starts, at a readable zoom. Fit View shows it all.
 */
export function firstViewport(graph: PositionedGraph, frame: { width: number; height: number }) {
  const fit = Math.min(frame.width / graph.width, frame.height / graph.height) * (1 - 2 * FIT_PADDING);
  if (fit >= READABLE_ZOOM) return null;
  const start = graph.nodes.find((box) => box.kind === 'initial' && box.parentId === null);
  const centreX = start ? start.x + start.width / 2 : graph.width / 2;
  return { x: frame.width / 2 - centreX * READABLE_ZOOM, y: 8, zoom: READABLE_ZOOM };
}

type Drawing = { status: 'laying-out' } | { status: 'drawn'; graph: PositionedGraph } | { status: 'failed' };

export interface MachineDiagramProps {
  workflow: Workflow;
  layout?: LayoutMachine;
  /** Facts drawn over the states and arrows (live numbers, test coverage); the layout does not change with it. */
  overlay?: DiagramOverlay;
}

/** Enter or Space on a focused state box activates it, as a click does. */
function focusedStateId(event: KeyboardEvent<HTMLDivElement>): string | null {
  if (event.key !== 'Enter' && event.key !== ' ') return null;
  const target = event.target as HTMLElement;
  return target.classList.contains('react-flow__node') ? target.getAttribute('data-id') : null;
}

/**
 * One machine drawn with @xyflow/react from elkjs's layout: states as boxes, nested states inside their parent,
 * arrows along ELK's route with `event [guard] (role)`. Zoom with the buttons, a pinch or a double click; drag to
 * pan; the wheel scrolls the page, not the drawing (a long page must stay scrollable). Tab walks the states, each
 * read out with its transitions.
 */
export function MachineDiagram({ workflow, layout = layoutMachineGraph, overlay }: MachineDiagramProps) {
  const [drawing, setDrawing] = useState<Drawing>({ status: 'laying-out' });
  useEffect(() => {
    let current = true;
    layout(workflow.graph).then(
      (graph) => current && setDrawing({ status: 'drawn', graph }),
      () => current && setDrawing({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [layout, workflow.graph]);
  const flow = useMemo(
    () => (drawing.status === 'drawn' ? toFlow(drawing.graph, overlay) : null),
    [drawing, overlay],
  );
  const activate = (stateId: string | null) => {
    if (stateId && activatable(overlay, stateId)) overlay?.onStateActivate?.(stateId);
  };
  const frame = useRef<HTMLDivElement>(null);
  const showFirstView = (instance: ReactFlowInstance<StateBoxNode, TransitionArrowEdge>) => {
    if (drawing.status !== 'drawn' || !frame.current) return;
    const viewport = firstViewport(drawing.graph, frame.current.getBoundingClientRect());
    if (viewport) void instance.setViewport(viewport);
    else void instance.fitView({ padding: FIT_PADDING });
  };

  if (drawing.status === 'failed') {
    return (
      <Alert color="red.9" variant="outline" role="alert" title="The diagram could not be drawn">
        The layout of {workflow.title} failed. The Table view lists the same transitions.
      </Alert>
    );
  }
  if (!flow) return <DiagramLoading title={workflow.title} />;
  return (
    <div
      ref={frame}
      className={classes.canvas}
      data-state="drawn"
      onKeyDown={(event) => {
        const stateId = focusedStateId(event);
        if (stateId && activatable(overlay, stateId)) {
          event.preventDefault();
          activate(stateId);
        }
      }}
    >
      <ReactFlow
        aria-label={`State diagram of ${workflow.title}`}
        nodes={flow.nodes}
        edges={flow.edges}
        nodeTypes={NODE_TYPES}
        edgeTypes={EDGE_TYPES}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        edgesFocusable={false}
        zoomOnScroll={false}
        preventScrolling={false}
        onInit={showFirstView}
        onNodeClick={(_, node) => activate(node.id)}
        fitViewOptions={{ padding: FIT_PADDING }}
        minZoom={0.1}
        maxZoom={2}
        ariaLabelConfig={ARIA_LABELS}
      >
        <Background gap={20} size={1.2} color="var(--mantine-color-gray-4)" />
        <Controls showInteractive={false} position="top-right" />
      </ReactFlow>
    </div>
  );
}
