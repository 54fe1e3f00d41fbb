import type { Role } from '../../contract/roles';
import type { PathKey } from './paths';

/**
 * The side menu of backoffice.md section 2, as data. Each screen is described once (label, and whether its
 * screen exists yet); the per-role table only lists screen keys, in the spec's order. Entries whose screens a
 * later issue builds stay in the table but are hidden: the menu never offers a link to a page that is not there.
 */
export interface ScreenInfo {
  label: string;
  /** True once the screen is routed (router.tsx); a test keeps this flag and the router in step. */
  built: boolean;
}

export const SCREENS = {
  profile: { label: 'Profile', built: true },
  dashboard: { label: 'Dashboard', built: true },
  report: { label: 'Report', built: true },
  newApplication: { label: 'New Application', built: true },
  offlineApplication: { label: 'Offline Application', built: true },
  pendingApplications: { label: 'Pending', built: true },
  forwardedApplications: { label: 'Forwarded', built: true },
  approvedApplications: { label: 'Approved', built: true },
  rejectedApplications: { label: 'Rejected', built: true },
  approvedTenants: { label: 'Approved Tenants', built: true },
  shiftedTenants: { label: 'Shifted Tenants', built: true },
  applications: { label: 'Tenant Applications', built: true },
  localities: { label: 'Localities', built: true },
  subLocalities: { label: 'Sub-Localities/Wards', built: true },
  mediaUpdate: { label: 'Update Media', built: true },
  policeStations: { label: 'Police Stations', built: true },
  logRecords: { label: 'Log Records', built: true },
  users: { label: 'Users', built: true },
  deleteTenant: { label: 'Delete Tenant', built: true },
  landlordTenants: { label: 'Landlords', built: true },
  rentalUnits: { label: 'Rental Units', built: true },
  tenants: { label: 'Tenants', built: true },
  workflows: { label: 'Workflows', built: true },
} as const satisfies Partial<Record<PathKey, ScreenInfo>>;

export type MenuScreen = keyof typeof SCREENS;

/** A menu row: a screen, or a group of screens ('Applications' lists, 'Registration' records). */
export type MenuSpec = MenuScreen | { group: 'Applications' | 'Registration'; items: readonly MenuScreen[] };

const applications = (...items: MenuScreen[]): MenuSpec => ({ group: 'Applications', items });

/**
 * Not in the spec's table: the spec routes landlord/tenants, rentalunits and tenants (the screens where an official
 * registers a landlord, its units and a tenant at the counter) but names no menu entry for them. The roles that may
 * register those records get them in one group after New Application (docs/staff-registration.md): landlords and
 * units are registered by MODERATOR, SUPERMODERATOR, VERIFIER and USER (docs/landlords-api.md), tenants only by
 * MODERATOR and SUPERMODERATOR (docs/tenants-api.md "Who may call what"), so only they see Tenants. The spec routes
 * offlineapplication (an application entered at the office on a landlord's behalf) without a menu entry either: it
 * closes the group for the four roles that enter applications (docs/office-applications.md). Those four also get
 * the Tenant Applications page (/app/applications, the spec's "Tenant Applications page") last in the Applications
 * group, which the spec's table does not name either.
 */
const registration = (...items: MenuScreen[]): MenuSpec => ({ group: 'Registration', items });
const REGISTRATION = registration('landlordTenants', 'rentalUnits', 'tenants', 'offlineApplication');
const LANDLORD_REGISTRATION = registration('landlordTenants', 'rentalUnits', 'offlineApplication');

/** Roles the table names; every other role (POLICE, LOCALITY) gets the 'other roles' row. */
type TabledRole = Extract<
  Role,
  'VERIFIER' | 'ADMIN' | 'MODERATOR' | 'SUPERMODERATOR' | 'SUPERVISOR' | 'USER'
>;

/**
 * Not in the spec's table either: the dashboard's Tenants and Shifted Tenants cards open /app/approved-tenants and
 * /app/shifted-tenants, so every role whose dashboard shows those cards (VERIFIER, MODERATOR, SUPERMODERATOR,
 * POLICE, LOCALITY: src/server/services/dashboard-cards.ts) also finds them in its Applications group, after the
 * status lists (docs/dashboard.md).
 */
