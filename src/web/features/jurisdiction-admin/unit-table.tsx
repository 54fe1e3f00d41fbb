import type { ReactNode } from 'react';
import { Alert, Box, LoadingOverlay, ScrollArea, Table, Text } from '@mantine/core';
import type { UnitUser } from '../../../contract/jurisdiction-admin.contract';
import type { UnitListState } from './use-unit-list';

export interface UnitColumn<T> {
  header: string;
  cell: (row: T, index: number) => ReactNode;
}

/**
 * The table of a jurisdiction screen: a busy overlay while loading, the server's message on failure, a sentence
 * when empty, and a scrolling region (focusable, labelled) so a narrow phone scrolls the table, not the page.
 */
export function UnitTable<T>(props: {
  label: string;
  columns: UnitColumn<T>[];
  state: UnitListState<T>;
  rowKey: (row: T) => string;
  empty: string;
}) {
  const { state } = props;
  return (
    <Box pos="relative" mih={120} aria-busy={state.status === 'loading'}>
      <LoadingOverlay visible={state.status === 'loading'} overlayProps={{ blur: 1 }} />
      {state.status === 'failed' ? (
        <Alert color="red.9" variant="outline" role="alert" title="Not loaded">
          {state.message}
        </Alert>
      ) : state.status === 'loaded' && state.rows.length === 0 ? (
        <Text>{props.empty}</Text>
      ) : (
        <ScrollArea.Autosize
          mah={500}
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': props.label }}
        >
          <Table striped highlightOnHover stickyHeader miw={props.columns.length > 3 ? 560 : undefined}>
            <Table.Thead>
              <Table.Tr>
                {props.columns.map((c) => (
                  <Table.Th key={c.header}>{c.header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.rows.map((row, i) => (
                <Table.Tr key={props.rowKey(row)}>
                  {props.columns.map((c) => (
                    <Table.Td key={c.header}>{c.cell(row, i)}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Box>
  );
}

/** The Users column: the usernames of the accounts working at the unit. */
export function usersCell(users: UnitUser[]): ReactNode {
  if (users.length === 0)
    return (
      <Text c="dimmed" size="sm">
        None
      </Text>
    );
  return <Text size="sm">{users.map((u) => u.username).join(', ')}</Text>;
}
