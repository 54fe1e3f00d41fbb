import { Alert } from '@mantine/core';
import { WORKFLOWS_ROLES } from './analyst-roles';
import { WorkflowsPage } from '../../features/workflows/workflows-page';
import { useStaffSession } from '../use-staff-session';

/** The menu offers Workflows to these roles only. */
export { WORKFLOWS_ROLES };

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
  return (
    <WorkflowsPage
      liveViewer={{ role: session.role, usercode: session.usercode, username: session.username }}
    />
  );
}
