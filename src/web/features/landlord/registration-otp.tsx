import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { landlordOtpActor } from '../../../../machines/access/landlord-stepper.selectors';
import { canVerifyOtp } from '../../../../machines/access/otp-access.selectors';
import { OtpField } from '../../components/otp-field';
import { LandlordActor } from './landlord-actor';
import { useNoticeSnackbar } from '../../app/use-notice-snackbar';

/**
 * After a fresh landlord's first save: the OTP sent for the EPIC proves the person holds the registered email
 * or mobile, and the key it gives opens the other tabs (docs/citizen-machines.md, decision 9).
 */
export function RegistrationOtp() {
  const snapshot = LandlordActor.useSelector((s) => s);
  const otpActor = landlordOtpActor(snapshot);
  const otp = useSelector(otpActor, (s) => s);
  useNoticeSnackbar(otp?.context.notice);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      mb="md"
      bg="govBlue.0"
      component="section"
      aria-label="Verify your registration"
    >
      <Stack gap="sm" maw={420}>
        <Title order={2} fz="md" c="govBlue.9">
          Verify your registration
        </Title>
        <Text size="sm">
          Please enter OTP received in your registered mobile number or email. It opens Rental Units for EPIC
          Number {snapshot.context.epic}.
        </Text>
        <OtpField actor={otpActor} />
        <Group gap="sm">
          <Button disabled={!canVerifyOtp(otp)} onClick={() => otpActor?.send({ type: 'otp.verify' })}>
            Verify
          </Button>
          <Button
            variant="default"
            disabled={!otp?.can({ type: 'otp.request' })}
            onClick={() => otpActor?.send({ type: 'otp.request' })}
          >
            Resend OTP
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
