import { Alert, Stack } from '@mantine/core';
import { TENANT_MESSAGES } from '../../../../machines/access/tenant-stepper.types';
import { ChannelChangeAlert, useChannelChangeCalls } from '../../components/channel-change-alert';
import { useTenantServices } from './tenant-services';

/**
 * Step 0 after an OTP that reached a contested record's kept channel (docs/otp-channel-changes.md, "A contested
 * record"): the key reaches only the record's held change of its mobile or email. The person reads why, sees the
 * change and may stop it, or logs out with the dialog's Logout; the record itself is opened at the locality office.
 */
export function HeldChangeOnly() {
  const { pendingChannelChange, stopChannelChange } = useTenantServices();
  const calls = useChannelChangeCalls(pendingChannelChange, stopChannelChange);
  return (
    <Stack gap="sm" maw={560}>
      <Alert color="blue" variant="light" title="This record is contested">
        {TENANT_MESSAGES.heldChangeOnly}
      </Alert>
      {calls ? <ChannelChangeAlert calls={calls} /> : null}
    </Stack>
  );
}
