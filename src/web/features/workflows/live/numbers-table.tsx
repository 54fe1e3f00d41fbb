import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './live.module.css';

export interface NumbersTableProps {
  caption: string;
  head: string[];
  rows: Array<{ key: string; cells: ReactNode[] }>;
  /** How many leading columns hold words (left-aligned); the rest hold figures (right-aligned). Default 1. */
  textColumns?: number;
}

/** A chart's numbers as a real table: a caption, header cells, figures right-aligned; scrolls sideways on a phone. */
export function NumbersTable({ caption, head, rows, textColumns = 1 }: NumbersTableProps) {
  const figure = (index: number) => (index >= textColumns ? classes.figure : undefined);
  return (
    <div className={classes.tableScroll} role="region" aria-label={caption} tabIndex={0}>
      <Table striped withTableBorder fz="sm" captionSide="top">
        <Table.Caption className={classes.caption}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell, index) => (
              <Table.Th key={cell} className={figure(index)}>
                {cell}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, index) => (
                <Table.Td key={index} className={figure(index)}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
