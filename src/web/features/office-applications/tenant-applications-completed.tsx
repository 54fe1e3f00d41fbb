import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { completedPageFailed, isTurningCompletedPage } from '../../../../machines/clearance';
import { ApplicationsTable } from '../../components/applications-table';
import { Pager } from '../../components/pager';
import type { TenantApplicationActor } from './tenant-applications-actor';

export const COMPLETED_TITLE = 'Completed Applications';
export const NO_COMPLETED = 'No completed applications of this landlord yet.';

/** The landlord's completed applications with page-number buttons (scrolls sideways on a phone). */
export function TenantApplicationsCompleted({ actor }: { actor: TenantApplicationActor }) {
  const completed = useSelector(actor, (s) => s.context.completed);
  const turning = useSelector(actor, isTurningCompletedPage);
  const failed = useSelector(actor, completedPageFailed);
  const failure = useSelector(actor, (s) => (completedPageFailed(s) ? s.context.notice?.text : null));
  if (!completed) return null;
  const { rows, pageNumber, totalPages } = completed;
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Title order={2} fz="md" id="completed-applications-title">
          {COMPLETED_TITLE}
        </Title>
        {turning ? <Loader size="xs" aria-label="Loading the page" /> : null}
      </Group>
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          <Group gap="sm" justify="space-between">
            <span>{failure}</span>
            <Button size="xs" variant="default" onClick={() => actor.send({ type: 'retry' })}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : null}
      {rows.length === 0 ? (
        <Text fw={600} py="sm" role="status">
          {NO_COMPLETED}
        </Text>
      ) : (
        <ApplicationsTable
          rows={rows}
          name={{ labelledBy: 'completed-applications-title' }}
          regionLabel="Completed applications table, scrolls sideways on small screens"
          minWidth={600}
        />
      )}
      <Pager
        label="Completed application pages"
        page={pageNumber}
        totalPages={totalPages}
        isFirst={pageNumber === 0}
        isLast={pageNumber >= totalPages - 1}
        onPage={(page) => actor.send({ type: 'completed.page', page })}
      />
    </Stack>
  );
}
