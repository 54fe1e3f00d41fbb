import { Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { machineRegistry, type MachineName } from '../../../../machines';
import { CoverageControl } from './coverage/coverage-control';
import { useWorkflowCoverage } from './coverage/use-workflow-coverage';
import { MachineDiagramPanel } from './machine-diagram-panel';
import type { LayoutMachine } from './machine-diagram-types';
import { MachineTransitionsTable } from './machine-transitions-table';
import { DEFAULT_WORKFLOW, WORKFLOW_NAMES, isWorkflowName, workflowOf } from './workflow-catalogue';
import type { LiveViewer } from './live/live-filter-bar';
import { LiveNumbersView } from './live/live-numbers-view';
import { viewOf, viewParam, viewsFor, type WorkflowView } from './live/live-view-choice';

export const WORKFLOWS_TITLE = 'Workflows';

export type { WorkflowView };

const MACHINE_OPTIONS = WORKFLOW_NAMES.map((name) => ({ value: name, label: machineRegistry[name].title }));

export interface WorkflowsPageProps {
  /** Stories hold the layout (pending, failing); the screen lays the graph out with elkjs. */
  layout?: LayoutMachine;
  /** The signed-in analyst: the lifecycle then opens on its live numbers (live/, docs/insights-page.md). */
  liveViewer?: LiveViewer;
}

/**
 * /app/workflows (docs/workflows-page.md): every machine of machines/index.ts, picked by title, drawn from its own
 * definition or read as a table of its transitions. The choice lives in the address (?machine=...&view=table), so
 * a link opens the same picture.
 */
export function WorkflowsPage({ layout, liveViewer }: WorkflowsPageProps) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('machine');
  const name: MachineName = isWorkflowName(asked) ? asked : DEFAULT_WORKFLOW;
  const live = Boolean(liveViewer);
  const view = viewOf(name, params.get('view'), live);
  const workflow = workflowOf(name);
  const coverage = useWorkflowCoverage(workflow);
  const choose = (next: { machine?: MachineName; view?: WorkflowView }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        const machine = next.machine ?? name;
        updated.set('machine', machine);
        const param = viewParam(machine, viewOf(machine, next.view ?? view, live), live);
        if (param) updated.set('view', param);
        else updated.delete('view');
        return updated;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz="h3">
          {WORKFLOWS_TITLE}
        </Title>
        <Text size="sm" maw={760}>
          Every workflow of the portal, drawn from the state machine the code runs, so the picture cannot
          drift from what the system does. Arrows name the event, the guard that must hold and the role it
          lets through.
        </Text>
      </Stack>
      <Group align="end" gap="md" wrap="wrap">
        <Select
          label="Workflow"
          data={MACHINE_OPTIONS}
          value={name}
          allowDeselect={false}
          onChange={(value) => {
            if (isWorkflowName(value)) choose({ machine: value });
          }}
          w={{ base: '100%', sm: 440 }}
          comboboxProps={{ withinPortal: true }}
        />
        <SegmentedControl<WorkflowView>
          aria-label="Show the workflow as"
          data={viewsFor(name, live)}
          value={view}
          onChange={(value) => choose({ view: value })}
        />
      </Group>
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Stack gap="sm">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Title order={2} fz="h4">
              {workflow.title}
            </Title>
            <Text size="sm" c="dark.6">
              {workflow.stateCount} states · {workflow.rows.length} transitions
              {workflow.doc ? ` · explained in ${workflow.doc}` : ''}
            </Text>
          </Group>
          {view !== 'live' ? <CoverageControl view={coverage} title={workflow.title} /> : null}
          {view === 'live' && liveViewer ? (
            <LiveNumbersView workflow={workflow} viewer={liveViewer} layout={layout} />
          ) : view === 'diagram' ? (
            <MachineDiagramPanel workflow={workflow} layout={layout} overlay={coverage.overlay} />
          ) : (
            <MachineTransitionsTable workflow={workflow} extraColumn={coverage.column} />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
