import {
  Alert,
  Button,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { DashboardCardKey } from '../../../contract/dashboard.contract';
import { DashboardCardTile } from './dashboard-card-tile';
import type { DashboardState } from './use-dashboard-summary';

const GRID = { base: 1, xs: 2, lg: 3 } as const;

export interface DashboardViewProps {
  state: DashboardState;
  onRetry: () => void;
  /** Where a card leads; a card without a target (its list screen is not built) is not a link. */
  cardLinks?: Partial<Record<DashboardCardKey, string>>;
}

/** The dashboard's three states: counts loading, loaded, or failed with a retry. */
export function DashboardView({ state, onRetry, cardLinks = {} }: DashboardViewProps) {
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} fz={28}>
          Dashboard
        </Title>
        <Text c="dimmed">Live counts for your area of responsibility.</Text>
      </Stack>
      {state.status === 'loading' ? (
        <div aria-busy="true">
          <VisuallyHidden role="status">Loading dashboard counts</VisuallyHidden>
          <SimpleGrid cols={GRID} spacing="lg">
            {[0, 1, 2].map((i) => (
              <Paper key={i} withBorder radius="md" p="lg">
                <Skeleton height={14} width="70%" mb="md" />
                <Skeleton height={32} width="40%" />
              </Paper>
            ))}
          </SimpleGrid>
        </div>
      ) : null}
      {state.status === 'error' ? (
        <Alert color="red" variant="light" title="Counts unavailable" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{state.message}</Text>
            <Button variant="outline" color="red.9" size="xs" onClick={onRetry}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {state.status === 'loaded' && state.cards.length === 0 ? (
        <Text>There are no counts to show for your role.</Text>
      ) : null}
      {state.status === 'loaded' && state.cards.length > 0 ? (
        <SimpleGrid cols={GRID} spacing="lg">
          {state.cards.map((card) => (
            <DashboardCardTile key={card.key} card={card} to={cardLinks[card.key]} />
          ))}
        </SimpleGrid>
      ) : null}
    </Stack>
  );
}
