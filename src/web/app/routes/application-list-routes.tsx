import type { ListPage } from '../../../../machines/application';
import { ApplicationListPage } from '../../features/applications/application-list-page';
import { LandlordsPage } from '../../features/landlords/landlords-page';
import { useStaffSession } from '../use-staff-session';

/** The official's identity for list calls; the shell renders screens only with a session. */
function useViewer() {
  const session = useStaffSession();
  return session ? { role: session.role, username: session.username, usercode: session.usercode } : null;
}

function ListRoute({ listPage }: { listPage: ListPage }) {
  const viewer = useViewer();
  // key: a new list page starts from page one with its own filter.
  return viewer ? <ApplicationListPage key={listPage} listPage={listPage} viewer={viewer} /> : null;
}

export const PendingRoute = () => <ListRoute listPage="pending" />;
export const ForwardedRoute = () => <ListRoute listPage="forwarded" />;
export const ApprovedRoute = () => <ListRoute listPage="approved" />;
export const RejectedRoute = () => <ListRoute listPage="rejected" />;
export const RectificationRoute = () => <ListRoute listPage="rectification" />;
export const ApprovedTenantsRoute = () => <ListRoute listPage="approvedTenants" />;
export const ShiftedTenantsRoute = () => <ListRoute listPage="shiftedTenants" />;

export function LandlordsRoute() {
  const viewer = useViewer();
  return viewer ? <LandlordsPage viewer={viewer} /> : null;
}
