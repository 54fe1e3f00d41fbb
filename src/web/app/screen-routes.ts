import type { LazyRouteFunction, RouteObject } from 'react-router';
import type { RoutedScreen } from './routed-screens';

/**
 * The staff screens that exist, each loaded with its own chunk. A later issue adds its screen here and flips
 * its `built` flag in role-menu.ts; a dom test fails when the two disagree.
 */
/** The application lists and the landlords list share one chunk. */
const lists = () => import('./routes/application-list-routes');
/** The jurisdiction screens (stations, localities, wards and their registered lists) share one. */
const jurisdiction = () => import('./routes/jurisdiction-routes');
/** The routes without a menu entry (icons, demo form) share one. */
const demo = () => import('./routes/demo-routes');

export const SCREEN_ROUTES: Record<RoutedScreen, LazyRouteFunction<RouteObject>> = {
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
  deleteTenant: async () => ({
    Component: (await import('./routes/update-tenant-route')).UpdateTenantRoute,
  }),
  applications: async () => ({ Component: (await import('./routes/applications-route')).ApplicationsRoute }),
  applicationsByStatus: async () => ({
    Component: (await import('./routes/state-list-route')).StateListRoute,
  }),
  newApplication: async () => ({
    Component: (await import('./routes/new-application-routes')).NewApplicationRoute,
  }),
  report: async () => ({ Component: (await import('./routes/report-route')).ReportRoute }),
  offlineApplication: async () => ({
    Component: (await import('./routes/new-application-routes')).OfflineApplicationRoute,
  }),
  policeStations: async () => ({ Component: (await jurisdiction()).PoliceStationsRoute }),
  localities: async () => ({ Component: (await jurisdiction()).LocalitiesRoute }),
  subLocalities: async () => ({ Component: (await jurisdiction()).SubLocalitiesRoute }),
  registeredLocalities: async () => ({ Component: (await jurisdiction()).RegisteredLocalitiesRoute }),
  registeredSubLocalities: async () => ({ Component: (await jurisdiction()).RegisteredSubLocalitiesRoute }),
  mediaUpdate: async () => ({ Component: (await import('./routes/media-update-route')).MediaUpdateRoute }),
  logRecords: async () => ({ Component: (await import('./routes/log-records-route')).LogRecordsRoute }),
  ui: async () => ({ Component: (await demo()).UiRoute }),
  uiIcons: async () => ({ Component: (await demo()).UiIconsRoute }),
  formik: async () => ({ Component: (await demo()).FormikRoute }),
  users: async () => ({ Component: (await import('./routes/users-admin-routes')).UsersRoute }),
  profile: async () => ({ Component: (await import('./routes/users-admin-routes')).ProfileRoute }),
  workflows: async () => ({ Component: (await import('./routes/workflows-route')).WorkflowsRoute }),
};
