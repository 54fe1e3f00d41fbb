import type { DashboardCard } from '../../src/contract/dashboard.contract';

/** Counts as the demo data gives a district officer. */
export const DEMO_CARDS: DashboardCard[] = [
  { key: 'policeStations', label: 'Registered Police Stations', count: 3 },
  { key: 'localities', label: 'Registered Localities', count: 5 },
  { key: 'subLocalities', label: 'Registered Sub-Localities', count: 11 },
];
