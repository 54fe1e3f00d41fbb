import { useEffect, useRef, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Tenant } from '../../../contract/tenants.contract';
import { showFormSnackbar } from '../../app/snackbar';
import { PendingChannelNote } from '../../components/channel-change-alert';
import type { TenantSaved } from './basic-details-form';
import { staffTenantApi } from './tenant-api';
import { TenantProfileTabs } from './tenant-profile-tabs';
import { TenantServicesContext, type TenantServices } from './tenant-services';

/** An official's first save: the server's citizen wording asks to log in, which an official need not do. */
export const STAFF_TENANT_SAVED = 'Successfully Saved Tenant.';

export interface StaffTenantProfileProps {
  /** The tenant found by ID or re-visited; null for a new tenant. */
  tenant: Tenant | null;
  /** The ID a new tenant's form starts with. */
  epicNo: string;
  /** Back to the Tenants page (the spec's LOCAL AUTHORITY 'Close', offered to every official here). */
  onClose: () => void;
  /** Each save, with the tenant as saved (the clearance wizard takes a tenant registered at its Tenants step). */
  onSaved?: (tenant: Tenant) => void;
  /**
   * 'Proceed to Applications' (public-portal.md: "appears when a role is stored"): shown once the tenant is saved,
   * when the route gives somewhere to proceed to (the Tenant Applications page with this tenant).
   */
  onProceed?: (tenant: Tenant) => void;
  /** The `register/` calls with the staff session's token; stories and tests swap them. */
  services?: TenantServices;
}

/**
 * The tenant profile as an official sees it at /app/tenants: the citizen's view (TenantProfileTabs) over the
 * `register/` calls. A found tenant is read-only until Edit with every tab open; a new one opens the other tabs once
 * saved, with no OTP (the official's session is the authority). 'Proceed to Applications' takes the saved tenant to
 * the Tenant Applications page (docs/staff-registration.md).
 */
export function StaffTenantProfile({
  tenant: found,
  epicNo,
  onClose,
  onSaved,
  onProceed,
  services = staffTenantApi,
}: StaffTenantProfileProps) {
  const [tenant, setTenant] = useState<Tenant | null>(found);
  const heading = useRef<HTMLHeadingElement>(null);
  // The profile replaces the page's lists: focus moves to its heading, so a screen reader starts there.
  useEffect(() => heading.current?.focus(), []);
  const saved = ({ tenant: next, created }: TenantSaved) => {
    if (created) showFormSnackbar(STAFF_TENANT_SAVED, 'success');
    setTenant(next);
    onSaved?.(next);
  };
  const name = tenant ? [tenant.firstName, tenant.middleName, tenant.lastName].filter(Boolean).join(' ') : '';
  return (
    <TenantServicesContext value={services}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <div>
            <Title order={2} fz="lg" ref={heading} tabIndex={-1}>
              {tenant ? name : 'New Tenant'}
            </Title>
            <Text size="sm" c="dimmed">
              {tenant
                ? `Registration Number ${tenant.id} · ID ${tenant.epicNo}`
                : `ID ${epicNo}: not registered yet. Save Basic Details to open the other tabs.`}
            </Text>
          </div>
          <Group gap="xs">
            {tenant && onProceed && (
              <Button onClick={() => onProceed(tenant)}>Proceed to Applications</Button>
            )}
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Group>
        <PendingChannelNote change={tenant?.pendingChannelChange} />
        <TenantProfileTabs
          tenant={tenant}
          epicNo={epicNo}
          registering={false}
          othersEnabled={tenant !== null}
          onSaved={saved}
        />
      </Stack>
    </TenantServicesContext>
  );
}
