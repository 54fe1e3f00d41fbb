import { useMemo } from 'react';
import type { DiagramOverlay } from '../machine-diagram-overlay';
import type { TransitionsTableColumn } from '../machine-transitions-table';
import type { Workflow } from '../workflow-catalogue';
import { CoveredByCell } from './covered-by-cell';
import { useCoverageReport, type CoverageReportState } from './use-coverage-report';
import { workflowCoverage, type WorkflowCoverage } from './workflow-coverage';

export interface WorkflowCoverageView {
  report: CoverageReportState;
  /** What the loaded report says of this workflow; null with no report. */
  coverage: WorkflowCoverage | null;
  /** For MachineDiagramPanel (the same object while the report and workflow stay, so the drawing is kept). */
  overlay: DiagramOverlay | undefined;
  /** For MachineTransitionsTable: the "Covered by" column. */
  column: TransitionsTableColumn | undefined;
}

/** The coverage report of the tab, read for the workflow on screen. */
export function useWorkflowCoverage(workflow: Workflow): WorkflowCoverageView {
  const report = useCoverageReport();
  const loaded = report.loaded?.report;
  const coverage = useMemo(() => (loaded ? workflowCoverage(loaded, workflow) : null), [loaded, workflow]);
  const column = useMemo<TransitionsTableColumn | undefined>(
    () =>
      coverage
        ? {
            header: 'Covered by',
            cell: (edgeId) => <CoveredByCell coverage={coverage.transitions[edgeId]} />,
          }
        : undefined,
    [coverage],
  );
  return { report, coverage, overlay: coverage?.overlay, column };
}
