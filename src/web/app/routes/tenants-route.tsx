import { StaffTenantProfile } from '../../features/tenant/staff-tenant-profile';
import { TenantsPage } from '../../features/tenants-office/tenants-page';
import { useStaffSession } from '../use-staff-session';

/**
 * /app/tenants: the officials' Tenants page with the tenant feature's profile plugged in (features do not import
 * each other; the route joins them).
 */
export function TenantsRoute() {
  const session = useStaffSession();
  if (!session) return null;
  return (
    <TenantsPage
      viewer={{ username: session.username, usercode: session.usercode }}
      renderProfile={(entry) => (
        <StaffTenantProfile
          key={entry.tenant?.id ?? `new-${entry.epicNo}`}
          tenant={entry.tenant}
          epicNo={entry.epicNo}
          onClose={entry.onClose}
        />
      )}
    />
  );
}
