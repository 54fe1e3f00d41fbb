import { Fragment, type ReactNode } from 'react';
import { Table, Text } from '@mantine/core';
import type { Workflow } from './workflow-catalogue';

export const TRANSITION_COLUMNS = ['From state', 'Event', 'To state', 'Guard', 'Role'] as const;

/** A column added after the machine's own, filled per arrow id (the coverage report's "Covered by"). */
export interface TransitionsTableColumn {
  header: string;
  cell: (edgeId: string) => ReactNode;
}

/** A dotted name ('application.recommendApproval') may break after its dots, so narrow columns stay narrow. */
function breakable(name: string) {
  return name.split('.').map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? (
        <>
          .<wbr />
        </>
      ) : null}
      {part}
    </Fragment>
  ));
}

/**
 * The text alternative of a diagram: one row per arrow (state -> event -> target, its guard and the roles the guard
 * lets through), read from the same graph as the drawing. Scrolls sideways in a focusable region on a phone.
 */
export function MachineTransitionsTable({
  workflow,
  extraColumn,
}: {
  workflow: Workflow;
  extraColumn?: TransitionsTableColumn;
}) {
  return (
    <Table.ScrollContainer
      minWidth={760}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={`Transitions of ${workflow.title}, scrolls sideways on small screens`}
    >
      <Table
        striped
        withTableBorder
        verticalSpacing="xs"
        horizontalSpacing="sm"
        fz="sm"
        captionSide="top"
        aria-label={`Transitions of ${workflow.title}`}
      >
        <Table.Caption ta="left">
          {workflow.rows.length} transition(s) between {workflow.stateCount} state(s)
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {TRANSITION_COLUMNS.map((column) => (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            ))}
            {extraColumn ? <Table.Th scope="col">{extraColumn.header}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {workflow.rows.map((row, index) => (
            <Table.Tr key={workflow.graph.edges[index].id} data-transition={workflow.graph.edges[index].id}>
              <Table.Td>{breakable(row.from)}</Table.Td>
              <Table.Td>
                <Text span inherit fw={600}>
                  {breakable(row.event)}
                </Text>
              </Table.Td>
              <Table.Td>
                {row.to === row.from ? <>{breakable(row.to)} (stays)</> : breakable(row.to)}
              </Table.Td>
              <Table.Td>{row.guard || 'none'}</Table.Td>
              <Table.Td>{row.roles || 'not named'}</Table.Td>
              {extraColumn ? <Table.Td>{extraColumn.cell(workflow.graph.edges[index].id)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
