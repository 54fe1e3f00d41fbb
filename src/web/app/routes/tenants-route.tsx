import { StaffTenantProfile } from '../../features/tenant/staff-tenant-profile';
import { TenantsPage } from '../../features/tenants-office/tenants-page';
import { useNavigate } from 'react-router';
import { paths } from '../paths';
import { useStaffSession } from '../use-staff-session';
import type { ApplicationsRouteState } from './applications-route';

/**
 * /app/tenants: the officials' Tenants page with the tenant feature's profile plugged in (features do not import
 * each other; the route joins them). Proceed to Applications opens /app/applications with the tenant prefilled.
 */
export function TenantsRoute() {
  const session = useStaffSession();
  const navigate = useNavigate();
  if (!session) return null;
  const proceed = (tenant: { epicNo: string }) =>
    void navigate(paths.applications, {
      state: { tenantIdNumber: tenant.epicNo } satisfies ApplicationsRouteState,
    });
  return (
    <TenantsPage
      viewer={{ username: session.username, usercode: session.usercode, role: session.role }}
      renderProfile={(entry) => (
        <StaffTenantProfile
          key={entry.tenant?.id ?? `new-${entry.epicNo}`}
          tenant={entry.tenant}
          epicNo={entry.epicNo}
          onClose={entry.onClose}
          onProceed={proceed}
        />
      )}
    />
  );
}
