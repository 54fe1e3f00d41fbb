import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { builtCardLinks } from '../dashboard-card-links';

export function DashboardRoute() {
  return <DashboardPage cardLinks={builtCardLinks()} />;
}
