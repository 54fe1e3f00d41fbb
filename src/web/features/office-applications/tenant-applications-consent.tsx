import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  CONSENT_CODE_LENGTH,
  isConfirmingOfficeConsent,
  isResendingOfficeConsent,
  officeConsentDestinationText,
} from '../../../../machines/clearance';
import type { TenantApplicationActor } from './tenant-applications-actor';

export const OFFICE_CONSENT_TITLE = "The tenant's consent";

/**
 * The tenant's consent to an office application for a tenant the official does not reach (docs/tenant-consent.md,
 * docs/office-applications.md): where the tenant's code went (masked), the code field, Confirm code and Resend
 * code. The members, the recommendation and Apply follow once the code is confirmed; the wrong, ended and
 * too-many answers are the server's words, shown by the dialog's notice.
 */
export function TenantApplicationsConsent({ actor }: { actor: TenantApplicationActor }) {
  const snapshot = useSelector(actor, (s) => s);
  const confirming = isConfirmingOfficeConsent(snapshot);
  const resending = isResendingOfficeConsent(snapshot);
  const canConfirm = snapshot.can({ type: 'consent.confirm' });
  return (
    <Stack gap="xs" role="group" aria-labelledby="office-consent-title">
      <Title order={4} id="office-consent-title">
        {OFFICE_CONSENT_TITLE}
      </Title>
      <Text size="sm">{officeConsentDestinationText(snapshot)}</Text>
      <TextInput
        label="Consent code"
        description={`${CONSENT_CODE_LENGTH} digits`}
        value={snapshot.context.consentCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CONSENT_CODE_LENGTH}
        disabled={confirming || resending}
        onChange={(e) => actor.send({ type: 'consent.change', value: e.currentTarget.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && canConfirm) actor.send({ type: 'consent.confirm' });
        }}
      />
      <Group justify="flex-end" gap="xs" wrap="wrap">
        <Button
          variant="outline"
          loading={resending}
          disabled={!snapshot.can({ type: 'consent.resend' })}
          onClick={() => actor.send({ type: 'consent.resend' })}
        >
          Resend code
        </Button>
        <Button
          loading={confirming}
          disabled={!canConfirm}
          onClick={() => actor.send({ type: 'consent.confirm' })}
        >
          Confirm code
        </Button>
      </Group>
    </Stack>
  );
}
