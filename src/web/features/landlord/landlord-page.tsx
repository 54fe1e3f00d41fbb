import { useState } from 'react';
import { Tabs } from '@mantine/core';
import {
  isLandlordRegistration,
  landlordOtherTabsEnabled,
} from '../../../../machines/access/landlord-stepper.selectors';
import { landlordSchema } from '../../../contract/landlords.contract';
import { LandlordActor } from './landlord-actor';
import { LandlordDetailsForm, type LandlordSaveMode } from './landlord-details-form';
import {
  emptyLandlordForm,
  landlordFormOf,
  landlordFullName,
  type LandlordFormValues,
} from './landlord-form';
import { ApplicationsTab } from './applications-tab';
import { useLandlordServices } from './landlord-services';
import { RegistrationOtp } from './registration-otp';
import { RentalUnitsTab } from './rental-units-tab';

type LandlordTab = 'details' | 'rentalUnits' | 'applications';

/**
 * Step 1, 'Landlord Details': the landlord page (public-portal.md section 2). Basic Details always; Rental Units
 * and Applications, disabled until the landlord exists and its key is held (a fresh registration sees only Basic
 * Details, then the OTP for its EPIC). Applications shows only where the page's calls include the landlord's
 * own list (the key holder's page, not an official's). Clearance comes with its calls in a later issue.
 */
export function LandlordPage() {
  const actor = LandlordActor.useActorRef();
  const services = useLandlordServices();
  const snapshot = LandlordActor.useSelector((s) => s);
  const { landlord, key, epic } = snapshot.context;
  const landlordId = landlord?.landlordId ?? null;
  const [initialValues] = useState<LandlordFormValues>(() => {
    const known = landlordSchema.safeParse(landlord?.details);
    return known.success ? landlordFormOf(known.data) : emptyLandlordForm(landlord?.epicNo ?? epic);
  });
  const [savedName, setSavedName] = useState(() => landlordFullName(initialValues));
  const [tab, setTab] = useState<LandlordTab>('details');
  const registering = isLandlordRegistration(snapshot);
  const otherTabs = landlordOtherTabsEnabled(snapshot);
  const saveMode: LandlordSaveMode = landlordId === null ? 'create' : key ? 'update' : 'awaitingOtp';

  return (
    <>
      {snapshot.matches({ steps: { details: 'verifyingRegistration' } }) ? <RegistrationOtp /> : null}
      <Tabs value={tab} onChange={(value) => setTab((value as LandlordTab | null) ?? 'details')}>
        <Tabs.List>
          <Tabs.Tab value="details">Basic Details</Tabs.Tab>
          {registering ? null : (
            <Tabs.Tab value="rentalUnits" disabled={!otherTabs}>
              Rental Units
            </Tabs.Tab>
          )}
          {registering || !services.applications ? null : (
            <Tabs.Tab value="applications" disabled={!otherTabs}>
              Applications
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <LandlordDetailsForm
            initialValues={initialValues}
            landlordId={landlordId}
            saveMode={saveMode}
            onSaved={(id, values) => {
              setSavedName(landlordFullName(values));
              actor.send({ type: 'landlord.saved', landlordId: id });
            }}
          />
        </Tabs.Panel>
        {otherTabs && landlordId !== null ? (
          <Tabs.Panel value="rentalUnits" pt="md">
            <RentalUnitsTab landlordId={landlordId} landlordName={savedName} />
          </Tabs.Panel>
        ) : null}
        {otherTabs && landlordId !== null && services.applications ? (
          <Tabs.Panel value="applications" pt="md">
            <ApplicationsTab landlordId={landlordId} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </>
  );
}
