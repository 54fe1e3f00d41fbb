import { Alert, Button, Group, Radio, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  canRequestTenantOtp,
  isTenantContactHeld,
  isTenantHeldChangeOnly,
  isTenantSessionExpired,
  tenantOtpActor,
} from '../../../../machines/access/tenant-stepper.selectors';
import { TENANT_MESSAGES, type TenantTab } from '../../../../machines/access/tenant-stepper.types';
import { OtpField } from '../../components/otp-field';
import { useNoticeSnackbar } from '../../app/use-notice-snackbar';
import { TenantActor } from './tenant-actor';
import { HeldChangeOnly } from './held-change-only';

export const TENANT_ID_LABEL = 'ID (Driving licence, PAN or EPIC number)';
export const REGISTRATION_NUMBER_LABEL = 'Tenant Registration Number';

/**
 * Step 0, 'Tenant ID': the Login tab (an ID or registration number, Get OTP, Enter OTP with its 5:00) and the
 * Register tab (the ID only; Next checks that it is new). After a new tenant's first save it asks for the OTP
 * sent for the registration number instead.
 */
export function TenantIdStep() {
  const actor = TenantActor.useActorRef();
  const snapshot = TenantActor.useSelector((s) => s);
  const otpActor = tenantOtpActor(snapshot);
  useNoticeSnackbar(useSelector(otpActor, (s) => s?.context.notice));
  const { tab, idKind, id, tenant } = snapshot.context;
  const change = (value: string) => actor.send({ type: 'id.change', value });

  if (isTenantHeldChangeOnly(snapshot)) return <HeldChangeOnly />;

  if (isTenantContactHeld(snapshot)) {
    return (
      <Alert color="blue" variant="light" title="Your mobile number and email address are held" maw={560}>
        {TENANT_MESSAGES.contactHeld(tenant?.tenantId ?? '', tenant?.contactHeldUntil ?? '')}
      </Alert>
    );
  }

  if (snapshot.matches({ steps: { tenantId: 'registrationOtp' } })) {
    return (
      <Stack gap="sm" maw={480}>
        <Text>
          Your registration number is <strong>{tenant?.tenantId}</strong>. Enter the OTP sent to your
          registered mobile number or email to continue.
        </Text>
        <OtpField actor={otpActor} />
        <Group>
          <Button variant="default" onClick={() => otpActor?.send({ type: 'otp.request' })}>
            Resend OTP
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Tabs
      keepMounted={false}
      value={tab}
      onChange={(value) => value && actor.send({ type: 'tab.select', tab: value as TenantTab })}
    >
      <Tabs.List>
        <Tabs.Tab value="login">Login</Tabs.Tab>
        <Tabs.Tab value="register">Register</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="login" pt="md">
        <Stack gap="sm" maw={480}>
          {isTenantSessionExpired(snapshot) ? (
            <Alert color="red" variant="light" title="Session ended">
              {TENANT_MESSAGES.sessionExpired}
            </Alert>
          ) : null}
          <Radio.Group
            label="Login with"
            value={idKind}
            onChange={(kind) => actor.send({ type: 'idKind.select', kind: kind })}
          >
            <Group mt={4}>
              <Radio value="id" label="ID" />
              <Radio value="registration" label="Registration number" />
            </Group>
          </Radio.Group>
          <TextInput
            label={idKind === 'id' ? TENANT_ID_LABEL : REGISTRATION_NUMBER_LABEL}
            value={id}
            inputMode={idKind === 'id' ? 'text' : 'numeric'}
            onChange={(e) => change(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') actor.send({ type: 'otp.request' });
            }}
          />
          <Group>
            <Button
              disabled={!canRequestTenantOtp(snapshot)}
              onClick={() => actor.send({ type: 'otp.request' })}
            >
              Get OTP
            </Button>
          </Group>
          <OtpField actor={otpActor} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="register" pt="md">
        <Stack gap="sm" maw={480}>
          <TextInput
            label={TENANT_ID_LABEL}
            description="Not Aadhaar"
            value={id}
            onChange={(e) => change(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') actor.send({ type: 'step.next' });
            }}
          />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
