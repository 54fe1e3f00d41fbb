import { useCallback, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { RentalUnitDialog } from '../rental-unit-dialog';
import { UnitConsentStep } from './unit-consent-step';

/** Under the refusal of a landlord found outside reach (docs/landlords-api.md "Adding a unit"). */
export const OUTSIDE_REACH_HINT =
  "You may add this landlord's house in your jurisdiction; its details and other units stay with their own ward's officer.";
/** After such a unit is saved: the unit is the official's, the record is not (docs/reach.md). */
export const UNIT_SAVED_OUTSIDE_REACH =
  "Rental unit saved. The landlord's own record stays with the office where the landlord registered: you will find this unit under Rental Units. Ask the landlord for the code sent to them: until it is confirmed, no application can be made for this unit.";
/** After the landlord's code was confirmed. */
export const UNIT_CONFIRMED_BY_LANDLORD =
  'The landlord has confirmed this rental unit. You may now make applications for it.';

export interface OutsideReachUnitProps {
  landlordId: string;
  /** Buttons beside New Rental Unit (the Landlords screen's Find another landlord). */
  children?: ReactNode;
}

type Saved = { rentcode: string; sentTo: string | null; confirmed: boolean };

/**
 * For a landlord found outside the official's reach: **New Rental Unit in your jurisdiction** (the landlord
 * feature's unit dialog, `POST register/rentalUnit`). The unit gives reach over itself alone and carries no
 * application until the landlord confirms it with the code sent to its own channel (docs/reach.md), so after the
 * save the landlord's consent step follows; the landlord is not looked up again (it would be refused again).
 * Shared by the Landlords screen and the clearance wizard's first step.
 */
export function OutsideReachUnit({ landlordId, children }: OutsideReachUnitProps) {
  const [adding, setAdding] = useState(false);
  const [saved, setSaved] = useState<Saved | null>(null);
  const confirmed = useCallback(() => setSaved((current) => current && { ...current, confirmed: true }), []);
  return (
    <>
      {saved ? (
        <Alert color="green.9" variant="outline" role="status" title="Rental unit saved">
          <Text size="sm">{saved.confirmed ? UNIT_CONFIRMED_BY_LANDLORD : UNIT_SAVED_OUTSIDE_REACH}</Text>
        </Alert>
      ) : null}
      {saved && !saved.confirmed ? (
        <UnitConsentStep
          key={saved.rentcode}
          rentcode={saved.rentcode}
          sentTo={saved.sentTo}
          onConfirmed={confirmed}
        />
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
          onSaved={(created) => {
            setAdding(false);
            setSaved({
              rentcode: created?.rentcode ?? '',
              sentTo: created?.consentCodeSentTo ?? null,
              confirmed: created?.landlordConsent !== 'pending',
            });
          }}
        />
      ) : null}
    </>
  );
}
