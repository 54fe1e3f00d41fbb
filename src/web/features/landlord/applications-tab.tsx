import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { SERVER_FALLBACK_MESSAGE, messageOr } from '../../../../machines/access/failures';
import { STATUS_COLOURS, trackerView } from '../../../../machines/application/statuses';
import { LANDLORD_APPLICATIONS_NOTE, type LandlordApplications } from '../../../contract/landlords.contract';
import { useLandlordServices } from './landlord-services';
import { showLandlordFailure, showLandlordSnackbar } from './landlord-snackbar';

export interface ApplicationsTabProps {
  landlordId: string;
}

type Loaded =
  { kind: 'loading' } | { kind: 'loaded'; reply: LandlordApplications } | { kind: 'failed'; text: string };

/**
 * The Applications tab (public-portal.md "Landlord page"): the landlord's own applications with the spec's red
 * note and Delete (asked first). Delete is offered while the application is pending at the Sub-Locality/Ward
 * (LARP); the server decides the rest (another user's application, an official acted) and its message is shown.
 */
export function ApplicationsTab({ landlordId }: ApplicationsTabProps) {
  const services = useLandlordServices();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [version, setVersion] = useState(0);
  const canDelete = services.deleteApplication !== undefined;

  useEffect(() => {
    let current = true;
    if (!services.applications) return;
    services.applications(landlordId).then(
      (reply) => current && setLoaded({ kind: 'loaded', reply }),
      (error: unknown) =>
        current && setLoaded({ kind: 'failed', text: messageOr(error, SERVER_FALLBACK_MESSAGE) }),
    );
    return () => {
      current = false;
    };
  }, [services, landlordId, version]);

  const confirmDelete = (applid: number) =>
    modals.openConfirmModal({
      title: 'Delete Application',
      children: <Text size="sm">Are you sure you want to delete application {applid}?</Text>,
      labels: { confirm: 'Yes', cancel: 'No' },
      closeButtonProps: { 'aria-label': 'Close' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        void services
          .deleteApplication?.(applid, landlordId)
          .then(
            (reply) => showLandlordSnackbar(reply.message, 'success'),
            (error: unknown) => showLandlordFailure(error),
          )
          .finally(() => setVersion((v) => v + 1)),
    });

  const rows = loaded.kind === 'loaded' ? loaded.reply.applications : [];
  const columns = canDelete ? [...COLUMNS, 'Delete'] : COLUMNS;
  return (
    <Stack gap="md">
      <Text c="red.9" fw={500} role="note">
        {LANDLORD_APPLICATIONS_NOTE}
      </Text>
      <Title order={3} fz="md" id="landlord-applications-title">
        Applications
      </Title>
      {loaded.kind === 'failed' ? (
        <Alert color="red" variant="light" title="The applications could not be loaded">
          {loaded.text}
        </Alert>
      ) : null}
      <Table.ScrollContainer
        minWidth={640}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Applications table, scrolls sideways on small screens"
      >
        <Table striped withTableBorder aria-labelledby="landlord-applications-title">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loaded.kind === 'loading' ? (
              <EmptyRow text="Loading applications..." columns={columns.length} />
            ) : rows.length === 0 ? (
              <EmptyRow
                text={loaded.kind === 'failed' ? '-' : 'No applications yet.'}
                columns={columns.length}
              />
            ) : (
              rows.map((row) => (
                // The Status Code column is hidden (the spec's): the code rides on the row for tests and tools.
                <Table.Tr key={row.applid} data-status-code={row.applstatus}>
                  <Table.Td>{row.applid}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={STATUS_COLOURS[trackerView(row.applstatus).colour].hex}
                      tt="none"
                      maw="100%"
                    >
                      {row.status}
                    </Badge>
                    {row.complete ? null : (
                      <Text size="xs" c="dimmed">
                        Not yet applied
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{row.landlordId}</Table.Td>
                  <Table.Td>{row.tenantId}</Table.Td>
                  <Table.Td>{row.logby}</Table.Td>
                  {canDelete ? (
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="outline"
                        color="red.9"
                        disabled={row.applstatus !== 'LARP'}
                        aria-label={`Delete application ${row.applid}`}
                        onClick={() => confirmDelete(row.applid)}
                      >
                        Delete
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {loaded.kind === 'loaded' && loaded.reply.total > rows.length ? (
        <Text size="sm" c="dimmed">
          Showing the newest {rows.length} of {loaded.reply.total} applications.
        </Text>
      ) : null}
    </Stack>
  );
}

const COLUMNS: readonly string[] = ['Application ID', 'Status', 'Landlord ID', 'Tenant ID', 'Applied By'];

function EmptyRow({ text, columns }: { text: string; columns: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
