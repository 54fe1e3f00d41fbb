import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { OFFICE_APPLICANT_ROLES } from '../../../contract/office-applications.contract';
import type { Role } from '../../../contract/roles';
import type { StaffSession } from '../../lib/session-store';
import { useStaffSession } from '../use-staff-session';

const isApplicant = (role: Role) => (OFFICE_APPLICANT_ROLES as readonly Role[]).includes(role);

/**
 * The screens of the roles that enter applications at the office (USER, MODERATOR, SUPERMODERATOR, VERIFIER: the
 * server's OFFICE_APPLICANT_ROLES): another role that opens the address reads why it is not for it.
 */
export function OfficeApplicantOnly({
  refusal,
  children,
}: {
  /** What another role reads instead. */
  refusal: string;
  children: (session: StaffSession) => ReactNode;
}) {
  const session = useStaffSession();
  if (!session) return null;
  if (!isApplicant(session.role)) {
    return (
      <Alert color="red.9" variant="outline" role="alert" title="Not available">
        {refusal}
      </Alert>
    );
  }
  return children(session);
}
