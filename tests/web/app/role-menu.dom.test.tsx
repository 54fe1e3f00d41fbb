import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { ROLES, type Role } from '../../../src/contract/roles';
import {
  ROLE_MENU_TABLE,
  SCREENS,
  menuSpecFor,
  visibleMenu,
  visibleMenuLabels,
  type MenuScreen,
  type ScreenTable,
} from '../../../src/web/app/role-menu';
import { SCREEN_ROUTES } from '../../../src/web/app/screen-routes';
import * as shellStories from '../../../stories/app/app-shell.stories';

const { Admin, Verifier, Moderator, Supermoderator, Supervisor, User, Police, Locality } =
  composeStories(shellStories);

/**
 * backoffice.md section 2, 'Side menu by role', written out by hand as the oracle for the data in role-menu.ts, plus
 * the documented additions: the Registration group (docs/staff-registration.md) for the roles that register
 * landlords and tenants, USER included (so USER has a row of its own), and Tenant Applications last in the
 * Applications group of the four roles that enter applications (docs/office-applications.md), and Approved Tenants
 * and Shifted Tenants in the Applications group of the roles whose dashboard opens them (docs/dashboard.md), and
 * Workflows last for VERIFIER, SUPERVISOR and ADMIN (docs/workflows-page.md).
 */
const SPEC_TABLE: Record<string, string[]> = {
  VERIFIER: [
    'Profile',
    'Dashboard',
    'Report',
    'New Application',
    'Registration: Landlords, Rental Units, Offline Application',
    'Applications: Approved, Rejected, Approved Tenants, Shifted Tenants, Tenant Applications',
    'Localities',
    'Sub-Localities/Wards',
    'Workflows',
  ],
  // Beyond the spec: ADMIN also manages localities and wards (docs/jurisdiction-admin.md).
  ADMIN: [
    'Dashboard',
    'Profile',
    'Update Media',
    'Police Stations',
    'Localities',
    'Sub-Localities/Wards',
    'Log Records',
    'Users',
    'Workflows',
  ],
  MODERATOR: [
    'Profile',
    'Dashboard',
    'New Application',
    'Registration: Landlords, Rental Units, Tenants, Offline Application',
    'Applications: Pending, Forwarded, Approved, Rejected, Approved Tenants, Shifted Tenants, Tenant Applications',
    'Delete Tenant',
  ],
  SUPERMODERATOR: [
    'Profile',
    'Dashboard',
    'New Application',
    'Registration: Landlords, Rental Units, Tenants, Offline Application',
    'Applications: Pending, Approved, Rejected, Approved Tenants, Shifted Tenants, Tenant Applications',
    'Sub-Localities/Wards',
    'Delete Tenant',
  ],
  SUPERVISOR: ['Profile', 'Dashboard', 'Police Stations', 'Report', 'Workflows'],
  USER: [
    'Profile',
    'Dashboard',
    'Registration: Landlords, Rental Units, Offline Application',
    'Applications: Pending, Approved, Rejected, Tenant Applications',
  ],
  other: [
    'Profile',
    'Dashboard',
    'Applications: Pending, Approved, Rejected, Approved Tenants, Shifted Tenants',
  ],
};

/** The labels of the role's whole table row, in reading order, groups followed by their entries. */
const describeLabels = (role: Role) =>
  menuSpecFor(role).flatMap((spec) =>
    typeof spec === 'string'
      ? [SCREENS[spec].label]
      : [spec.group, ...spec.items.map((i) => SCREENS[i].label)],
  );

const describeSpec = (role: Role) =>
  menuSpecFor(role).map((spec) =>
    typeof spec === 'string'
      ? SCREENS[spec].label
      : `${spec.group}: ${spec.items.map((i) => SCREENS[i].label).join(', ')}`,
  );

describe('role menu data', () => {
  it('holds the spec table exactly, row by row and in order', () => {
    expect(Object.keys(ROLE_MENU_TABLE).sort()).toEqual(Object.keys(SPEC_TABLE).sort());
    for (const role of ['VERIFIER', 'ADMIN', 'MODERATOR', 'SUPERMODERATOR', 'SUPERVISOR', 'USER'] as const) {
      expect(describeSpec(role), role).toEqual(SPEC_TABLE[role]);
    }
  });

  it("gives POLICE and LOCALITY the 'other roles' row", () => {
    for (const role of ['POLICE', 'LOCALITY'] as const)
      expect(describeSpec(role), role).toEqual(SPEC_TABLE.other);
  });

  it('marks a screen built exactly when the router has a route for it', () => {
    for (const key of Object.keys(SCREENS) as MenuScreen[]) {
      expect(SCREENS[key].built, key).toBe(key in SCREEN_ROUTES);
    }
  });

  it('has every screen of every menu built: no entry leads nowhere (issue 11)', () => {
    const unbuilt = Object.entries(SCREENS).filter(([, screen]) => !screen.built);
    expect(unbuilt.map(([key]) => key)).toEqual([]);
    for (const role of ROLES) expect(visibleMenuLabels(role)).toEqual(describeLabels(role));
  });

  it('hides unbuilt screens and shows a group only with a built screen in it', () => {
    const allBuilt = Object.fromEntries(
      Object.entries(SCREENS).map(([k, v]) => [k, { ...v, built: true }]),
    ) as ScreenTable;
    const noneBuilt = Object.fromEntries(
      Object.entries(SCREENS).map(([k, v]) => [k, { ...v, built: k === 'dashboard' }]),
    );
    const onlyApproved = {
      ...noneBuilt,
      approvedApplications: { label: 'Approved', built: true },
    } as ScreenTable;
    expect(visibleMenu('MODERATOR', allBuilt)).toHaveLength(6);
    expect(visibleMenu('ADMIN', onlyApproved)).toEqual([
      { kind: 'link', label: 'Dashboard', path: 'dashboard' },
    ]);
    expect(visibleMenu('VERIFIER', onlyApproved)).toEqual([
      { kind: 'link', label: 'Dashboard', path: 'dashboard' },
      {
        kind: 'group',
        label: 'Applications',
        links: [{ kind: 'link', label: 'Approved', path: 'approvedApplications' }],
      },
    ]);
  });
});

describe('side menu in the shell', () => {
  const cases = [
    ['ADMIN', Admin],
    ['VERIFIER', Verifier],
    ['MODERATOR', Moderator],
    ['SUPERMODERATOR', Supermoderator],
    ['SUPERVISOR', Supervisor],
    ['USER', User],
    ['POLICE', Police],
    ['LOCALITY', Locality],
  ] as const;

  it('covers every role', () => {
    expect(cases.map(([role]) => role).sort()).toEqual([...ROLES].sort());
  });

  it.each(cases)('shows %s exactly the built entries of its row', async (role, Story) => {
    render(<Story />);
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const expected = visibleMenu(role).flatMap((e) =>
      e.kind === 'link' ? [e.label] : e.links.map((l) => l.label),
    );
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(links).toEqual(expected);
    // Every role has the dashboard, and no link points at a screen that is not routed.
    expect(links).toContain('Dashboard');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app/dashboard');
  });

  it('shows who is logged in and offers Logout', async () => {
    render(<Moderator />);
    expect(await screen.findByTestId('logged-in-as')).toHaveTextContent('Logged in as moderator');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
