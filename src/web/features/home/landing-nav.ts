import { paths } from '../../app/paths';

/**
 * The landing page's navigation (public-portal.md section 2), as data: the header, the mobile menu and the tests
 * read this one table. An entry is shown only once its flow is `built`, so the page never offers a dead entry;
 * flipping the flag (and wiring the callback in the route) is all it takes to add one.
 */
export type LandingCallback = 'onTrackApplication' | 'onApplyClearance';

export type LandingNavTarget =
  | { kind: 'route'; path: string }
  | { kind: 'dialog'; callback: LandingCallback }
  /** The Download Forms menu: links to the public downloads. */
  | { kind: 'downloads' };

export interface LandingNavEntry {
  key: string;
  label: string;
  target: LandingNavTarget;
  built: boolean;
}

export const LANDING_NAV: readonly LandingNavEntry[] = [
  // The tracker dialog (features/tracker), loaded on the first click.
  {
    key: 'trackApplication',
    label: 'Track Application',
    target: { kind: 'dialog', callback: 'onTrackApplication' },
    built: true,
  },
  // The landlord wizard and the tenant stepper are full-screen pages of their own.
  {
    key: 'landlordLogin',
    label: 'Register / Login as Landlord',
    target: { kind: 'route', path: paths.landlordLogin },
    built: true,
  },
  {
    key: 'tenantLogin',
    label: 'Register / Login as Tenant',
    target: { kind: 'route', path: paths.tenantLogin },
    built: true,
  },
  // The clearance dialog (features/clearance), loaded on the first click.
  {
    key: 'applyClearance',
    label: 'Apply for Clearance',
    target: { kind: 'dialog', callback: 'onApplyClearance' },
    built: true,
  },
  { key: 'downloadForms', label: 'Download Forms', target: { kind: 'downloads' }, built: true },
];

export function builtNavEntries(table: readonly LandingNavEntry[] = LANDING_NAV): LandingNavEntry[] {
  return table.filter((entry) => entry.built);
}

export type LandingCallbacks = Partial<Record<LandingCallback, () => void>>;
