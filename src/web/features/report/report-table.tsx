import { Box, ScrollArea, Table } from '@mantine/core';
import type { ReportRow } from '../../../contract/reports.contract';
import { REPORT_MESSAGES } from '../../../../machines/report';
import { REPORT_HEADS as HEADS } from './report-columns';

/** The report's table (backoffice.md section 2): scrolls sideways on a phone; an empty result says so. */
export function ReportTable({ rows }: { rows: readonly ReportRow[] }) {
  return (
    <ScrollArea.Autosize
      mah={500}
      type="auto"
      offsetScrollbars
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Application Report table' }}
    >
      <Box miw={1100}>
        <Table striped highlightOnHover stickyHeader aria-label="Application Report">
          <Table.Thead>
            <Table.Tr>
              {HEADS.map((head) => (
                <Table.Th key={head}>{head}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={HEADS.length} ta="center">
                  {REPORT_MESSAGES.emptyTable}
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={row.applid} data-applid={row.applid}>
                  <Table.Td>{row.slno}</Table.Td>
                  <Table.Td>{row.applid}</Table.Td>
                  <Table.Td>{row.landlordname}</Table.Td>
                  <Table.Td maw={320}>{row.tenantname}</Table.Td>
                  <Table.Td>{row.occupation}</Table.Td>
                  <Table.Td>{row.familyMembers}</Table.Td>
                  <Table.Td>{row.permanentAddress}</Table.Td>
                  <Table.Td>{row.rentaladdress}</Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Box>
    </ScrollArea.Autosize>
  );
}