const TENANT_LISTS = ['approvedTenants', 'shiftedTenants'] as const;

/**
 * Not in the spec's table: Workflows (/app/workflows, issue 12), every workflow of the product drawn from its
 * machine for the analysts, closes the menu of the roles that review the whole process: VERIFIER, SUPERVISOR and
 * ADMIN (docs/workflows-page.md).
 */
const WORKFLOWS = 'workflows' satisfies MenuScreen;

const OTHER_ROLES: readonly MenuSpec[] = [
  'profile',
  'dashboard',
  applications('pendingApplications', 'approvedApplications', 'rejectedApplications', ...TENANT_LISTS),
];

export const ROLE_MENU_TABLE: Record<TabledRole | 'other', readonly MenuSpec[]> = {
  VERIFIER: [
    'profile',
    'dashboard',
    'report',
    'newApplication',
    LANDLORD_REGISTRATION,
    applications('approvedApplications', 'rejectedApplications', ...TENANT_LISTS, 'applications'),
    'localities',
    'subLocalities',
    WORKFLOWS,
  ],
  // Beyond the spec's table: an ADMIN creates stations, and gives them localities and wards (docs/jurisdiction-admin.md).
  ADMIN: [
    'dashboard',
    'profile',
    'mediaUpdate',
    'policeStations',
    'localities',
    'subLocalities',
    'logRecords',
    'users',
    WORKFLOWS,
  ],
  MODERATOR: [
    'profile',
    'dashboard',
    'newApplication',
    REGISTRATION,
    applications(
      'pendingApplications',
      'forwardedApplications',
      'approvedApplications',
      'rejectedApplications',
      ...TENANT_LISTS,
      'applications',
    ),
    'deleteTenant',
  ],
  SUPERMODERATOR: [
    'profile',
    'dashboard',
    'newApplication',
    REGISTRATION,
    applications(
      'pendingApplications',
      'approvedApplications',
      'rejectedApplications',
      ...TENANT_LISTS,
      'applications',
    ),
    'subLocalities',
    'deleteTenant',
  ],
  SUPERVISOR: ['profile', 'dashboard', 'policeStations', 'report', WORKFLOWS],
  /** USER is the spec's 'other roles' row, plus Registration and Tenant Applications (USER enters applications). */
  USER: [
    ...OTHER_ROLES.slice(0, 2),
    LANDLORD_REGISTRATION,
    applications('pendingApplications', 'approvedApplications', 'rejectedApplications', 'applications'),
  ],
  other: OTHER_ROLES,
};

export interface MenuLink {
  kind: 'link';
  label: string;
  path: MenuScreen;
}
export interface MenuGroup {
  kind: 'group';
  label: string;
  links: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

export function menuSpecFor(role: Role): readonly MenuSpec[] {
  return role in ROLE_MENU_TABLE ? ROLE_MENU_TABLE[role as TabledRole] : ROLE_MENU_TABLE.other;
}

export type ScreenTable = Record<MenuScreen, ScreenInfo>;

/**
 * The entries a role sees now: built screens only, and a group only when one of its screens is built.
 * `screens` is a parameter so tests can check the rule for screens that are not built yet.
 */
export function visibleMenu(role: Role, screens: ScreenTable = SCREENS): MenuEntry[] {
  const toLink = (path: MenuScreen): MenuLink => ({ kind: 'link', label: screens[path].label, path });
  const isBuilt = (path: MenuScreen) => screens[path].built;
  const entries: MenuEntry[] = [];
  for (const spec of menuSpecFor(role)) {
    if (typeof spec === 'string') {
      if (isBuilt(spec)) entries.push(toLink(spec));
      continue;
    }
    const links = spec.items.filter(isBuilt).map(toLink);
    if (links.length > 0) entries.push({ kind: 'group', label: spec.group, links });
  }
  return entries;
}

/** The visible labels in reading order (group children after their group), as the e2e and dom tests see them. */
export function visibleMenuLabels(role: Role, screens: ScreenTable = SCREENS): string[] {
  return visibleMenu(role, screens).flatMap((e) =>
    e.kind === 'link' ? [e.label] : [e.label, ...e.links.map((l) => l.label)],
  );
}
