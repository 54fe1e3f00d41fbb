import { Stack } from '@mantine/core';
import type { MachineGraph } from '../../../../../machines/graph';
import { INITIAL_STATUS, STATUS_MEANINGS } from '../../../../../machines/application';
import type { LifecycleInsights } from '../../../../contract/insights.contract';
import { formatCount } from '../../../lib/numbers';
import { formatHours } from './live-format';
import { stateOfStatus, type LiveOverlayParts } from './live-overlay';
import { NumbersTable } from './numbers-table';

const shortName = (graph: MachineGraph, id: string) => id.slice(graph.id.length + 1);

/** The diagram's numbers in words: each status's state now, and each arrow's moves (arrows are not read out). */
export function LiveDiagramTables({
  graph,
  insights,
  parts,
}: {
  graph: MachineGraph;
  insights: LifecycleInsights;
  parts: LiveOverlayParts;
}) {
  const timeOf = (status: string) => insights.timeInState.find((t) => t.status === status);
  const first = stateOfStatus(graph, INITIAL_STATUS);
  const firstState = first ? shortName(graph, first.id) : INITIAL_STATUS;
  const hours = (value: number | undefined) => (value === undefined ? '–' : formatHours(value));
  return (
    <Stack gap="md">
      <NumbersTable
        caption="Applications in each state now"
        head={['State (status)', 'Now', 'Past the limit', 'Median time in state', '90th percentile']}
        rows={insights.states.map(({ status, count }) => {
          const node = stateOfStatus(graph, status);
          const time = timeOf(status);
          const stayed = time && time.stays > 0 ? time : undefined;
          return {
            key: status,
            cells: [
              `${node ? shortName(graph, node.id) : STATUS_MEANINGS[status]} (${status})`,
              formatCount(count),
              formatCount(insights.overdue.byStatus.find((s) => s.status === status)?.count ?? 0),
              hours(stayed?.medianHours),
              hours(stayed?.p90Hours),
            ],
          };
        })}
      />
      <NumbersTable
        caption="Moves in the period, arrow by arrow"
        head={['From', 'Event', 'To', 'Moves']}
        textColumns={3}
        rows={[
          {
            key: 'submitted',
            cells: ['(submission)', 'submitted', firstState, formatCount(parts.submitted)],
          },
          ...parts.arrowMoves.map(({ edge, count }) => ({
            key: edge.id,
            cells: [
              shortName(graph, edge.source),
              edge.event,
              shortName(graph, edge.target),
              formatCount(count),
            ],
          })),
          ...parts.unplaced.map((move) => ({
            key: `${move.fromStatus}|${move.action}|${move.toStatus}`,
            cells: [
              `${move.fromStatus} (no arrow)`,
              move.action ?? '–',
              move.toStatus,
              formatCount(move.count),
            ],
          })),
        ]}
      />
    </Stack>
  );
}
