import { Alert } from '@mantine/core';
import { OFFICE_APPLICANT_ROLES } from '../../../contract/office-applications.contract';
import type { Role } from '../../../contract/roles';
import { OfficeLandlordStep } from '../../features/landlord/office/office-landlord-step';
import { ClearanceWizardPage } from '../../features/office-applications/clearance-wizard-page';
import type { OfficeApplicationChannel } from '../../features/office-applications/office-applications-api';
import { TenantApplicationsPanel } from '../../features/office-applications/tenant-applications-panel';
import { StaffTenantProfile } from '../../features/tenant/staff-tenant-profile';
import { useStaffSession } from '../use-staff-session';
import { mayUpdateVacancy } from './landlord-office-routes';

export const NOT_AN_APPLICANT =
  'New applications are entered by USER, MODERATOR, SUPERMODERATOR and VERIFIER accounts only.';

const isApplicant = (role: Role) => (OFFICE_APPLICANT_ROLES as readonly Role[]).includes(role);

/**
 * The clearance wizard with the other features' views plugged in (features do not import each other; the route
 * joins them): the officials' landlord page at step 1, the tenant profile at step 2 (MODERATOR, SUPERMODERATOR),
 * the Tenant Applications panel at step 3.
 */
function ClearanceWizardRoute({ channel }: { channel: OfficeApplicationChannel }) {
  const session = useStaffSession();
  if (!session) return null;
  if (!isApplicant(session.role)) {
    return (
      <Alert color="red.9" variant="outline" role="alert" title="Not available">
        {NOT_AN_APPLICANT}
      </Alert>
    );
  }
  const viewer = { role: session.role, username: session.username, usercode: session.usercode };
  return (
    <ClearanceWizardPage
      channel={channel}
      viewer={viewer}
      renderLandlord={({ epic, onSaved }) => (
        <OfficeLandlordStep
          key={epic}
          epic={epic}
          vacancyUpdates={mayUpdateVacancy(session.role)}
          onLandlord={onSaved}
        />
      )}
      renderTenantProfile={(slot) => (
        <StaffTenantProfile
          key={slot.tenant?.id ?? `new-${slot.idNumber}`}
          tenant={slot.tenant}
          epicNo={slot.idNumber}
          onSaved={slot.onSaved}
          onClose={slot.onClose}
        />
      )}
      renderApplications={(slot) => <TenantApplicationsPanel viewer={viewer} channel={channel} {...slot} />}
    />
  );
}

/** /app/new-application: the official's own application (process/user/SaveApplication). */
export function NewApplicationRoute() {
  return <ClearanceWizardRoute channel="own" />;
}

/** /app/offlineapplication: entered at the office on the landlord's behalf (process/SaveApplication_Police). */
export function OfflineApplicationRoute() {
  return <ClearanceWizardRoute channel="office" />;
}
