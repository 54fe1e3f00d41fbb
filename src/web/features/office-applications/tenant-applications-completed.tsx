import { Alert, Box, Button, Group, Loader, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { completedPageFailed, isTurningCompletedPage } from '../../../../machines/clearance';
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
        <ScrollArea
          type="auto"
          offsetScrollbars
          // A keyboard can scroll the table on a phone (axe: scrollable-region-focusable).
          viewportProps={{
            tabIndex: 0,
            role: 'region',
            'aria-label': 'Completed applications table, scrolls sideways on small screens',
          }}
        >
          <Box miw={600}>
            <Table striped highlightOnHover aria-labelledby="completed-applications-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Application ID</Table.Th>
                  <Table.Th>Tenant Name</Table.Th>
                  <Table.Th>Landlord name</Table.Th>
                  <Table.Th>Rental Address</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.applid}>
                    <Table.Td>{row.applid}</Table.Td>
                    <Table.Td>{row.tenantname}</Table.Td>
                    <Table.Td>{row.landlordname}</Table.Td>
                    <Table.Td>{row.rentaladdress}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </ScrollArea>
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
