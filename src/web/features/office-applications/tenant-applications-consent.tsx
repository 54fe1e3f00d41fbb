import { Button, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  CONSENT_CODE_LENGTH,
  TENANT_APPLICATION_MESSAGES,
  isConfirmingOfficeConsent,
  isResendingOfficeConsent,
  isWithdrawingOfficeConsent,
  officeConsentDestinationText,
} from '../../../../machines/clearance';
import { ConsentCodeStep } from '../../components/consent-code-step';
import type { TenantApplicationActor } from './tenant-applications-actor';

export const OFFICE_CONSENT_TITLE = "The tenant's consent";

/**
 * The tenant's consent to an office application for a tenant the official does not reach (docs/tenant-consent.md,
 * docs/office-applications.md): where the tenant's code went (masked), the code field, Confirm code and Resend
 * code, and Reset, which withdraws the official's draft so its rental unit is free again (said under the
 * buttons). The members, the recommendation and Apply follow once the code is confirmed; the wrong, ended,
 * too-many and not-withdrawn answers are the server's words, shown by the dialog's notice.
 */
export function TenantApplicationsConsent({ actor }: { actor: TenantApplicationActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const withdrawing = isWithdrawingOfficeConsent(snapshot);
  return (
    <ConsentCodeStep
      title={OFFICE_CONSENT_TITLE}
      titleId="office-consent-title"
      destination={officeConsentDestinationText(snapshot)}
      code={snapshot.context.consentCode}
      description={`${CONSENT_CODE_LENGTH} digits`}
      confirmLabel="Confirm code"
      confirming={isConfirmingOfficeConsent(snapshot)}
      resending={isResendingOfficeConsent(snapshot)}
      busy={withdrawing}
      canConfirm={snapshot.can({ type: 'consent.confirm' })}
      canResend={snapshot.can({ type: 'consent.resend' })}
      send={actor.send}
      otherAction={
        <Button
          variant="subtle"
          color="red"
          loading={withdrawing}
          disabled={!snapshot.can({ type: 'consent.reset' })}
          onClick={() => actor.send({ type: 'consent.reset' })}
        >
          Reset
        </Button>
      }
    >
      <Text size="sm" c="dimmed" aria-live="polite">
        {withdrawing ? 'Withdrawing the application...' : TENANT_APPLICATION_MESSAGES.resetWithdraws}
      </Text>
    </ConsentCodeStep>
  );
}
