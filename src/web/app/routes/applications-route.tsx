import { useLocation, useNavigate } from 'react-router';
import { TenantApplicationsPage } from '../../features/office-applications/tenant-applications-page';
import { paths } from '../paths';
import { OfficeApplicantOnly } from './office-applicant-only';

export const NOT_AN_APPLICANT_HERE =
  'Tenant applications are entered by USER, MODERATOR, SUPERMODERATOR and VERIFIER accounts only.';

/** What /app/tenants' Proceed to Applications hands over: the tenant to prefill. */
export interface ApplicationsRouteState {
  tenantIdNumber?: string;
}

/** /app/applications: the Tenant Applications page; its New Application button is USER's only (backoffice.md). */
export function ApplicationsRoute() {
  const navigate = useNavigate();
  const state = useLocation().state as ApplicationsRouteState | null;
  return (
    <OfficeApplicantOnly refusal={NOT_AN_APPLICANT_HERE}>
      {(session) => (
        <TenantApplicationsPage
          viewer={{ role: session.role, username: session.username, usercode: session.usercode }}
          onNewApplication={session.role === 'USER' ? () => void navigate(paths.newApplication) : undefined}
          tenantIdNumber={state?.tenantIdNumber ?? null}
        />
      )}
    </OfficeApplicantOnly>
  );
}
