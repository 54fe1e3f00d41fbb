import type {
  LifecycleInsights,
  LifecycleRequest,
  TransitionCount,
} from '../../src/contract/insights.contract';
import type { LiveInsightsApi } from '../../src/web/features/workflows/live/insights-api';
import type { Choice } from '../../src/web/lib/use-choices';
import { STATUS_CODES } from '../../machines/application';

// Fake replies of POST process/insights/lifecycle for the live view's stories and dom tests: no network.

/**
 * Every kind of move the server records (docs/insights.md, "transitions"), written from the flow's point of view
 * (the status before and after a flow entry, and its action), not from the diagram: the mapping must find each.
 */
export const EVERY_KIND_OF_MOVE: TransitionCount[] = [
  { fromStatus: null, toStatus: 'LARP', action: null, count: 1480 },
  { fromStatus: 'LARP', toStatus: 'LAVP', action: 'application.recommendApproval', count: 1105 },
  { fromStatus: 'LARP', toStatus: 'LAVP', action: 'application.recommendRejection', count: 96 },
  { fromStatus: 'LARP', toStatus: 'RECT', action: 'application.requestRectification', count: 61 },
  { fromStatus: 'LARP', toStatus: 'LARP', action: 'application.delete', count: 12 },
  { fromStatus: 'LARP', toStatus: 'LARP', action: 'tenant.vacate', count: 4 },
  { fromStatus: 'LAVP', toStatus: 'PLVP', action: 'application.accept', count: 1002 },
  { fromStatus: 'LAVP', toStatus: 'RJT', action: 'application.decline', count: 118 },
  { fromStatus: 'LAVP', toStatus: 'RECT', action: 'application.requestRectification', count: 23 },
  { fromStatus: 'LAVP', toStatus: 'LAVP', action: 'application.delete', count: 3 },
  { fromStatus: 'LAVP', toStatus: 'LAVP', action: 'tenant.vacate', count: 2 },
  { fromStatus: 'PLVP', toStatus: 'APARV', action: 'tenant.vacate', count: 37 },
  { fromStatus: 'PLVP', toStatus: 'PLVP', action: 'application.certify', count: 640 },
  { fromStatus: 'RECT', toStatus: 'LARP', action: 'application.resubmit', count: 70 },
  { fromStatus: 'RECT', toStatus: 'RECT', action: 'tenant.vacate', count: 1 },
];

const NOW: Record<(typeof STATUS_CODES)[number], number> = {
  LARP: 212,
  LAVP: 1204,
  PLVP: 8350,
  RJT: 981,
  RECT: 9,
  APARV: 140,
};

const weeks = Array.from({ length: 8 }, (_, i) => {
  const monday = new Date(Date.UTC(2026, 8, 28) + i * 7 * 86_400_000).toISOString().slice(0, 10);
  return {
    week: `2026-W${40 + i}`,
    startsOn: monday,
    submitted: 160 + ((i * 37) % 50),
    approved: 120 + ((i * 23) % 40),
    rejected: 10 + ((i * 7) % 9),
  };
});

const unit = (code: string, name: string, count: number, medianHoursToDecision: number | null = null) => ({
  code,
  name,
  count,
  medianHoursToDecision,
});

/** A district's year: numbers on every state and arrow, some cases past the limit. */
export const DISTRICT_YEAR: LifecycleInsights = {
  area: { level: 'district', code: '1701' },
  from: '2025-11-25',
  to: '2026-11-24',
  serviceLimitDays: 15,
  states: STATUS_CODES.map((status) => ({ status, count: NOW[status] })),
  transitions: EVERY_KIND_OF_MOVE,
  timeInState: [
    { status: 'LARP', stays: 1265, medianHours: 30.5, p90Hours: 96.2 },
    { status: 'LAVP', stays: 1141, medianHours: 52, p90Hours: 410.4 },
    { status: 'PLVP', stays: 37, medianHours: 2100, p90Hours: 5400.5 },
    { status: 'RECT', stays: 71, medianHours: 140, p90Hours: 300 },
  ],
  overdue: {
    total: 703,
    byStatus: [
      { status: 'LARP', count: 14 },
      { status: 'LAVP', count: 687 },
      { status: 'RECT', count: 2 },
    ],
  },
  busiest: {
    stations: [unit('PS1701001', 'Sadar', 820), unit('PS1701002', 'Laitumkhrah', 660)],
    localities: [unit('PS1701001LA01', 'Police Bazar', 410), unit('PS1701002LA01', 'Nongrim', 300)],
    wards: [
      unit('PS1701001LA01W01', 'Laitumkhrah Main', 220),
      unit('PS1701001LA01W02', 'Nongrim Hills', 190),
    ],
  },
  slowest: {
    stations: [unit('PS1701002', 'Laitumkhrah', 480, 310.5), unit('PS1701001', 'Sadar', 640, 120)],
    localities: [unit('PS1701002LA01', 'Nongrim', 200, 330), unit('PS1701001LA01', 'Police Bazar', 320, 118)],
    wards: [
      unit('PS1701001LA01W02', 'Nongrim Hills', 90, 350),
      unit('PS1701001LA01W01', 'Laitumkhrah Main', 110, 100),
    ],
  },
  weeklyTrend: weeks,
};

/** A period in which nothing was submitted or moved: the states still hold what is there now. */
export const QUIET_PERIOD: LifecycleInsights = {
  ...DISTRICT_YEAR,
  from: '2026-11-23',
  to: '2026-11-24',
  transitions: [],
  timeInState: [],
  busiest: { stations: [], localities: [], wards: [] },
  slowest: { stations: [], localities: [], wards: [] },
  weeklyTrend: [{ week: '2026-W48', startsOn: '2026-11-23', submitted: 0, approved: 0, rejected: 0 }],
};

export const DEMO_DISTRICTS: Choice[] = [
  { value: '1701', label: 'East Khasi Hills' },
  { value: '1702', label: 'West Khasi Hills' },
];
export const DEMO_STATIONS: Choice[] = [
  { value: 'PS1701001', label: 'Sadar' },
  { value: 'PS1701002', label: 'Laitumkhrah' },
];
export const DEMO_LOCALITIES: Choice[] = [{ value: 'PS1701001LA01', label: 'Police Bazar' }];
export const DEMO_WARD_CHOICES: Choice[] = [
  { value: 'PS1701001LA01W01', label: 'Laitumkhrah Main' },
  { value: 'PS1701001LA01W02', label: 'Nongrim Hills' },
];

/** Fake calls: a fixed reply (or never, or a refusal with the server's words); every request is recorded. */
export function fakeInsightsApi(
  reply: LifecycleInsights | 'loading' | { status: number; message: string },
  requests: LifecycleRequest[] = [],
): LiveInsightsApi {
  return {
    lifecycle: async (request) => {
      requests.push(request);
      if (reply === 'loading') return new Promise<never>(() => {});
      if ('message' in reply) throw reply;
      return reply;
    },
    districts: async () => DEMO_DISTRICTS,
    stations: async () => DEMO_STATIONS,
    localities: async () => DEMO_LOCALITIES,
    wards: async () => DEMO_WARD_CHOICES,
  };
}
