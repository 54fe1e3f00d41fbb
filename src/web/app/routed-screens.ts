import type { PathKey } from './paths';

// Which staff screens exist, apart from the screens themselves (screen-routes.ts loads each and must list exactly
// these): what links to a screen (the dashboard's cards) asks here, so it never imports the routes that render it.

export const ROUTED_SCREENS = [
  'dashboard',
  'pendingApplications',
  'forwardedApplications',
  'approvedApplications',
  'rejectedApplications',
  'rectificationApplications',
  'approvedTenants',
  'shiftedTenants',
  'landlords',
  'landlordTenants',
  'rentalUnits',
  'tenants',
  'deleteTenant',
  'applications',
  'applicationsByStatus',
  'newApplication',
  'report',
  'offlineApplication',
  'policeStations',
  'localities',
  'subLocalities',
  'registeredLocalities',
  'registeredSubLocalities',
  'mediaUpdate',
  'logRecords',
  'ui',
  'uiIcons',
  'formik',
  'users',
  'profile',
  'workflows',
] as const satisfies readonly PathKey[];

export type RoutedScreen = (typeof ROUTED_SCREENS)[number];

export function isRouted(key: PathKey): key is RoutedScreen {
  return (ROUTED_SCREENS as readonly PathKey[]).includes(key);
}
