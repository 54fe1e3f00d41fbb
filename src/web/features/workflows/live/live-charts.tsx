import '@mantine/charts/styles.layer.css';
import { BarChart, LineChart } from '@mantine/charts';
import { SegmentedControl, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { STATUS_CODES } from '../../../../../machines/application';
import type { LifecycleInsights, RankedUnit } from '../../../../contract/insights.contract';
import { formatDay } from '../../../lib/dates';
import { ChartOrTable } from './chart-or-table';
import { formatCount, formatOneDecimal } from '../../../lib/numbers';
import { formatHours, weekName } from './live-format';
import { NumbersTable } from './numbers-table';

/**
 * The pictures under the diagram (@mantine/charts over recharts): time in each state, the busiest and slowest
 * places, and the weekly trend; each with its numbers as a table. A chunk of its own, fetched with the live view.
 */

const days = (hours: number) => Math.round((hours / 24) * 10) / 10;

function TimeInState({ insights }: { insights: LifecycleInsights }) {
  const rows = STATUS_CODES.map((status) => {
    const time = insights.timeInState.find((t) => t.status === status);
    return { status, stays: time?.stays ?? 0, median: time?.medianHours ?? 0, p90: time?.p90Hours ?? 0 };
  }).filter((row) => row.stays > 0);
  return (
    <ChartOrTable
      title="Time in each state"
      summary="Bars of the median and 90th-percentile days spent in each status, over the stays that ended in the period."
      empty={rows.length === 0 ? 'No stay in any state ended in the period.' : null}
      chart={
        <BarChart
          h={240}
          data={rows.map((row) => ({
            status: row.status,
            Median: days(row.median),
            '90th percentile': days(row.p90),
          }))}
          dataKey="status"
          series={[
            { name: 'Median', color: 'blue.8' },
            { name: '90th percentile', color: 'orange.9' },
          ]}
          withLegend
          yAxisLabel="days"
          valueFormatter={(value) => formatOneDecimal(value)}
        />
      }
      table={
        <NumbersTable
          caption="Time in each state (stays that ended in the period)"
          head={['Status', 'Stays', 'Median', '90th percentile']}
          rows={rows.map((row) => ({
            key: row.status,
            cells: [row.status, formatCount(row.stays), formatHours(row.median), formatHours(row.p90)],
          }))}
        />
      }
    />
  );
}

type Level = 'stations' | 'localities' | 'wards';
const LEVELS: { value: Level; label: string }[] = [
  { value: 'stations', label: 'Police stations' },
  { value: 'localities', label: 'Localities' },
  { value: 'wards', label: 'Wards' },
];

function Ranking({ title, units, slow }: { title: string; units: RankedUnit[]; slow: boolean }) {
  const measure = slow ? 'Median days to decision' : 'Submitted';
  return (
    <ChartOrTable
      title={title}
      summary={
        slow
          ? `Bars of the median days from submission to decision for the ${units.length} slowest, slowest first.`
          : `Bars of the applications submitted in the period for the ${units.length} busiest, busiest first.`
      }
      empty={
        units.length === 0
          ? slow
            ? 'No decision in the period.'
            : 'No application submitted in the period.'
          : null
      }
      chart={
        <BarChart
          h={Math.max(140, units.length * 40)}
          data={units.map((u) => ({
            name: u.name,
            [measure]: slow ? days(u.medianHoursToDecision ?? 0) : u.count,
          }))}
          dataKey="name"
          orientation="vertical"
          yAxisProps={{ width: 120 }}
          series={[{ name: measure, color: slow ? 'orange.9' : 'blue.8' }]}
          xAxisLabel={slow ? 'days' : 'applications'}
          valueFormatter={(value) => (slow ? formatOneDecimal(value) : formatCount(value))}
        />
      }
      table={
        <NumbersTable
          caption={title}
          head={slow ? ['Name (code)', 'Decisions', 'Median to decision'] : ['Name (code)', 'Submitted']}
          rows={units.map((u) => ({
            key: u.code,
            cells: [
              `${u.name} (${u.code})`,
              formatCount(u.count),
              ...(slow ? [formatHours(u.medianHoursToDecision ?? 0)] : []),
            ],
          }))}
        />
      }
    />
  );
}

function Rankings({ insights }: { insights: LifecycleInsights }) {
  const [level, setLevel] = useState<Level>('stations');
  const label = LEVELS.find((l) => l.value === level)!.label.toLowerCase();
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        Busiest and slowest places
      </Title>
      <SegmentedControl<Level> aria-label="Rank" data={LEVELS} value={level} onChange={setLevel} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <Ranking title={`Busiest ${label}`} units={insights.busiest[level]} slow={false} />
        <Ranking title={`Slowest ${label}`} units={insights.slowest[level]} slow />
      </SimpleGrid>
    </Stack>
  );
}

function WeeklyTrend({ insights }: { insights: LifecycleInsights }) {
  const weeks = insights.weeklyTrend;
  return (
    <ChartOrTable
      title="Week by week"
      summary={`Lines of the applications submitted, approved and rejected in each of ${weeks.length} weeks.`}
      empty={weeks.length === 0 ? 'The period has no week.' : null}
      chart={
        <LineChart
          h={260}
          data={weeks.map((w) => ({
            week: w.week,
            Submitted: w.submitted,
            Approved: w.approved,
            Rejected: w.rejected,
          }))}
          dataKey="week"
          series={[
            { name: 'Submitted', color: 'blue.8' },
            { name: 'Approved', color: 'green.9' },
            { name: 'Rejected', color: 'red.9' },
          ]}
          withLegend
          withDots={weeks.length <= 20}
          curveType="linear"
          valueFormatter={formatCount}
        />
      }
      table={
        <NumbersTable
          caption="Applications per week"
          head={['Week (from Monday)', 'Submitted', 'Approved', 'Rejected']}
          rows={weeks.map((w) => ({
            key: w.week,
            cells: [
              <span key="w" title={weekName(w.week)}>
                {w.week} ({formatDay(w.startsOn)})
              </span>,
              formatCount(w.submitted),
              formatCount(w.approved),
              formatCount(w.rejected),
            ],
          }))}
        />
      }
    />
  );
}

export function LiveCharts({ insights }: { insights: LifecycleInsights }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <TimeInState insights={insights} />
        <WeeklyTrend insights={insights} />
      </SimpleGrid>
      <Rankings insights={insights} />
    </Stack>
  );
}
