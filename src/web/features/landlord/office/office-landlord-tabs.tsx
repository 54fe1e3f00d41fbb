import { useState } from 'react';
import { Tabs } from '@mantine/core';
import { LandlordDetailsForm } from '../landlord-details-form';
import { emptyLandlordForm, landlordFullName, type LandlordFormValues } from '../landlord-form';
import { RentalUnitsTab } from '../rental-units-tab';
import type { OfficeLandlord } from './office-landlord';
import { showOfficeSnackbar } from './office-snackbar';

type OfficeTab = 'details' | 'rentalUnits';

export interface OfficeLandlordTabsProps {
  /** null: a fresh registration of `epic` (Basic Details only until saved). */
  landlord: OfficeLandlord | null;
  epic: string;
  openTab: OfficeTab;
  /** MODERATOR and SUPERMODERATOR: Update Status in the Rental Units table. */
  vacancyUpdates: boolean;
  onRegistered: (landlord: OfficeLandlord) => void;
}

/**
 * The landlord page for an official (public-portal.md "Landlord page"): Basic Details and Rental Units, the
 * landlord feature's own form and table over the `register/` calls. Applications and Clearance are the anonymous
 * visitor's tabs, so they are not shown here.
 */
export function OfficeLandlordTabs({
  landlord,
  epic,
  openTab,
  vacancyUpdates,
  onRegistered,
}: OfficeLandlordTabsProps) {
  const [initialValues] = useState<LandlordFormValues>(() => landlord?.values ?? emptyLandlordForm(epic));
  const [savedName, setSavedName] = useState(() => landlordFullName(initialValues));
  const [tab, setTab] = useState<OfficeTab>(openTab);

  return (
    <Tabs value={tab} onChange={(value) => setTab((value as OfficeTab | null) ?? 'details')}>
      <Tabs.List>
        <Tabs.Tab value="details">Basic Details</Tabs.Tab>
        {landlord ? <Tabs.Tab value="rentalUnits">Rental Units</Tabs.Tab> : null}
      </Tabs.List>
      <Tabs.Panel value="details" pt="md">
        <LandlordDetailsForm
          initialValues={initialValues}
          landlordId={landlord?.landlordId ?? null}
          saveMode={landlord ? 'update' : 'create'}
          pendingChange={landlord?.pendingChannelChange}
          onSaved={(landlordId, values) => {
            setSavedName(landlordFullName(values));
            if (!landlord) {
              showOfficeSnackbar(
                `Landlord saved with registration number ${landlordId}. Add the rental units.`,
                'success',
              );
              onRegistered({ landlordId, values });
            }
          }}
        />
      </Tabs.Panel>
      {landlord ? (
        <Tabs.Panel value="rentalUnits" pt="md">
          <RentalUnitsTab
            landlordId={landlord.landlordId}
            landlordName={savedName}
            vacancyUpdates={vacancyUpdates}
          />
        </Tabs.Panel>
      ) : null}
    </Tabs>
  );
}
