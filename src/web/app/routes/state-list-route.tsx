import { Alert } from '@mantine/core';
import { useParams, useSearchParams } from 'react-router';
import { isStatusCode } from '../../../../machines/application';
import { StateListPage } from '../../features/applications/state-list-page';
import { indianToday } from '../../lib/dates';
import { readLifecycleFilter } from '../../lib/lifecycle-filter-address';
import { useStaffSession } from '../use-staff-session';
import { WORKFLOWS_ROLES } from './analyst-roles';

/**
 * /app/workflows/applications/:status?district=&station=&locality=&ward=&from=&to=&limit= : one status's
 * applications, opened from a state of the lifecycle's live numbers; for the analysts who see those numbers.
 */
export function StateListRoute() {
  const session = useStaffSession();
  const { status } = useParams();
  const [params] = useSearchParams();
  if (!session) return null;
  if (!WORKFLOWS_ROLES.includes(session.role)) {
    return (
      <Alert color="red.9" variant="outline" role="alert" title="Not available">
        The lists opened from the lifecycle&apos;s numbers are for verifiers, supervisors and administrators.
      </Alert>
    );
  }
  if (!isStatusCode(status)) {
    return (
      <Alert color="red.9" variant="outline" role="alert" title="Unknown status">
        {status} is not an application status. The statuses are LARP, LAVP, PLVP, RJT, RECT and APARV.
      </Alert>
    );
  }
  const today = indianToday();
  const viewer = { role: session.role, username: session.username, usercode: session.usercode };
  // key: another status or area starts again from page one.
  return (
    <StateListPage
      key={`${status}?${params.toString()}`}
      status={status}
      filter={readLifecycleFilter(params, today)}
      viewer={viewer}
      today={today}
    />
  );
}
