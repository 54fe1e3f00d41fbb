import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { RentalUnitDialog } from '../rental-unit-dialog';

/** Under the refusal of a landlord found outside reach (docs/landlords-api.md "Adding a unit"). */
export const OUTSIDE_REACH_HINT =
  "You may add this landlord's house in your jurisdiction; its details and other units stay with their own ward's officer.";
/** After such a unit is saved: the unit is the official's, the record is not (docs/reach.md). */
export const UNIT_SAVED_OUTSIDE_REACH =
  "Rental unit saved. The landlord's own record stays with the office where the landlord registered: you will find this unit under Rental Units, and may make applications for it.";

export interface OutsideReachUnitProps {
  landlordId: string;
  /** Buttons beside New Rental Unit (the Landlords screen's Find another landlord). */
  children?: ReactNode;
}

/**
 * For a landlord found outside the official's reach: **New Rental Unit in your jurisdiction** (the landlord
 * feature's unit dialog, `POST register/rentalUnit`). The unit gives reach over itself alone, so after the save the
 * landlord is not looked up again (it would be refused again): a notice says where the unit is and that the
 * record stays with its office. Shared by the Landlords screen and the clearance wizard's first step.
 */
export function OutsideReachUnit({ landlordId, children }: OutsideReachUnitProps) {
  const [adding, setAdding] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <>
      {saved ? (
        <Alert color="green.9" variant="outline" role="status" title="Rental unit saved">
          <Text size="sm">{UNIT_SAVED_OUTSIDE_REACH}</Text>
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button onClick={() => setAdding(true)}>New Rental Unit in your jurisdiction</Button>
        {children}
      </Group>
      {adding ? (
        <RentalUnitDialog
          landlordId={landlordId}
          unit={null}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            setSaved(true);
          }}
        />
      ) : null}
    </>
  );
}
