import { Button, Group, Stack, Tabs, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  canRequestLandlordOtp,
  landlordEpicError,
  landlordOtpActor,
} from '../../../../machines/access/landlord-stepper.selectors';
import type { LandlordTab } from '../../../../machines/access/landlord-stepper.types';
import { EPIC_HINT } from '../../../contract/registration-fields';
import { OtpField } from '../../components/otp-field';
import { LandlordActor } from './landlord-actor';
import { useNoticeSnackbar } from '../../app/use-notice-snackbar';

export const EPIC_LABEL = 'Epic Number';

/**
 * Step 0, 'Landlord Election ID' (public-portal.md section 2): the Login tab (Epic Number, Get OTP, Enter OTP)
 * and the Register tab (Epic Number only; Next checks that it is new). The step's buttons sit below the stepper.
 */
export function LandlordEpicStep() {
  const actor = LandlordActor.useActorRef();
  const snapshot = LandlordActor.useSelector((s) => s);
  const otpActor = landlordOtpActor(snapshot);
  useNoticeSnackbar(useSelector(otpActor, (s) => s?.context.notice));
  const { tab, epic } = snapshot.context;
  const epicField = (onEnter: () => void) => (
    <TextInput
      label={EPIC_LABEL}
      description={EPIC_HINT}
      withAsterisk
      value={epic}
      maxLength={10}
      autoComplete="off"
      error={landlordEpicError(snapshot)}
      onChange={(e) => actor.send({ type: 'epic.change', value: e.currentTarget.value })}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onEnter();
      }}
    />
  );

  return (
    <Tabs
      value={tab}
      keepMounted={false}
      onChange={(value) => value && actor.send({ type: 'tab.select', tab: value as LandlordTab })}
    >
      <Tabs.List>
        <Tabs.Tab value="login">Login</Tabs.Tab>
        <Tabs.Tab value="register">Register</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="login" pt="md">
        <Stack gap="sm" maw={420}>
          {epicField(() => actor.send({ type: 'otp.request' }))}
          <Group>
            <Button
              variant="outline"
              disabled={!canRequestLandlordOtp(snapshot)}
              onClick={() => actor.send({ type: 'otp.request' })}
            >
              Get OTP
            </Button>
          </Group>
          <OtpField actor={otpActor} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="register" pt="md">
        <Stack gap="sm" maw={420}>
          {epicField(() => actor.send({ type: 'step.next' }))}
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
