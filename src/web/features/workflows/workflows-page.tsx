import { Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { machineRegistry, type MachineName } from '../../../../machines';
import { CoverageControl } from './coverage/coverage-control';
import { useWorkflowCoverage } from './coverage/use-workflow-coverage';
import { MachineDiagramPanel } from './machine-diagram-panel';
import type { LayoutMachine } from './machine-diagram-types';
import { MachineTransitionsTable } from './machine-transitions-table';
import { DEFAULT_WORKFLOW, WORKFLOW_NAMES, isWorkflowName, workflowOf } from './workflow-catalogue';

export const WORKFLOWS_TITLE = 'Workflows';

export type WorkflowView = 'diagram' | 'table';
const VIEWS: { value: WorkflowView; label: string }[] = [
  { value: 'diagram', label: 'Diagram' },
  { value: 'table', label: 'Table' },
];

const MACHINE_OPTIONS = WORKFLOW_NAMES.map((name) => ({ value: name, label: machineRegistry[name].title }));

export interface WorkflowsPageProps {
  /** Stories hold the layout (pending, failing); the screen lays the graph out with elkjs. */
  layout?: LayoutMachine;
}

/**
 * /app/workflows (docs/workflows-page.md): every machine of machines/index.ts, picked by title, drawn from its own
 * definition or read as a table of its transitions. The choice lives in the address (?machine=...&view=table), so
 * a link opens the same picture.
 */
export function WorkflowsPage({ layout }: WorkflowsPageProps) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('machine');
  const name: MachineName = isWorkflowName(asked) ? asked : DEFAULT_WORKFLOW;
  const view: WorkflowView = params.get('view') === 'table' ? 'table' : 'diagram';
  const workflow = workflowOf(name);
  const coverage = useWorkflowCoverage(workflow);
  const choose = (next: { machine?: MachineName; view?: WorkflowView }) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('machine', next.machine ?? name);
        if ((next.view ?? view) === 'table') updated.set('view', 'table');
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
          data={VIEWS}
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
          <CoverageControl view={coverage} title={workflow.title} />
          {view === 'diagram' ? (
            <MachineDiagramPanel workflow={workflow} layout={layout} overlay={coverage.overlay} />
          ) : (
            <MachineTransitionsTable workflow={workflow} extraColumn={coverage.column} />
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
