import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Dashboard cards (backoffice.md section 2). Each card is a live count over the caller's jurisdiction.
 * To add a card: add its key and label here, then its counter in src/server/services/dashboard-cards.ts
 * (the server's counter table is typed by these keys, so a key without a counter does not compile).
 */
export const DASHBOARD_CARD_LABELS = {
  policeStations: 'Registered Police Stations',
  localities: 'Registered Localities',
  subLocalities: 'Registered Sub-Localities',
  pending: 'Pending Applications',
  forwarded: 'Forwarded Applications',
  approved: 'Approved Applications',
  rejected: 'Rejected Applications',
  tenants: 'Tenants',
  shiftedTenants: 'Shifted Tenants',
  landlords: 'Landlords',
  totalTenants: 'Total Tenants Registered',
  totalLandlords: 'Total Landlords Registered',
} as const;

export type DashboardCardKey = keyof typeof DASHBOARD_CARD_LABELS;

/** The spec's two totals are counts only: no list opens from them (backoffice.md section 2). */
export const UNLINKED_DASHBOARD_CARDS = [
  'totalTenants',
  'totalLandlords',
] as const satisfies readonly DashboardCardKey[];
export type LinkedDashboardCardKey = Exclude<DashboardCardKey, (typeof UNLINKED_DASHBOARD_CARDS)[number]>;
export const DASHBOARD_CARD_KEYS = Object.keys(DASHBOARD_CARD_LABELS) as DashboardCardKey[];

export const dashboardCardSchema = z.object({
  key: z.enum(DASHBOARD_CARD_KEYS as [DashboardCardKey, ...DashboardCardKey[]]),
  label: z.string(),
  count: z.number().int().nonnegative(),
});
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

export const dashboardSummaryReplySchema = z.object({ cards: z.array(dashboardCardSchema) });
export type DashboardSummaryReply = z.infer<typeof dashboardSummaryReplySchema>;

/** The dashboard's live counts, scoped to the caller's jurisdiction. */
export const DASHBOARD_ENDPOINTS = {
  summary: endpoint({
    method: 'GET',
    path: '/dashboard/summary',
    access: { staff: 'any' },
    tag: 'dashboard',
    reply: dashboardSummaryReplySchema,
  }),
};
