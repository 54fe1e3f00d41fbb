import { OfficeLandlordStep } from '../../features/landlord/office/office-landlord-step';
import { ClearanceWizardPage } from '../../features/office-applications/clearance-wizard-page';
import type { OfficeApplicationChannel } from '../../features/office-applications/office-applications-api';
import { TenantApplicationsPanel } from '../../features/office-applications/tenant-applications-panel';
import { StaffTenantProfile } from '../../features/tenant/staff-tenant-profile';
import type { StaffSession } from '../../lib/session-store';
import { OfficeApplicantOnly } from './office-applicant-only';
import { mayUpdateVacancy } from './landlord-office-routes';

export const NOT_AN_APPLICANT =
  'New applications are entered by USER, MODERATOR, SUPERMODERATOR and VERIFIER accounts only.';

/**
 * The clearance wizard with the other features' views plugged in (features do not import each other; the route
 * joins them): the officials' landlord page at step 1, the tenant profile at step 2 (MODERATOR, SUPERMODERATOR),
 * the Tenant Applications panel at step 3.
 */
function ClearanceWizardRoute({ channel }: { channel: OfficeApplicationChannel }) {
  return (
    <OfficeApplicantOnly refusal={NOT_AN_APPLICANT}>
      {(session) => <ClearanceWizardFor session={session} channel={channel} />}
    </OfficeApplicantOnly>
  );
}

function ClearanceWizardFor({
  session,
  channel,
}: {
  session: StaffSession;
  channel: OfficeApplicationChannel;
}) {
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
