import { Link } from 'react-router';
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { DashboardCard } from '../../../contract/dashboard.contract';

/**
 * One count. With `to` the whole tile is a link to the matching list (backoffice.md section 2); without it the
 * tile is plain text, so nothing looks clickable before its list screen exists.
 */
export function DashboardCardTile({ card, to }: { card: DashboardCard; to?: string }) {
  const body = (
    <Paper
      withBorder
      radius="md"
      p="lg"
      h="100%"
      style={{ borderTop: '4px solid var(--mantine-color-govBlue-6)' }}
    >
      <Stack gap={6}>
        <Text fz="sm" fw={600} c="dimmed">
          {card.label}
        </Text>
        <Group justify="space-between" align="flex-end">
          <Text fz={34} fw={800} c="govBlue.9" lh={1}>
            {card.count.toLocaleString('en-IN')}
          </Text>
          {to ? (
            <Text fz="sm" fw={600} c="govBlue.7" aria-hidden>
              View list →
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Paper>
  );
  if (!to) return <div data-testid={`dashboard-card-${card.key}`}>{body}</div>;
  return (
    <UnstyledButton component={Link} to={to} display="block" data-testid={`dashboard-card-${card.key}`}>
      {body}
    </UnstyledButton>
  );
}
