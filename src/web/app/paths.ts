/**
 * Every route path of the web app, in one place (STYLE.md: no scattered string literals).
 * The table lists the spec's routes (backoffice.md section 2, public-portal.md section 2) whether or not their
 * screens exist yet: the role menu refers to them by key, and only screens that exist are routed (router.tsx).
 */
export const paths = {
  home: '/',
  privacyPolicy: '/privacy-policy',
  manuals: '/manuals',
  landlordLogin: '/landlord-login',
  tenantLogin: '/tenant-login',
  app: '/app',
  dashboard: '/app/dashboard',
  profile: '/app/profile',
  report: '/app/report',
  newApplication: '/app/new-application',
  offlineApplication: '/app/offlineapplication',
  applications: '/app/applications',
  pendingApplications: '/app/application/pending',
  forwardedApplications: '/app/application/forwarded',
  approvedApplications: '/app/application/approved',
  rejectedApplications: '/app/application/rejected',
  rectificationApplications: '/app/application/rectification',
  localities: '/app/localities',
  subLocalities: '/app/local-authorities',
  registeredLocalities: '/app/registered-localities',
  registeredSubLocalities: '/app/registered-local-authorities',
  policeStations: '/app/policestations',
  logRecords: '/app/log-records',
  users: '/app/users',
  mediaUpdate: '/app/media-update',
  ui: '/app/ui',
  uiIcons: '/app/ui/icons',
  formik: '/app/formik',
  deleteTenant: '/app/update-tenant',
  tenants: '/app/tenants',
  landlordTenants: '/app/landlord/tenants',
  rentalUnits: '/app/rentalunits',
  landlords: '/app/landlords',
  approvedTenants: '/app/approved-tenants',
  shiftedTenants: '/app/shifted-tenants',
  workflows: '/app/workflows',
  /** One status's applications for an area, opened from the lifecycle's live numbers (docs/insights-page.md). */
  applicationsByStatus: '/app/workflows/applications/:status',
} as const;

export type PathKey = keyof typeof paths;
export type AppPath = (typeof paths)[PathKey];

/** A path under /app as a child route segment ('/app/dashboard' -> 'dashboard'). */
export function appSegment(path: AppPath): string {
  if (!path.startsWith(`${paths.app}/`)) throw new Error(`${path} is not under ${paths.app}`);
  return path.slice(paths.app.length + 1);
}

/** True for the staff area (/app and below). */
export function isStaffPath(pathname: string): boolean {
  return pathname === paths.app || pathname.startsWith(`${paths.app}/`);
}
