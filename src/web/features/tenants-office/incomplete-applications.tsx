import { Alert, Box, Button, Center, Loader, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { ApplicationRow } from '../../../contract/applications.contract';
import { PageMetaPager } from '../../components/pager';
import type { IncompleteListState } from './use-incomplete-list';

export const INCOMPLETE_TITLE = 'INCOMPLETE APPLICATION(S)';
export const NO_INCOMPLETE = 'No incomplete applications';

export interface IncompleteApplicationsProps {
  state: IncompleteListState;
  /** The application whose tenant is being loaded (its button spins). */
  revisiting: number | null;
  onPage: (page: number) => void;
  onRevisit: (row: ApplicationRow) => void;
}

/** The INCOMPLETE APPLICATION(S) table with its page buttons; Re-visit Tenant opens that tenant's profile. */
export function IncompleteApplications({
  state,
  revisiting,
  onPage,
  onRevisit,
}: IncompleteApplicationsProps) {
  const rows = state.status === 'loaded' ? state.page.applDto : [];
  return (
    <Stack gap="sm">
      <Title order={2} fz="md" id="incomplete-title">
        {INCOMPLETE_TITLE}
      </Title>
      {state.status === 'loading' ? (
        <Center h={120} role="status" aria-label="Loading incomplete applications">
          <Loader size="sm" />
        </Center>
      ) : null}
      {state.status === 'failed' ? (
        <Alert color="red" variant="light" role="alert">
          {state.message}
        </Alert>
      ) : null}
      {state.status === 'loaded' && rows.length === 0 ? (
        <Text fw={600} py="md" role="status">
          {NO_INCOMPLETE}
        </Text>
      ) : null}
      {rows.length > 0 ? (
        <ScrollArea type="auto" offsetScrollbars>
          <Box miw={680}>
            <Table striped highlightOnHover aria-labelledby="incomplete-title">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Application ID</Table.Th>
                  <Table.Th>Tenant Name</Table.Th>
                  <Table.Th>Landlord name</Table.Th>
                  <Table.Th>Rental Address</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.applid}>
                    <Table.Td>{row.applid}</Table.Td>
                    <Table.Td>{row.tenantname}</Table.Td>
                    <Table.Td>{row.landlordname}</Table.Td>
                    <Table.Td>{row.rentaladdress}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        loading={revisiting === row.applid}
                        disabled={revisiting !== null && revisiting !== row.applid}
                        aria-label={`Re-visit Tenant ${row.tenantname} (application ${row.applid})`}
                        onClick={() => onRevisit(row)}
                      >
                        Re-visit Tenant
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </ScrollArea>
      ) : null}
      {state.status === 'loaded' ? (
        <PageMetaPager label="Incomplete application pages" meta={state.page} onPage={onPage} />
      ) : null}
    </Stack>
  );
}
