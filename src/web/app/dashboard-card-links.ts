import type { DashboardCardKey, LinkedDashboardCardKey } from '../../contract/dashboard.contract';
import { paths, type PathKey } from './paths';
import { isRouted } from './routed-screens';

/** Which list each dashboard card opens (backoffice.md section 2); the two totals open none. */
export const DASHBOARD_CARD_TARGETS: Record<LinkedDashboardCardKey, PathKey> = {
  policeStations: 'policeStations',
  localities: 'registeredLocalities',
  subLocalities: 'registeredSubLocalities',
  pending: 'pendingApplications',
  forwarded: 'forwardedApplications',
  approved: 'approvedApplications',
  rejected: 'rejectedApplications',
  tenants: 'approvedTenants',
  shiftedTenants: 'shiftedTenants',
  landlords: 'landlords',
};

/** Links for the cards whose list screen exists; the others render as plain, non-clickable tiles. */
export function builtCardLinks(): Partial<Record<DashboardCardKey, string>> {
  const links: Partial<Record<DashboardCardKey, string>> = {};
  for (const [card, target] of Object.entries(DASHBOARD_CARD_TARGETS) as [
    LinkedDashboardCardKey,
    PathKey,
  ][]) {
    if (isRouted(target)) links[card] = paths[target];
  }
  return links;
}
