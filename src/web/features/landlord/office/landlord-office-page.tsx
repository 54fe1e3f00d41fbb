import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { LandlordServicesContext } from '../landlord-services';
import { EpicEntry } from './epic-entry';
import type { OfficeLandlordLookupMachine } from './office-landlord';
import { landlordLookupWith } from './landlord-lookup.wiring';
import { FoundLandlordView, RegisteringLandlordView } from './office-landlord-views';
import { OUTSIDE_REACH_HINT, OutsideReachUnit } from './outside-reach-unit';
import { useOfficeServices } from './office-services';
import { inspectOptions } from '../../../lib/machine-inspector';

export interface LandlordOfficePageProps {
  /** MODERATOR and SUPERMODERATOR: Update Status on the landlord's units. */
  vacancyUpdates: boolean;
  /** The lookup machine; the official's calls unless a story or test gives its own. */
  logic?: OfficeLandlordLookupMachine;
}

/**
 * /app/landlord/tenants, 'Landlords' (docs/staff-registration.md): find a landlord by EPIC and edit it, or register
 * a new one at the counter, then its rental units. A view of machines/landlord-office/landlord-lookup.machine.ts.
 */
export function LandlordOfficePage({ vacancyUpdates, logic }: LandlordOfficePageProps) {
  const services = useOfficeServices();
  const [machine] = useState(() => logic ?? landlordLookupWith(services));
  const [snapshot, send] = useMachine(machine, inspectOptions());
  const { epic, landlord, message, openTab, outsideLandlordId } = snapshot.context;
  const entering = snapshot.matches('enteringEpic') || snapshot.matches('lookingUp');
  const findAnother = (
    <Button variant="default" onClick={() => send({ type: 'lookup.reset' })}>
      Find another landlord
    </Button>
  );

  return (
    <LandlordServicesContext.Provider value={services}>
      <Stack gap="md">
        <Title order={1} fz={26}>
          Landlords
        </Title>
        {entering ? (
          <EpicEntry
            epic={epic}
            canSubmit={snapshot.can({ type: 'epic.submit' })}
            busy={snapshot.matches('lookingUp')}
            onChange={(value) => send({ type: 'epic.change', value })}
            onSubmit={() => send({ type: 'epic.submit' })}
          />
        ) : null}
        {snapshot.matches('lookingUp') ? (
          <Center h={120} role="status" aria-label="Looking for the landlord">
            <Loader />
          </Center>
        ) : null}
        {snapshot.matches('refused') || snapshot.matches('failed') ? (
          <>
            <Alert
              color="red.9"
              variant="outline"
              role="alert"
              title={
                snapshot.matches('refused') ? 'Not in your jurisdiction' : 'The landlord could not be loaded'
              }
            >
              <Text size="sm">{message}</Text>
              <Text size="sm" mt={4}>
                EPIC Number: <strong>{epic}</strong>
              </Text>
              {outsideLandlordId ? (
                <Text size="sm" mt={4}>
                  {OUTSIDE_REACH_HINT}
                </Text>
              ) : null}
            </Alert>
            {outsideLandlordId ? (
              <OutsideReachUnit key={outsideLandlordId} landlordId={outsideLandlordId}>
                {findAnother}
              </OutsideReachUnit>
            ) : (
              <Group gap="sm">
                {snapshot.matches('failed') ? (
                  <Button onClick={() => send({ type: 'lookup.retry' })}>Try again</Button>
                ) : null}
                {findAnother}
              </Group>
            )}
          </>
        ) : null}
        {snapshot.matches('registering') ? (
          <RegisteringLandlordView
            epic={epic}
            vacancyUpdates={vacancyUpdates}
            aside={findAnother}
            onRegistered={(saved) => send({ type: 'landlord.registered', landlord: saved })}
          />
        ) : null}
        {snapshot.matches('landlordFound') && landlord ? (
          <FoundLandlordView
            landlord={landlord}
            epic={epic}
            openTab={openTab}
            vacancyUpdates={vacancyUpdates}
            aside={findAnother}
          />
        ) : null}
      </Stack>
    </LandlordServicesContext.Provider>
  );
}
