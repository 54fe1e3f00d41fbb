import { Suspense, lazy } from 'react';
import { Text } from '@mantine/core';
import { DiagramLoading } from './machine-diagram-loading';
import type { DiagramOverlay } from './machine-diagram-overlay';
import type { LayoutMachine } from './machine-diagram-types';
import type { Workflow } from './workflow-catalogue';
import classes from './workflows.module.css';

/**
 * The drawing (@xyflow/react) and the layout (elkjs) are a chunk of their own, fetched when a diagram is first
 * shown: the table view and every other page of the app do without them.
 */
const MachineDiagram = lazy(async () => ({ default: (await import('./machine-diagram')).MachineDiagram }));

/** How to read the drawing, in words (the symbols alone would leave a reader guessing). */
function DiagramLegend() {
  return (
    <Text size="sm" component="div" className={classes.legend}>
      <span>
        <span className={classes.legendInitial} aria-hidden /> first state
      </span>
      <span>
        <span className={classes.legendFinal} aria-hidden /> final state
      </span>
      <span>
        <span className={classes.legendGroup} aria-hidden /> state with nested states
      </span>
      <span>
        <span className={classes.legendTag}>held by ward</span> who holds the case
      </span>
      <span>
        <span className={classes.legendAny}>any state</span> a parent&apos;s transition for all its states
      </span>
      <span>
        <span className={classes.legendGuarded} aria-hidden /> guarded arrow: event [guard] (role)
      </span>
      <span>Zoom with the + and − buttons, drag to pan; Tab moves through the states.</span>
    </Text>
  );
}

export interface MachineDiagramPanelProps {
  workflow: Workflow;
  layout?: LayoutMachine;
  /** Live numbers or coverage over the drawing (machine-diagram-overlay.ts). */
  overlay?: DiagramOverlay;
}

export function MachineDiagramPanel({ workflow, layout, overlay }: MachineDiagramPanelProps) {
  return (
    <>
      <Suspense fallback={<DiagramLoading title={workflow.title} />}>
        <MachineDiagram key={workflow.name} workflow={workflow} layout={layout} overlay={overlay} />
      </Suspense>
      <DiagramLegend />
    </>
  );
}
