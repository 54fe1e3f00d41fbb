import { useCallback, useEffect, useState } from 'react';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { RentalUnit } from '../../../contract/rental-units.contract';
import { useLandlordServices } from './landlord-services';
import { showLandlordFailure, showLandlordSnackbar } from './landlord-snackbar';
import { RentalUnitDialog } from './rental-unit-dialog';
import {
  EditCell,
  RentalUnitTable,
  UNIT_PLACE_COLUMNS,
  UnitPlaceCells,
  UpdateStatusCell,
  VacancyCell,
} from './rental-unit-table';

/** The dialog's state: closed, a new unit, or the unit being edited. */
type Editing = { unit: RentalUnit | null } | null;

export interface RentalUnitsTabProps {
  landlordId: string;
  landlordName: string;
  /**
   * Whether Update Status is offered (default true): officials other than MODERATOR and SUPERMODERATOR have no
   * vacancy path (public-portal.md section 6), so their table has no Update Vacancy column.
   */
  vacancyUpdates?: boolean;
}

/**
 * The Rental Units tab (public-portal.md section 2): the landlord's name, New Rental Unit, and the 'Rental Units'
 * table with Update Status (only while occupied: the tenant has left), Edit and Disown, each change confirmed.
 */
export function RentalUnitsTab({ landlordId, landlordName, vacancyUpdates = true }: RentalUnitsTabProps) {
  const columns = vacancyUpdates ? COLUMNS : COLUMNS.filter((c) => c !== 'Update Vacancy');
  const services = useLandlordServices();
  const [units, setUnits] = useState<RentalUnit[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);

  const reload = useCallback(() => {
    services.rentalUnits(landlordId).then(setUnits, (error: unknown) => {
      setUnits([]);
      showLandlordFailure(error);
    });
  }, [services, landlordId]);
  useEffect(reload, [reload]);

  const change = async (call: () => Promise<{ message: string }>) => {
    try {
      showLandlordSnackbar((await call()).message, 'success');
    } catch (error) {
      showLandlordFailure(error);
    }
    reload();
  };

  const confirmVacant = (unit: RentalUnit) =>
    modals.openConfirmModal({
      title: 'Update Vacancy',
      children: (
        <Text size="sm">
          Mark {unitName(unit)} as vacant? A tenant application in process for it will be cancelled.
        </Text>
      ),
      labels: { confirm: 'Yes', cancel: 'No' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => void change(() => services.markVacant(landlordId, unit.rentcode)),
    });

  const confirmDisown = (unit: RentalUnit) =>
    modals.openConfirmModal({
      title: 'Disown Rental Unit',
      children: <Text size="sm">Are you sure you want to disown {unitName(unit)}?</Text>,
      labels: { confirm: 'Yes', cancel: 'No' },
      closeButtonProps: { 'aria-label': 'Close' },
      confirmProps: { color: 'red.9' },
      onConfirm: () => void change(() => services.disownRentalUnit(unit.rentcode)),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text>
          Landlord Name: <strong>{landlordName}</strong>
        </Text>
        <Button onClick={() => setEditing({ unit: null })}>New Rental Unit</Button>
      </Group>
      <Title order={3} fz="md" id="rental-units-title">
        Rental Units
      </Title>
      <RentalUnitTable columns={columns} labelledBy="rental-units-title">
        {units === null ? (
          <EmptyRow text="Loading rental units..." columns={columns.length} />
        ) : units.length === 0 ? (
          <EmptyRow text="No rental unit yet. Add one with New Rental Unit." columns={columns.length} />
        ) : (
          units.map((unit, index) => (
            <Table.Tr key={unit.rentcode}>
              <Table.Td>{index + 1}</Table.Td>
              <UnitPlaceCells unit={unit} />
              <VacancyCell vacant={unit.vacant} />
              {vacancyUpdates ? (
                <UpdateStatusCell disabled={unit.vacant} onClick={() => confirmVacant(unit)} />
              ) : null}
              <EditCell onClick={() => setEditing({ unit })} />
              <Table.Td>
                <Button size="xs" variant="outline" color="red.9" onClick={() => confirmDisown(unit)}>
                  Disown
                </Button>
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </RentalUnitTable>
      {editing ? (
        <RentalUnitDialog
          landlordId={landlordId}
          unit={editing.unit}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </Stack>
  );
}

const COLUMNS = ['Sl.No', ...UNIT_PLACE_COLUMNS, 'Vacancy', 'Update Vacancy', 'Edit', 'Disown'] as const;

function EmptyRow({ text, columns }: { text: string; columns: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** How a confirmation names the unit: house and address line, as the table shows them. */
function unitName(unit: RentalUnit): string {
  return `the rental unit ${[unit.houseNo, unit.address1].filter(Boolean).join(', ')}`;
}
