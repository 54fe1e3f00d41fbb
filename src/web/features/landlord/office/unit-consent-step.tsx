import { useEffect } from 'react';
import { Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  CONSENT_CODE_LENGTH,
  unitConsentDestinationText,
  unitConsentMachine,
} from '../../../../../machines/clearance';
import { ConsentCodeStep } from '../../../components/consent-code-step';
import { useOfficeServices, type OfficeServices } from './office-services';

export const UNIT_CONSENT_TITLE = "The landlord's consent";

/** The machine with the officials' calls plugged in. */
export function unitConsentWiring(services: OfficeServices) {
  return unitConsentMachine.provide({
    actors: {
      confirmCode: fromPromise(async ({ input }: { input: { rentcode: string; code: string } }) => {
        const { landlordConsentedAt } = await services.confirmUnitConsent(input.rentcode, input.code);
        return { landlordConsentedAt };
      }),
      resendCode: fromPromise(async ({ input }: { input: { rentcode: string } }) => {
        const { consentCodeSentTo } = await services.resendUnitConsent(input.rentcode);
        return { consentCodeSentTo };
      }),
    },
  });
}

export interface UnitConsentStepProps {
  rentcode: string;
  /** Where the landlord's code went, masked (the create reply); null when not known here (the list). */
  sentTo: string | null;
  /** The landlord's code was confirmed: the unit now carries applications. */
  onConfirmed: () => void;
}

/**
 * The landlord's consent to a rental unit this official added for a landlord it does not reach (docs/reach.md):
 * where the code went, the code field, Confirm code and Resend code (unitConsentMachine). Refusals (wrong,
 * ended, replaced, too many) are the server's words, said under the buttons.
 */
export function UnitConsentStep({ rentcode, sentTo, onConfirmed }: UnitConsentStepProps) {
  const services = useOfficeServices();
  const actor = useActorRef(unitConsentWiring(services), { input: { rentcode, sentTo } });
  const snapshot = useSelector(actor, (s) => s);
  const done = snapshot.status === 'done';
  useEffect(() => {
    if (done) onConfirmed();
  }, [done, onConfirmed]);
  const { notice } = snapshot.context;
  return (
    <ConsentCodeStep
      title={UNIT_CONSENT_TITLE}
      titleId={`unit-consent-title-${rentcode}`}
      destination={unitConsentDestinationText(snapshot.context)}
      code={snapshot.context.code}
      description={`${CONSENT_CODE_LENGTH} digits`}
      confirmLabel="Confirm code"
      confirming={snapshot.matches('confirming')}
      resending={snapshot.matches('resending')}
      canConfirm={snapshot.can({ type: 'consent.confirm' })}
      canResend={snapshot.can({ type: 'consent.resend' })}
      send={(event) => actor.send(event)}
    >
      {notice ? (
        <Text
          size="sm"
          c={notice.kind === 'error' ? 'red.9' : 'green.9'}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </Text>
      ) : null}
    </ConsentCodeStep>
  );
}
