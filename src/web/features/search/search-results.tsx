import { Alert, Box, Button, Group, ScrollArea, Table, Text } from '@mantine/core';
import { canManageRow, showsEmpty, showsResults } from '../../../../machines/search';
import { personName, SEARCH_MESSAGES, type PersonSearchResult } from '../../../contract/search.contract';
import { formatDay } from '../../lib/dates';
import type { SearchSnapshot, SendSearch } from './use-search';
import { resultsOf } from './use-search';

export interface SearchResultsProps {
  snapshot: SearchSnapshot;
  send: SendSearch;
}

/** The results table (the spec's person search result), 'No {entity} found.', or the server's refusal. */
export function SearchResults({ snapshot, send }: SearchResultsProps) {
  const { shownEntity, notice } = snapshot.context;
  if (snapshot.matches('failed') && notice) {
    return (
      <Alert color="red" variant="light" role="alert" title="Search failed">
        {notice.text}
      </Alert>
    );
  }
  if (showsEmpty(snapshot)) {
    return (
      <Text role="status" fw={600} data-testid="search-empty">
        {SEARCH_MESSAGES.noneFound(shownEntity)}
      </Text>
    );
  }
  if (!showsResults(snapshot)) return null;
  const rows = resultsOf(snapshot);
  const manages = rows.some((row) => canManageRow(snapshot, row.id));
  const tenant = shownEntity === 'tenant';
  return (
    <ScrollArea.Autosize
      type="auto"
      offsetScrollbars
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Search results (scrolls sideways)' }}
    >
      <Box miw={tenant ? (manages ? 960 : 880) : 820}>
        <Table
          striped
          highlightOnHover
          aria-label={`${tenant ? 'Tenants' : 'Landlords'} found (${rows.length})`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{tenant ? 'Registration No.' : 'Landlord ID'}</Table.Th>
              <Table.Th>ID Number</Table.Th>
              <Table.Th>Name</Table.Th>
              {tenant && <Table.Th>Date of Birth</Table.Th>}
              <Table.Th>Mobile</Table.Th>
              <Table.Th>Occupation</Table.Th>
              <Table.Th>Permanent Address</Table.Th>
              <Table.Th>Present Address</Table.Th>
              {manages && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <ResultRow key={row.id} row={row} tenant={tenant} manages={manages} send={send} />
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </ScrollArea.Autosize>
  );
}

function ResultRow(props: { row: PersonSearchResult; tenant: boolean; manages: boolean; send: SendSearch }) {
  const { row, tenant, manages, send } = props;
  const name = personName(row);
  return (
    <Table.Tr data-person-id={row.id}>
      <Table.Td>{row.id}</Table.Td>
      <Table.Td>{row.epicNo}</Table.Td>
      <Table.Td>{name}</Table.Td>
      {tenant && <Table.Td>{formatDay(row.age)}</Table.Td>}
      <Table.Td>{row.mobile}</Table.Td>
      <Table.Td>{row.occupation}</Table.Td>
      <Table.Td>{row.permanentAddress.address1}</Table.Td>
      <Table.Td>{row.presentAddress.address1}</Table.Td>
      {manages && (
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="outline"
              aria-label={`Edit ${name}`}
              onClick={() => send({ type: 'tenant.edit', id: row.id })}
            >
              Edit
            </Button>
            <Button
              size="xs"
              color="red.9"
              aria-label={`Delete ${name}`}
              onClick={() => send({ type: 'tenant.delete', id: row.id })}
            >
              Delete
            </Button>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
