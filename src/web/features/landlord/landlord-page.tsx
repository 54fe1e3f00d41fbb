import { Suspense, useState } from 'react';
import { Loader, Tabs } from '@mantine/core';
import {
  isLandlordRegistration,
  landlordOtherTabsEnabled,
} from '../../../../machines/access/landlord-stepper.selectors';
import { landlordSchema } from '../../../contract/landlords.contract';
import { ChannelChangeAlert, useChannelChangeCalls } from '../../components/channel-change-alert';
import { LandlordActor } from './landlord-actor';
import { LandlordDetailsForm, type LandlordSaveMode } from './landlord-details-form';
import {
  emptyLandlordForm,
  landlordFormOf,
  landlordFullName,
  type LandlordFormValues,
} from './landlord-form';
import { ApplicationsTab } from './applications-tab';
import { useClearanceTab } from './clearance-tab-slot';
import { useLandlordServices } from './landlord-services';
import { RegistrationOtp } from './registration-otp';
import { RentalUnitsTab } from './rental-units-tab';

type LandlordTab = 'details' | 'rentalUnits' | 'applications' | 'clearance';

/**
 * Step 1, 'Landlord Details': the landlord page (public-portal.md section 2). Basic Details always; Rental Units,
 * Applications and Clearance, disabled until the landlord exists and its key is held (a fresh registration sees
 * only Basic Details, then the OTP for its EPIC). Applications and Clearance show only where the page's calls
 * include the landlord's own list (the key holder's page, not an official's). Clearance uses the page's key (no
 * second OTP); when that key ends there, the page logs out. The Applications tab loads its list each time it is
 * shown (its hidden panel's effects stop), so an application applied on the Clearance tab is there.
 */
export function LandlordPage() {
  const actor = LandlordActor.useActorRef();
  const services = useLandlordServices();
  const clearanceTab = useClearanceTab();
  const snapshot = LandlordActor.useSelector((s) => s);
  const { landlord, key, epic } = snapshot.context;
  const landlordId = landlord?.landlordId ?? null;
  const [known] = useState(() => landlordSchema.safeParse(landlord?.details));
  const [initialValues] = useState<LandlordFormValues>(() =>
    known.success ? landlordFormOf(known.data) : emptyLandlordForm(landlord?.epicNo ?? epic),
  );
  const [savedName, setSavedName] = useState(() => landlordFullName(initialValues));
  const [tab, setTab] = useState<LandlordTab>('details');
  const registering = isLandlordRegistration(snapshot);
  const otherTabs = landlordOtherTabsEnabled(snapshot);
  const ownPage = !registering && services.applications !== undefined;
  const saveMode: LandlordSaveMode = landlordId === null ? 'create' : key ? 'update' : 'awaitingOtp';
  const { pendingChannelChange, stopChannelChange } = services;
  const channelCalls = useChannelChangeCalls(pendingChannelChange, stopChannelChange);

  return (
    <>
      {snapshot.matches({ steps: { details: 'verifyingRegistration' } }) ? <RegistrationOtp /> : null}
      {/* The landlord's own page: a change of its OTP channel asked by an official (officials: the form's note). */}
      {ownPage && otherTabs && channelCalls ? <ChannelChangeAlert calls={channelCalls} /> : null}
      <Tabs value={tab} onChange={(value) => setTab((value as LandlordTab | null) ?? 'details')}>
        <Tabs.List>
          <Tabs.Tab value="details">Basic Details</Tabs.Tab>
          {registering ? null : (
            <Tabs.Tab value="rentalUnits" disabled={!otherTabs}>
              Rental Units
            </Tabs.Tab>
          )}
          {ownPage ? (
            <>
              <Tabs.Tab value="applications" disabled={!otherTabs}>
                Applications
              </Tabs.Tab>
              <Tabs.Tab value="clearance" disabled={!otherTabs}>
                Clearance
              </Tabs.Tab>
            </>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <LandlordDetailsForm
            initialValues={initialValues}
            landlordId={landlordId}
            saveMode={saveMode}
            pendingChange={!ownPage && known.success ? known.data.pendingChannelChange : null}
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
        {otherTabs && ownPage && key ? (
          <Tabs.Panel value="clearance" pt="md">
            <Suspense fallback={<Loader size="sm" aria-label="Loading the Clearance tab" />}>
              {clearanceTab({ landlordKey: key, onKeyEnded: () => actor.send({ type: 'session.expired' }) })}
            </Suspense>
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </>
  );
}
