import { Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  CLEARANCE_MESSAGES,
  canConfirmConsent,
  canResendConsent,
  consentDestinationText,
  isConfirmingConsent,
  isResendingConsent,
  isWithdrawing,
} from '../../../../machines/clearance';
import { ConsentCodeStep } from '../../components/consent-code-step';
import type { ClearanceActor } from './clearance-actor';

/**
 * The tenant's consent (docs/tenant-consent.md): where the tenant's code went (masked), the code field, Confirm
 * and Resend code. The tenant's family members and helpers are shown only after the code is confirmed. Reset here
 * withdraws the application (said under the buttons), so its unit is free again.
 */
export function ClearanceConsent({ actor }: { actor: ClearanceActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const withdrawing = isWithdrawing(snapshot);
  return (
    <ConsentCodeStep
      title="Tenant's consent"
      titleId="clearance-consent-title"
      destination={consentDestinationText(snapshot)}
      code={snapshot.context.consentCode}
      confirmLabel="Confirm"
      confirming={isConfirmingConsent(snapshot)}
      resending={isResendingConsent(snapshot)}
      busy={withdrawing}
      canConfirm={canConfirmConsent(snapshot)}
      canResend={canResendConsent(snapshot)}
      send={actor.send}
    >
      <Text size="sm" c="dimmed" aria-live="polite">
        {withdrawing ? 'Withdrawing the application...' : CLEARANCE_MESSAGES.resetWithdraws}
      </Text>
    </ConsentCodeStep>
  );
}
