import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { LifecycleInsights } from '../../../../contract/insights.contract';
import { formatCount } from '../../../lib/numbers';

export interface LiveTotals {
  now: number;
  submitted: number;
  overdue: number;
  moved: number;
}

/** The four headline numbers of one reply; `moved` counts the moves along the machine's arrows (not submissions). */
export function liveTotals(insights: LifecycleInsights): LiveTotals {
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    now: sum(insights.states.map((s) => s.count)),
    submitted: sum(insights.transitions.filter((t) => t.fromStatus === null).map((t) => t.count)),
    overdue: insights.overdue.total,
    moved: sum(insights.transitions.filter((t) => t.fromStatus !== null).map((t) => t.count)),
  };
}

/** Nothing was submitted and nothing moved in the period: the page says so instead of showing rows of zeros. */
export const quietPeriod = (totals: LiveTotals) => totals.submitted === 0 && totals.moved === 0;

function Figure({ label, value, note }: { label: string; value: number; note: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="sm" c="dark.6">
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.2}>
        {formatCount(value)}
      </Text>
      <Text size="xs" c="dark.6">
        {note}
      </Text>
    </Paper>
  );
}

export function LiveSummary({ insights }: { insights: LifecycleInsights }) {
  const totals = liveTotals(insights);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" aria-label="Summary">
      <Figure label="Applications now" value={totals.now} note="submitted, in any state" />
      <Figure
        label="Submitted in the period"
        value={totals.submitted}
        note="each enters the first state, pendingAtWard"
      />
      <Figure
        label="Past the service limit"
        value={totals.overdue}
        note={`waiting more than ${insights.serviceLimitDays} days since submission`}
      />
      <Figure label="Moves in the period" value={totals.moved} note="along the diagram's arrows" />
    </SimpleGrid>
  );
}
