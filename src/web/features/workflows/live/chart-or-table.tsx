import { Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import classes from './live.module.css';

type Shown = 'chart' | 'table';

export interface ChartOrTableProps {
  title: string;
  /** What the chart shows, in one sentence: read out in place of the picture. */
  summary: string;
  chart: ReactNode;
  table: ReactNode;
  /** Said instead of an empty chart. */
  empty?: string | null;
}

/** A chart with its numbers one switch away: every picture of the page can be read as a table instead. */
export function ChartOrTable({ title, summary, chart, table, empty }: ChartOrTableProps) {
  const [shown, setShown] = useState<Shown>('chart');
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={title} className={classes.chart}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} fz="h5">
            {title}
          </Title>
          {empty ? null : (
            <SegmentedControl<Shown>
              size="xs"
              aria-label={`Show ${title} as`}
              data={[
                { value: 'chart', label: 'Chart' },
                { value: 'table', label: 'Table' },
              ]}
              value={shown}
              onChange={setShown}
            />
          )}
        </Group>
        {empty ? (
          <Text size="sm">{empty}</Text>
        ) : shown === 'chart' ? (
          <div role="img" aria-label={`${summary} The Table switch lists the numbers.`}>
            {chart}
          </div>
        ) : (
          table
        )}
      </Stack>
    </Paper>
  );
}
