import type { ReactNode } from 'react';
import { Alert, Group, Text } from '@mantine/core';
import { landlordFullName } from '../landlord-form';
import { FRESH_REGISTRATION_MESSAGE } from '../../../../../machines/landlord-office/landlord-lookup.machine';
import type { OfficeLandlord } from './office-landlord';
import { OfficeLandlordTabs, type OfficeLandlordTabsProps } from './office-landlord-tabs';

// The two outcomes of the officials' landlord lookup that show the landlord page, shared by the Landlords screen
// (landlord-office-page.tsx) and the clearance wizard's Landlord step (office-landlord-step.tsx). `aside` sits
// beside the heading line (the Landlords screen's Find another landlord).

interface CommonProps {
  epic: string;
  vacancyUpdates: boolean;
  aside?: ReactNode;
}

/** A landlord within reach: who it is (name, EPIC, registration number) and its Basic Details and Rental Units. */
export function FoundLandlordView({
  landlord,
  epic,
  openTab,
  vacancyUpdates,
  aside,
}: CommonProps & { landlord: OfficeLandlord; openTab: OfficeLandlordTabsProps['openTab'] }) {
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text>
          Landlord: <strong>{landlordFullName(landlord.values)}</strong> (EPIC Number {epic}, registration
          number {landlord.landlordId})
        </Text>
        {aside}
      </Group>
      <OfficeLandlordTabs
        key={`landlord-${landlord.landlordId}`}
        landlord={landlord}
        epic={epic}
        openTab={openTab}
        vacancyUpdates={vacancyUpdates}
        onRegistered={() => {}}
      />
    </>
  );
}

/** An EPIC nobody registered: the fresh-registration notice and Basic Details (no OTP: the card is seen in person). */
export function RegisteringLandlordView({
  epic,
  vacancyUpdates,
  aside,
  onRegistered,
}: CommonProps & { onRegistered: (landlord: OfficeLandlord) => void }) {
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Alert color="govBlue.7" variant="outline" role="status" style={{ flex: 1, minWidth: 240 }}>
          {FRESH_REGISTRATION_MESSAGE(epic)}
        </Alert>
        {aside}
      </Group>
      <OfficeLandlordTabs
        key="registering"
        landlord={null}
        epic={epic}
        openTab="details"
        vacancyUpdates={vacancyUpdates}
        onRegistered={onRegistered}
      />
    </>
  );
}
