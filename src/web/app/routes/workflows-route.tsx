import { Alert } from '@mantine/core';
import type { Role } from '../../../contract/roles';
import { WorkflowsPage } from '../../features/workflows/workflows-page';
import { useStaffSession } from '../use-staff-session';

/** The roles that review the whole process (docs/workflows-page.md); the menu offers Workflows to them only. */
export const WORKFLOWS_ROLES: readonly Role[] = ['VERIFIER', 'SUPERVISOR', 'ADMIN'];

/** /app/workflows: every workflow machine drawn from its definition; another role reads why it is not there. */
export function WorkflowsRoute() {
  const session = useStaffSession();
  if (!session) return null;
  if (!WORKFLOWS_ROLES.includes(session.role)) {
    return (
      <Alert color="red.9" variant="outline" role="alert" title="Not available">
        The workflow diagrams are for verifiers, supervisors and administrators.
      </Alert>
    );
  }
  return <WorkflowsPage />;
}
