import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { SERVER_FALLBACK_MESSAGE, messageOr } from '../../../../machines/access/failures';
// The status badges' green and red: white text on them keeps AA contrast.
import { STATUS_COLOURS } from '../../../../machines/application';
import type { RentalUnit } from '../../../contract/rental-units.contract';
import { useLandlordServices } from './landlord-services';
import { showLandlordSnackbar } from './landlord-snackbar';
import { RentalUnitDialog } from './rental-unit-dialog';

/** The dialog's state: closed, a new unit, or the unit being edited. */
type Editing = { unit: RentalUnit | null } | null;

/**
 * The Rental Units tab (public-portal.md section 2): the landlord's name, New Rental Unit, and the 'Rental Units'
 * table with Update Status (only while occupied: the tenant has left), Edit and Disown, each change confirmed.
 */
export function RentalUnitsTab({ landlordId, landlordName }: { landlordId: string; landlordName: string }) {
  const services = useLandlordServices();
  const [units, setUnits] = useState<RentalUnit[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);

  const reload = useCallback(() => {
    services.rentalUnits(landlordId).then(setUnits, (error: unknown) => {
      setUnits([]);
      showLandlordSnackbar(messageOr(error, SERVER_FALLBACK_MESSAGE), 'error');
    });
  }, [services, landlordId]);
  useEffect(reload, [reload]);

  const change = async (call: () => Promise<{ message: string }>) => {
    try {
      showLandlordSnackbar((await call()).message, 'success');
    } catch (error) {
      showLandlordSnackbar(messageOr(error, SERVER_FALLBACK_MESSAGE), 'error');
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
      {/* Native scrolling in a focusable region, so a keyboard can scroll the wide table on a phone. */}
      <Table.ScrollContainer
        minWidth={1100}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Rental Units table, scrolls sideways on small screens"
      >
        <Table striped withTableBorder aria-labelledby="rental-units-title">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {units === null ? (
              <EmptyRow text="Loading rental units..." />
            ) : units.length === 0 ? (
              <EmptyRow text="No rental unit yet. Add one with New Rental Unit." />
            ) : (
              units.map((unit, index) => (
                <Table.Tr key={unit.rentcode}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{unit.houseNo}</Table.Td>
                  <Table.Td>{unit.floorNo}</Table.Td>
                  <Table.Td>{unit.address1}</Table.Td>
                  <Table.Td>{unit.address2}</Table.Td>
                  <Table.Td>{unit.la.ps.policeStationName}</Table.Td>
                  <Table.Td>{unit.la.localAuthorityName}</Table.Td>
                  <Table.Td>
                    <Badge color={unit.vacant ? STATUS_COLOURS.green.hex : STATUS_COLOURS.red.hex} tt="none">
                      {unit.vacant ? 'Yes' : 'No'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="outline"
                      disabled={unit.vacant}
                      onClick={() => confirmVacant(unit)}
                    >
                      Update Status
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="default" onClick={() => setEditing({ unit })}>
                      Edit
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="outline" color="red.9" onClick={() => confirmDisown(unit)}>
                      Disown
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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

const COLUMNS = [
  'Sl.No',
  'House Number',
  'Floor Number/Flat Number',
  'Address Line 1',
  'Address Line 2',
  'Police Station',
  'Sub-Locality/Wards',
  'Vacancy',
  'Update Vacancy',
  'Edit',
  'Disown',
] as const;

function EmptyRow({ text }: { text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={COLUMNS.length}>
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
