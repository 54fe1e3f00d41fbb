import { useCallback } from 'react';
import {
  isTenantRegistration,
  tenantOtherTabsEnabled,
} from '../../../../machines/access/tenant-stepper.selectors';
import type { Tenant } from '../../../contract/tenants.contract';
import type { TenantSaved } from './basic-details-form';
import { TenantActor } from './tenant-actor';
import { ChannelChangeAlert, useChannelChangeCalls } from '../../components/channel-change-alert';
import { TenantProfileTabs } from './tenant-profile-tabs';
import { useTenantServices } from './tenant-services';

/**
 * Step 1 of the citizen dialog, the tenant profile tabs read from the stepper machine. A new tenant sees only
 * Basic Details; the other tabs open once the tenant exists and its key is held (the machine's selector says so).
 * A signed-in tenant also sees a pending change of its mobile or email asked by an official, and may stop it.
 */
export function TenantProfile() {
  const actor = TenantActor.useActorRef();
  const snapshot = TenantActor.useSelector((s) => s);
  const record = snapshot.context.tenant;
  const documentsChanged = useCallback(
    (types: string[]) => actor.send({ type: 'documents.changed', types }),
    [actor],
  );
  const saved = ({ tenant, contactHeldUntil }: TenantSaved) =>
    actor.send({
      type: 'tenant.saved',
      tenantId: String(tenant.id),
      details: tenant,
      ...(contactHeldUntil ? { contactHeldUntil } : {}),
    });
  const { pendingChannelChange, stopChannelChange } = useTenantServices();
  const channelCalls = useChannelChangeCalls(pendingChannelChange, stopChannelChange);
  const signedIn = !isTenantRegistration(snapshot) && tenantOtherTabsEnabled(snapshot);

  return (
    <>
      {/* A change of the tenant's OTP channel asked by an official (docs/otp-channel-changes.md). */}
      {signedIn && channelCalls ? <ChannelChangeAlert calls={channelCalls} /> : null}
      <TenantProfileTabs
        // A new record (another tenant after a reset or a login) starts on Basic Details again.
        key={record?.tenantId ?? 'new'}
        tenant={(record?.details as Tenant | undefined) ?? null}
        epicNo={record?.epicNo ?? snapshot.context.id}
        registering={isTenantRegistration(snapshot)}
        othersEnabled={tenantOtherTabsEnabled(snapshot)}
        onSaved={saved}
        onDocumentsChanged={documentsChanged}
      />
    </>
  );
}
