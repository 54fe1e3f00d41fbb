import { Alert } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { OFFICE_APPLICANT_ROLES } from '../../../contract/office-applications.contract';
import type { Role } from '../../../contract/roles';
import { TenantApplicationsPage } from '../../features/office-applications/tenant-applications-page';
import { paths } from '../paths';
import { useStaffSession } from '../use-staff-session';

export const NOT_AN_APPLICANT_HERE =
  'Tenant applications are entered by USER, MODERATOR, SUPERMODERATOR and VERIFIER accounts only.';

/** What /app/tenants' Proceed to Applications hands over: the tenant to prefill. */
export interface ApplicationsRouteState {
  tenantIdNumber?: string;
}

/** /app/applications: the Tenant Applications page; its New Application button is USER's only (backoffice.md). */
export function ApplicationsRoute() {
  const session = useStaffSession();
  const navigate = useNavigate();
  const state = useLocation().state as ApplicationsRouteState | null;
  if (!session) return null;
  if (!(OFFICE_APPLICANT_ROLES as readonly Role[]).includes(session.role)) {
    return (
      <Alert color="red.9" variant="outline" role="alert" title="Not available">
        {NOT_AN_APPLICANT_HERE}
      </Alert>
    );
  }
  const viewer = { role: session.role, username: session.username, usercode: session.usercode };
  return (
    <TenantApplicationsPage
      viewer={viewer}
      onNewApplication={session.role === 'USER' ? () => void navigate(paths.newApplication) : undefined}
      tenantIdNumber={state?.tenantIdNumber ?? null}
    />
  );
}
