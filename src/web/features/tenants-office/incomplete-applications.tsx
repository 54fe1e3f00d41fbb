import { Alert, Button, Center, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ApplicationRow } from '../../../contract/applications.contract';
import { ApplicationsTable } from '../../components/applications-table';
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
        <ApplicationsTable
          rows={rows}
          name={{ labelledBy: 'incomplete-title' }}
          regionLabel="Incomplete applications table, scrolls sideways on small screens"
          minWidth={680}
          extraHeads={<Table.Th>Action</Table.Th>}
          extraCells={(row) => (
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
          )}
        />
      ) : null}
      {state.status === 'loaded' ? (
        <PageMetaPager label="Incomplete application pages" meta={state.page} onPage={onPage} />
      ) : null}
    </Stack>
  );
}
