import { Box, ScrollArea, Table, Text } from '@mantine/core';
import type { LogRecordDto } from '../../../contract/log-records.contract';
import { formatIndiaSeconds } from '../../lib/dates';

/** dd-MM-yyyy HH:mm:ss in India's time, as the back office writes dates. */
export const formatLogTime = formatIndiaSeconds;

/**
 * The spec's columns: ID (the record's own id, which the chain check names), IP Address, Remark, URL, Login
 * Date & Time. On a phone the table scrolls sideways inside its box; the page itself never does.
 */
export function LogRecordsTable({ rows }: { rows: readonly LogRecordDto[] }) {
  return (
    <ScrollArea
      type="auto"
      offsetScrollbars
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Log records, scrolls sideways' }}
    >
      <Box miw={760}>
        <Table striped highlightOnHover aria-label="Log records">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>IP Address</Table.Th>
              <Table.Th>Remark</Table.Th>
              <Table.Th>URL</Table.Th>
              <Table.Th>Login Date &amp; Time</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} data-kind={row.kind}>
                <Table.Td>{row.id}</Table.Td>
                <Table.Td>{row.ipAddress ?? ''}</Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {row.remark}
                  </Text>
                  {row.username ? (
                    <Text size="xs" c="dimmed">
                      {row.username}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.url}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLogTime(row.logdt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </ScrollArea>
  );
}
