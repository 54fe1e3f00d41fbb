import type { ReactNode } from 'react';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { CONSENT_CODE_LENGTH } from '../../../machines/clearance';

/** The events both consent steps send (the landlord's clearance and the officials' Tenant Applications). */
export type ConsentCodeEvent =
  { type: 'consent.change'; value: string } | { type: 'consent.confirm' } | { type: 'consent.resend' };

export interface ConsentCodeStepProps {
  /** The group's heading and its id (the group is labelled by it). */
  title: string;
  titleId: string;
  /** Where the tenant's code went, masked, in the step's own words. */
  destination: string;
  code: string;
  /** A line under the field's label (the office's "6 digits"). */
  description?: string;
  confirmLabel: string;
  confirming: boolean;
  resending: boolean;
  /** The field also rests while something else runs (the landlord's withdraw). */
  busy?: boolean;
  canConfirm: boolean;
  canResend: boolean;
  send: (event: ConsentCodeEvent) => void;
  /** A button before Resend code (the officials' Reset); the landlord's Reset is its form's own. */
  otherAction?: ReactNode;
  /** A line under the buttons. */
  children?: ReactNode;
}

/**
 * The tenant's consent code as an applicant enters it (docs/tenant-consent.md): where the code went, the code field
 * (Enter confirms), Resend code and Confirm. Each step's machine decides what may be pressed.
 */
export function ConsentCodeStep(props: ConsentCodeStepProps) {
  const { send, confirming, resending, canConfirm } = props;
  return (
    <Stack gap="xs" role="group" aria-labelledby={props.titleId}>
      <Title order={4} id={props.titleId}>
        {props.title}
      </Title>
      <Text size="sm">{props.destination}</Text>
      <TextInput
        label="Consent code"
        description={props.description}
        value={props.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={CONSENT_CODE_LENGTH}
        disabled={confirming || resending || Boolean(props.busy)}
        onChange={(e) => send({ type: 'consent.change', value: e.currentTarget.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && canConfirm) send({ type: 'consent.confirm' });
        }}
      />
      <Group justify="flex-end" gap="xs" wrap="wrap">
        {props.otherAction}
        <Button
          variant="outline"
          loading={resending}
          disabled={!props.canResend}
          onClick={() => send({ type: 'consent.resend' })}
        >
          Resend code
        </Button>
        <Button loading={confirming} disabled={!canConfirm} onClick={() => send({ type: 'consent.confirm' })}>
          {props.confirmLabel}
        </Button>
      </Group>
      {props.children}
    </Stack>
  );
}
