import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  CLEARANCE_MESSAGES,
  CONSENT_CODE_LENGTH,
  canConfirmConsent,
  canResendConsent,
  consentDestinationText,
  isConfirmingConsent,
  isResendingConsent,
  isWithdrawing,
} from '../../../../machines/clearance';
import type { ClearanceActor } from './clearance-form';

/**
 * The tenant's consent (docs/tenant-consent.md): where the tenant's code went (masked), the code field, Confirm
 * and Resend code. The tenant's family members and helpers are shown only after the code is confirmed. Reset here
 * withdraws the application (said under the buttons), so its unit is free again.
 */
export function ClearanceConsent({ actor }: { actor: ClearanceActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const confirming = isConfirmingConsent(snapshot);
  const resending = isResendingConsent(snapshot);
  const withdrawing = isWithdrawing(snapshot);
  return (
    <Stack gap="xs" role="group" aria-labelledby="clearance-consent-title">
      <Title order={4} id="clearance-consent-title">
        Tenant&apos;s consent
      </Title>
      <Text size="sm">{consentDestinationText(snapshot)}</Text>
      <TextInput
        label="Consent code"
        value={snapshot.context.consentCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CONSENT_CODE_LENGTH}
        disabled={confirming || resending || withdrawing}
        onChange={(e) => actor.send({ type: 'consent.change', value: e.currentTarget.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && canConfirmConsent(snapshot)) actor.send({ type: 'consent.confirm' });
        }}
      />
      <Group justify="flex-end" gap="xs" wrap="wrap">
        <Button
          variant="outline"
          loading={resending}
          disabled={!canResendConsent(snapshot)}
          onClick={() => actor.send({ type: 'consent.resend' })}
        >
          Resend code
        </Button>
        <Button
          loading={confirming}
          disabled={!canConfirmConsent(snapshot)}
          onClick={() => actor.send({ type: 'consent.confirm' })}
        >
          Confirm
        </Button>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {withdrawing ? 'Withdrawing the application...' : CLEARANCE_MESSAGES.resetWithdraws}
      </Text>
    </Stack>
  );
}
