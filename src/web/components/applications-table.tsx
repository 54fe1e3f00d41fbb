import type { ReactNode } from 'react';
import { Box, ScrollArea, Table } from '@mantine/core';

/** The four columns every applications table of the spec starts with. */
export interface ApplicationsTableRow {
  applid: number;
  tenantname: string;
  landlordname: string;
  rentaladdress: string;
}

export interface ApplicationsTableProps<R extends ApplicationsTableRow> {
  rows: readonly R[];
  /** The table's accessible name: the id of the heading that names it, or a label. */
  name: { labelledBy: string } | { label: string };
  /** What the scrolling region is called: it takes focus, so a keyboard can scroll it sideways on a phone. */
  regionLabel: string;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** The officials' lists scroll inside 500 px with the header kept in view (backoffice.md). */
  maxHeight?: number;
  /** Columns after the four: their header cells, and each row's cells. */
  extraHeads?: ReactNode;
  extraCells?: (row: R) => ReactNode;
  /** Attributes of each row (the officials' lists mark rows for their browser tests). */
  rowProps?: (row: R) => Record<string, string>;
}

/**
 * An applications table (backoffice.md section 2, public-portal.md "Tenant Applications page"): Application ID,
 * Tenant Name, Landlord name, Rental Address, then the caller's own columns; scrolls sideways on small screens.
 */
export function ApplicationsTable<R extends ApplicationsTableRow>(props: ApplicationsTableProps<R>) {
  const { rows, name, maxHeight, extraHeads, extraCells, rowProps } = props;
  return (
    <ScrollArea.Autosize
      mah={maxHeight}
      type="auto"
      offsetScrollbars
      // A keyboard can scroll the table (axe: scrollable-region-focusable).
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': props.regionLabel }}
    >
      <Box miw={props.minWidth}>
        <Table
          striped
          highlightOnHover
          stickyHeader={maxHeight !== undefined}
          aria-labelledby={'labelledBy' in name ? name.labelledBy : undefined}
          aria-label={'label' in name ? name.label : undefined}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Application ID</Table.Th>
              <Table.Th>Tenant Name</Table.Th>
              <Table.Th>Landlord name</Table.Th>
              <Table.Th>Rental Address</Table.Th>
              {extraHeads}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.applid} {...rowProps?.(row)}>
                <Table.Td>{row.applid}</Table.Td>
                <Table.Td>{row.tenantname}</Table.Td>
                <Table.Td>{row.landlordname}</Table.Td>
                <Table.Td>{row.rentaladdress}</Table.Td>
                {extraCells?.(row)}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </ScrollArea.Autosize>
  );
}
