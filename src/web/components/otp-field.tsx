import { Group, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  countdownLabel,
  isOtpBusy,
  otpFieldEnabled,
  type OtpAccessRef,
} from '../../../machines/access/otp-access.selectors';

/**
 * The 'Enter OTP' field of every OTP step (landlord, tenant, password change): it renders the otp-access actor the
 * stepper invoked (enabled only after a code was asked for, the 5:00 countdown beside it). Enter verifies, like the
 * step's own button.
 */
export function OtpField({
  actor,
  label = 'Enter OTP',
}: {
  actor: OtpAccessRef | undefined;
  label?: string;
}) {
  const snapshot = useSelector(actor, (s) => s);
  const enabled = otpFieldEnabled(snapshot);
  const countdown = countdownLabel(snapshot);
  return (
    <TextInput
      label={label}
      value={snapshot?.context.otp ?? ''}
      disabled={!enabled}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      onChange={(e) => actor?.send({ type: 'otp.change', value: e.currentTarget.value })}
      onKeyDown={(e) => {
        if (e.key === 'Enter') actor?.send({ type: 'otp.verify' });
      }}
      aria-busy={isOtpBusy(snapshot)}
      rightSectionWidth={64}
      rightSection={
        countdown ? (
          <Group gap={0} pr="xs">
            <Text size="sm" c="dimmed" aria-live="off" aria-label={`Time left ${countdown}`}>
              {countdown}
            </Text>
          </Group>
        ) : null
      }
    />
  );
}
