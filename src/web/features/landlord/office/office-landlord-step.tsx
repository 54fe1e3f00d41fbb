import { useEffect, useEffectEvent, useState } from 'react';
import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { LandlordServicesContext } from '../landlord-services';
import { landlordFullName } from '../landlord-form';
import { landlordLookupWith } from './landlord-lookup.wiring';
import { FoundLandlordView, RegisteringLandlordView } from './office-landlord-views';
import { useOfficeServices } from './office-services';
import { OutsideReachUnit } from './outside-reach-unit';
import { inspectOptions } from '../../../lib/machine-inspector';

/**
 * The wizard's words for a landlord outside reach: its houses here can still be applied for. Whether it already
 * has one here is for the next step to show, so the words fit both cases.
 */
export const OUTSIDE_REACH_WIZARD_HINT =
  "Its details and its other units stay with their own ward's officer. Next lists its rental units in your jurisdiction; if the house is not among them, add it here first with New Rental Unit in your jurisdiction.";

export interface OfficeLandlordStepProps {
  /** The EPIC typed at the wizard's first step: looked up as soon as the step opens. */
  epic: string;
  /** MODERATOR and SUPERMODERATOR: Update Status on the landlord's units. */
  vacancyUpdates: boolean;
  /**
   * The landlord is found within the official's reach, or has just been registered, or is found outside reach
   * (then the next steps see only its units and applications in the official's jurisdiction).
   */
  onLandlord: (landlord: { id: number; epic: string; name: string }) => void;
}

/**
 * The officials' landlord page as one step of another screen (the clearance wizard of /app/new-application, whose
 * route plugs it in): the Landlords screen's lookup machine, started with the EPIC already typed, then Basic Details
 * and Rental Units of a landlord within reach, or the fresh registration of an unknown EPIC (no OTP). A refused or
 * failed lookup shows the server's message.
 */
export function OfficeLandlordStep({ epic, vacancyUpdates, onLandlord }: OfficeLandlordStepProps) {
  const services = useOfficeServices();
  const [machine] = useState(() => landlordLookupWith(services));
  const [snapshot, send] = useMachine(machine, inspectOptions());
  const { landlord, message, openTab, outsideLandlordId, outsideLandlordName } = snapshot.context;
  useEffect(() => {
    send({ type: 'epic.change', value: epic });
    send({ type: 'epic.submit' });
  }, [send, epic]);
  const report = useEffectEvent(onLandlord);
  useEffect(() => {
    if (landlord) report({ id: Number(landlord.landlordId), epic, name: landlordFullName(landlord.values) });
  }, [landlord, epic]);
  // A landlord outside reach still goes on: the next steps list only its units and applications in the official's
  // jurisdiction, which need no reach over its record (docs/reach.md).
  useEffect(() => {
    if (outsideLandlordId) report({ id: Number(outsideLandlordId), epic, name: outsideLandlordName ?? epic });
  }, [outsideLandlordId, outsideLandlordName, epic]);

  return (
    <LandlordServicesContext.Provider value={services}>
      <Stack gap="md">
        {snapshot.matches('lookingUp') ? (
          <Center h={120} role="status" aria-label="Looking for the landlord">
            <Loader />
          </Center>
        ) : null}
        {snapshot.matches('refused') || snapshot.matches('failed') ? (
          <Alert color="red.9" variant="outline" role="alert" title="The landlord could not be opened">
            <Text size="sm">{message}</Text>
            {outsideLandlordId ? (
              <Text size="sm" mt={4}>
                {OUTSIDE_REACH_WIZARD_HINT}
              </Text>
            ) : null}
            {snapshot.matches('failed') ? (
              <Button mt="sm" size="xs" onClick={() => send({ type: 'lookup.retry' })}>
                Try again
              </Button>
            ) : null}
          </Alert>
        ) : null}
        {outsideLandlordId ? (
          <OutsideReachUnit key={outsideLandlordId} landlordId={outsideLandlordId} />
        ) : null}
        {snapshot.matches('registering') ? (
          <RegisteringLandlordView
            epic={epic}
            vacancyUpdates={vacancyUpdates}
            onRegistered={(saved) => send({ type: 'landlord.registered', landlord: saved })}
          />
        ) : null}
        {snapshot.matches('landlordFound') && landlord ? (
          <FoundLandlordView
            landlord={landlord}
            epic={epic}
            openTab={openTab}
            vacancyUpdates={vacancyUpdates}
          />
        ) : null}
      </Stack>
    </LandlordServicesContext.Provider>
  );
}
