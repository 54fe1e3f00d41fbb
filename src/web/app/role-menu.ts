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
  profile: { label: 'Profile', built: false },
  dashboard: { label: 'Dashboard', built: true },
  report: { label: 'Report', built: false },
  newApplication: { label: 'New Application', built: true },
  offlineApplication: { label: 'Offline Application', built: true },
  pendingApplications: { label: 'Pending', built: true },
  forwardedApplications: { label: 'Forwarded', built: true },
  approvedApplications: { label: 'Approved', built: true },
  rejectedApplications: { label: 'Rejected', built: true },
  applications: { label: 'Tenant Applications', built: true },
  localities: { label: 'Localities', built: false },
  subLocalities: { label: 'Sub-Localities/Wards', built: false },
  mediaUpdate: { label: 'Update Media', built: false },
  policeStations: { label: 'Police Stations', built: false },
  logRecords: { label: 'Log Records', built: false },
  users: { label: 'Users', built: false },
  deleteTenant: { label: 'Delete Tenant', built: false },
  landlordTenants: { label: 'Landlords', built: true },
  rentalUnits: { label: 'Rental Units', built: true },
  tenants: { label: 'Tenants', built: true },
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

const OTHER_ROLES: readonly MenuSpec[] = [
  'profile',
  'dashboard',
  applications('pendingApplications', 'approvedApplications', 'rejectedApplications'),
];

export const ROLE_MENU_TABLE: Record<TabledRole | 'other', readonly MenuSpec[]> = {
  VERIFIER: [
    'profile',
    'dashboard',
    'report',
    'newApplication',
    LANDLORD_REGISTRATION,
    applications('approvedApplications', 'rejectedApplications', 'applications'),
    'localities',
    'subLocalities',
  ],
  ADMIN: ['dashboard', 'profile', 'mediaUpdate', 'policeStations', 'logRecords', 'users'],
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
      'applications',
    ),
    'deleteTenant',
  ],
  SUPERMODERATOR: [
    'profile',
    'dashboard',
    'newApplication',
    REGISTRATION,
    applications('pendingApplications', 'approvedApplications', 'rejectedApplications', 'applications'),
    'subLocalities',
    'deleteTenant',
  ],
  SUPERVISOR: ['profile', 'dashboard', 'policeStations', 'report'],
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
