import { z } from 'zod';
import { STATUS_CODES } from '../../machines/application/statuses';
import { isoDate } from './reports.contract';

/**
 * The lifecycle's live numbers and the event-log export (issue 12 parts 2 and 3; docs/insights.md).
 * VERIFIER (its district), SUPERVISOR and ADMIN (the whole state). Both calls take the same filter: a period of
 * India's calendar days and, optionally, a node of the jurisdiction tree to narrow to.
 */
export const INSIGHTS_LIFECYCLE_PATH = 'process/insights/lifecycle';
export const INSIGHTS_EVENTS_CSV_PATH = 'process/insights/events.csv';
export const INSIGHTS_EVENTS_XES_PATH = 'process/insights/events.xes';
export const INSIGHTS_EVENTS_OCEL_PATH = 'process/insights/events.ocel.json';
/** The export's event count, sent before the first byte so the browser can show progress (bytes are unknown). */
export const TOTAL_EVENTS_HEADER = 'x-total-events';

export const DEFAULT_SERVICE_LIMIT_DAYS = 15;
/** The longest period asked in one call: five years of weeks is already 262 points on a chart. */
export const MAX_PERIOD_DAYS = 5 * 366;

export const INSIGHTS_END_BEFORE_START = 'to: the end date must not be before the start date.';
export const INSIGHTS_DATE_RANGE = 'from: the dates must lie between 2000-01-01 and 2099-12-31.';
export const INSIGHTS_PERIOD_TOO_LONG = `to: the period must not be longer than ${MAX_PERIOD_DAYS} days.`;

const code = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(pattern, { error: message })
    .optional()
    .or(z.literal('').transform(() => undefined));

const dayNumber = (text: string) => Date.parse(`${text}T00:00:00Z`) / 86_400_000;

const filterFields = {
  from: isoDate('from'),
  to: isoDate('to'),
  districtCode: code(/^\d{4}$/, 'districtCode: give a district code, e.g. 1701.'),
  stationCode: code(/^PS\d{7}$/, 'stationCode: give a police station code, e.g. PS1701001.'),
  localityCode: code(/^PS\d{7}LA\d{2}$/, 'localityCode: give a locality code, e.g. PS1701001LA01.'),
  wardCode: code(/^PS\d{7}LA\d{2}W\d{2}$/, 'wardCode: give a sub-locality/ward code, e.g. PS1701001LA01W01.'),
};

type Period = { from: string; to: string };
const periodChecks = <T extends z.ZodType<Period>>(schema: T) =>
  schema
    .refine((f) => f.from >= '2000-01-01' && f.to <= '2099-12-31', {
      error: INSIGHTS_DATE_RANGE,
      path: ['from'],
    })
    .refine((f) => f.to >= f.from, { error: INSIGHTS_END_BEFORE_START, path: ['to'] })
    .refine((f) => dayNumber(f.to) - dayNumber(f.from) < MAX_PERIOD_DAYS, {
      error: INSIGHTS_PERIOD_TOO_LONG,
      path: ['to'],
    });

/** The export's query string: the same filter as the lifecycle's body. */
export const insightsFilterSchema = periodChecks(z.object(filterFields));
export type InsightsFilter = z.input<typeof insightsFilterSchema>;

export const lifecycleRequestSchema = periodChecks(
  z.object({
    ...filterFields,
    serviceLimitDays: z
      .number({ error: 'serviceLimitDays: give a whole number of days from 1 to 365.' })
      .int({ error: 'serviceLimitDays: give a whole number of days from 1 to 365.' })
      .min(1, { error: 'serviceLimitDays: give a whole number of days from 1 to 365.' })
      .max(365, { error: 'serviceLimitDays: give a whole number of days from 1 to 365.' })
      .default(DEFAULT_SERVICE_LIMIT_DAYS),
  }),
);
export type LifecycleRequest = z.input<typeof lifecycleRequestSchema>;

const statusCode = z.enum(STATUS_CODES);

/** The node the numbers are about: 'state' when no filter narrowed the viewer's whole-state view. */
export const insightsAreaSchema = z.object({
  level: z.enum(['state', 'district', 'station', 'locality', 'ward']),
  code: z.string().nullable(),
});

export const transitionCountSchema = z.object({
  /** null: the application's first flow entry (its submission), which enters the lifecycle from nowhere. */
  fromStatus: statusCode.nullable(),
  toStatus: statusCode,
  /** The lifecycle event ('application.accept' ...); null for the submission. */
  action: z.string().nullable(),
  count: z.number().int(),
});

export const timeInStateSchema = z.object({
  status: statusCode,
  /** Stays in this status that ended inside the period. */
  stays: z.number().int(),
  medianHours: z.number(),
  p90Hours: z.number(),
});

export const rankedUnitSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Applications submitted in the period (busiest) or decisions in the period (slowest). */
  count: z.number().int(),
  /** Median hours from submission to decision (slowest only; null in busiest). */
  medianHoursToDecision: z.number().nullable(),
});
const rankingSchema = z.object({
  stations: z.array(rankedUnitSchema),
  localities: z.array(rankedUnitSchema),
  wards: z.array(rankedUnitSchema),
});

export const weekPointSchema = z.object({
  /** ISO week, e.g. '2026-W07'. */
  week: z.string(),
  /** Its Monday, yyyy-MM-dd. */
  startsOn: z.string(),
  submitted: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});

export const lifecycleInsightsSchema = z.object({
  area: insightsAreaSchema,
  from: z.string(),
  to: z.string(),
  serviceLimitDays: z.number().int(),
  /** Submitted, not deleted applications per status, now. Every status is listed, zeros included. */
  states: z.array(z.object({ status: statusCode, count: z.number().int() })),
  transitions: z.array(transitionCountSchema),
  timeInState: z.array(timeInStateSchema),
  overdue: z.object({
    total: z.number().int(),
    byStatus: z.array(z.object({ status: statusCode, count: z.number().int() })),
  }),
  busiest: rankingSchema,
  slowest: rankingSchema,
  weeklyTrend: z.array(weekPointSchema),
});
export type LifecycleInsights = z.infer<typeof lifecycleInsightsSchema>;
export type TransitionCount = z.infer<typeof transitionCountSchema>;
export type RankedUnit = z.infer<typeof rankedUnitSchema>;
export type WeekPoint = z.infer<typeof weekPointSchema>;

/** The CSV export's columns, in order (the first line of the file). */
export const EVENT_COLUMNS = [
  'event_id',
  'case_id',
  'activity',
  'timestamp',
  'lifecycle_status',
  'resource_role',
  'ward_code',
  'locality_code',
  'station_code',
] as const;

/** The export's query string, as the browser builds it. */
export function insightsQuery(filter: InsightsFilter): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, String(value));
  return params.toString();
}
