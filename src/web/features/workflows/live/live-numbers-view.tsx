import { RetryAlert } from '../../../components/retry-alert';
import { Alert, Button, Center, Collapse, Loader, Stack, Text } from '@mantine/core';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isStatusCode } from '../../../../../machines/application';
import {
  areaName,
  lifecycleRequestOf,
  readLifecycleFilter,
  stateListAddress,
  writeLifecycleFilter,
  type LifecycleFilter,
} from '../../../lib/lifecycle-filter-address';
import { formatDay, indianToday } from '../../../lib/dates';
import { EventExportPanel } from '../event-export/event-export-panel';
import { MachineDiagramPanel } from '../machine-diagram-panel';
import type { LayoutMachine } from '../machine-diagram-types';
import type { Workflow } from '../workflow-catalogue';
import { LiveDiagramTables } from './live-diagram-tables';
import { LiveFilterBar, type LiveViewer } from './live-filter-bar';
import { liveOverlay, liveOverlayParts } from './live-overlay';
import { LiveSummary, liveTotals, quietPeriod } from './live-summary';
import { useLifecycleInsights } from './use-lifecycle-insights';

/** The charts (@mantine/charts, recharts) are a chunk of their own, fetched once numbers have arrived. */
const LiveCharts = lazy(async () => ({ default: (await import('./live-charts')).LiveCharts }));

export interface LiveNumbersViewProps {
  workflow: Workflow;
  viewer: LiveViewer;
  layout?: LayoutMachine;
  /** Stories and tests fix the day; the screen uses India's today. */
  today?: string;
}

/**
 * The lifecycle on live data (issue 12 part 2, docs/insights-page.md): the filter, then the diagram with each
 * state's count now and each arrow's moves in the period, the headline numbers, the tables, and the charts.
 * A state opens the list of its applications for the same area.
 */
export function LiveNumbersView({ workflow, viewer, layout, today: fixedToday }: LiveNumbersViewProps) {
  const today = fixedToday ?? indianToday();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const filter = readLifecycleFilter(params, today);
  const checked = lifecycleRequestOf(filter);
  const { state, retry } = useLifecycleInsights(checked.ok ? checked.request : null);
  const [tablesOpen, setTablesOpen] = useState(false);

  const setFilter = (next: LifecycleFilter) =>
    setParams((current) => writeLifecycleFilter(new URLSearchParams(current), next, today), {
      replace: true,
    });

  const insights = state.status === 'loaded' ? state.insights : null;
  const parts = useMemo(
    () => (insights ? liveOverlayParts(workflow.graph, insights) : null),
    [workflow, insights],
  );
  const filterKey = params.toString();
  const overlay = useMemo(() => {
    if (!parts) return undefined;
    const byId = new Map(workflow.graph.nodes.map((node) => [node.id, node]));
    return liveOverlay(parts, (stateId) => {
      const status = byId.get(stateId)?.status;
      if (isStatusCode(status)) void navigate(stateListAddress(status, filter, today));
    });
    // The filter is read from the address: its text decides what a click opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [parts, filterKey, navigate, today, workflow]);

  const exportFilter = useMemo(() => {
    if (!checked.ok) return null;
    const { serviceLimitDays: _limit, ...area } = checked.request;
    return area;
    // The request is read from the address: its text decides the filter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey]);
  const period = `${formatDay(filter.from)} to ${formatDay(filter.to)}`;
  return (
    <Stack gap="md">
      <LiveFilterBar viewer={viewer} filter={filter} today={today} onChange={setFilter} />
      <Text size="sm">
        Applications of {areaName(filter, viewer)}: now, and what moved from {period}. Click a state, or press
        Enter on it, to open its applications.
      </Text>
      {!checked.ok ? (
        <Alert color="red.9" variant="outline" role="alert" title="These filters cannot be used">
          <Stack gap={4}>
            {checked.problems.map((problem) => (
              <Text key={problem} size="sm">
                {problem}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {checked.ok && state.status === 'loading' ? (
        <Center py="md" role="status" aria-label="Loading the live numbers">
          <Loader size="sm" />
          <Text size="sm" ml="xs">
            Loading the live numbers…
          </Text>
        </Center>
      ) : null}
      {checked.ok && state.status === 'failed' ? (
        <RetryAlert title="The live numbers could not be loaded" message={state.message} onRetry={retry} />
      ) : null}
      {insights && quietPeriod(liveTotals(insights)) ? (
        <Alert variant="outline" color="blue.9" role="status" title="Nothing happened in this period">
          No application of this area was submitted or moved from {period}. The counts on the states are the
          applications there now.
        </Alert>
      ) : null}
      {insights ? <LiveSummary insights={insights} /> : null}
      <MachineDiagramPanel workflow={workflow} layout={layout} overlay={overlay} />
      {insights && parts ? (
        <>
          {parts.unplaced.length > 0 ? (
            <Alert variant="outline" color="orange.9" title="Moves the diagram has no arrow for">
              {parts.unplaced.length} kind(s) of move in the period match no single arrow of the machine; they
              are listed at the end of the moves table.
            </Alert>
          ) : null}
          <div>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => setTablesOpen((open) => !open)}
              h="auto"
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
              aria-expanded={tablesOpen}
            >
              {tablesOpen ? 'Hide' : 'Show'} the diagram&apos;s numbers as tables
            </Button>
            <Collapse expanded={tablesOpen}>
              <LiveDiagramTables graph={workflow.graph} insights={insights} parts={parts} />
            </Collapse>
          </div>
          <Suspense
            fallback={
              <Text size="sm" role="status">
                Drawing the charts…
              </Text>
            }
          >
            <LiveCharts insights={insights} />
          </Suspense>
        </>
      ) : null}
      {exportFilter ? <EventExportPanel filter={exportFilter} /> : null}
    </Stack>
  );
}
