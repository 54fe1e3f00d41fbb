import type { LazyRouteFunction, RouteObject } from 'react-router';
import type { PathKey } from './paths';

/**
 * The staff screens that exist, each loaded with its own chunk. A later issue adds its screen here and flips
 * its `built` flag in role-menu.ts; a dom test fails when the two disagree.
 */
/** The application lists and the landlords list share one chunk. */
const lists = () => import('./routes/application-list-routes');

export const SCREEN_ROUTES: Partial<Record<PathKey, LazyRouteFunction<RouteObject>>> = {
  dashboard: async () => ({ Component: (await import('./routes/dashboard-route')).DashboardRoute }),
  pendingApplications: async () => ({ Component: (await lists()).PendingRoute }),
  forwardedApplications: async () => ({ Component: (await lists()).ForwardedRoute }),
  approvedApplications: async () => ({ Component: (await lists()).ApprovedRoute }),
  rejectedApplications: async () => ({ Component: (await lists()).RejectedRoute }),
  rectificationApplications: async () => ({ Component: (await lists()).RectificationRoute }),
  approvedTenants: async () => ({ Component: (await lists()).ApprovedTenantsRoute }),
  shiftedTenants: async () => ({ Component: (await lists()).ShiftedTenantsRoute }),
  landlords: async () => ({ Component: (await lists()).LandlordsRoute }),
  landlordTenants: async () => ({
    Component: (await import('./routes/landlord-office-routes')).LandlordOfficeRoute,
  }),
  rentalUnits: async () => ({
    Component: (await import('./routes/landlord-office-routes')).RentalUnitsOfficeRoute,
  }),
  tenants: async () => ({ Component: (await import('./routes/tenants-route')).TenantsRoute }),
  applications: async () => ({ Component: (await import('./routes/applications-route')).ApplicationsRoute }),
  newApplication: async () => ({
    Component: (await import('./routes/new-application-routes')).NewApplicationRoute,
  }),
  offlineApplication: async () => ({
    Component: (await import('./routes/new-application-routes')).OfflineApplicationRoute,
  }),
};

export function isRouted(key: PathKey): boolean {
  return key in SCREEN_ROUTES;
}
