import type { ReactNode } from 'react';
import { Badge, Button, Table } from '@mantine/core';
// The status badges' green and red: white text on them keeps AA contrast.
import { STATUS_COLOURS } from '../../../../machines/application';
import type { RentalUnit } from '../../../contract/rental-units.contract';

/**
 * The pieces of the 'Rental Units' table (public-portal.md "Landlord page") that the landlord's Rental Units tab and
 * the officials' Rental Units list (office/) both show: the wide table in a focusable scroll region, the unit's
 * place cells, the Vacancy badge and the row buttons.
 */

/** The columns of both tables, in the spec's order; each table picks its own. */
export const UNIT_PLACE_COLUMNS = [
  'House Number',
  'Floor Number/Flat Number',
  'Address Line 1',
  'Address Line 2',
  'Police Station',
  'Sub-Locality/Wards',
] as const;

type UnitPlace = Pick<RentalUnit, 'houseNo' | 'floorNo' | 'address1' | 'address2' | 'la'>;

export interface RentalUnitTableProps {
  columns: readonly string[];
  /** The table's accessible name: a visible heading's id, or a label. */
  labelledBy?: string;
  label?: string;
  children: ReactNode;
}

/** Native scrolling in a focusable region, so a keyboard can scroll the wide table on a phone. */
export function RentalUnitTable({ columns, labelledBy, label, children }: RentalUnitTableProps) {
  return (
    <Table.ScrollContainer
      minWidth={1100}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Rental Units table, scrolls sideways on small screens"
    >
      <Table striped withTableBorder aria-labelledby={labelledBy} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** House Number through Sub-Locality/Wards. */
export function UnitPlaceCells({ unit }: { unit: UnitPlace }) {
  return (
    <>
      <Table.Td>{unit.houseNo}</Table.Td>
      <Table.Td>{unit.floorNo}</Table.Td>
      <Table.Td>{unit.address1}</Table.Td>
      <Table.Td>{unit.address2}</Table.Td>
      <Table.Td>{unit.la.ps.policeStationName}</Table.Td>
      <Table.Td>{unit.la.localAuthorityName}</Table.Td>
    </>
  );
}

/** Vacancy: Yes green, No red. */
export function VacancyCell({ vacant }: { vacant: boolean }) {
  return (
    <Table.Td>
      <Badge color={vacant ? STATUS_COLOURS.green.hex : STATUS_COLOURS.red.hex} tt="none">
        {vacant ? 'Yes' : 'No'}
      </Badge>
    </Table.Td>
  );
}

export interface UnitButtonCellProps {
  onClick: () => void;
  disabled?: boolean;
  /** An accessible name naming the unit, where a list mixes several landlords' units. */
  ariaLabel?: string;
}

/** Update Vacancy: disabled when the unit is vacant already. */
export function UpdateStatusCell({ onClick, disabled, ariaLabel }: UnitButtonCellProps) {
  return (
    <Table.Td>
      <Button size="xs" variant="outline" disabled={disabled} onClick={onClick} aria-label={ariaLabel}>
        Update Status
      </Button>
    </Table.Td>
  );
}

export function EditCell({ onClick, ariaLabel }: UnitButtonCellProps) {
  return (
    <Table.Td>
      <Button size="xs" variant="default" onClick={onClick} aria-label={ariaLabel}>
        Edit
      </Button>
    </Table.Td>
  );
}
