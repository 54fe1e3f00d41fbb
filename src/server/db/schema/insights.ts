import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { FLOW_STEPS, STATUS_CODES } from '../../../../machines/application/statuses';
import { applicationFlow } from './applications';

/**
 * One row per flow entry, written by a trigger on application_flow in the transaction that writes the entry
 * (migration 0009, docs/insights.md "Pre-aggregation"): the move it made (status before -> after), where the
 * application lies, and the two durations the lifecycle numbers take medians of. The insights read a range of
 * this table by (area, time) instead of ordering every flow entry of the area by application (2 s -> 0.1 s on a
 * million applications). Nothing else writes it; a deleted application's rows go with its flow entries.
 */
export const applicationMoves = pgTable(
  'application_moves',
  {
    flowId: bigint('flow_id', { mode: 'number' })
      .primaryKey()
      .references(() => applicationFlow.id, { onDelete: 'cascade' }),
    applid: bigint('applid', { mode: 'number' }).notNull(),
    wardCode: text('ward_code').notNull(),
    localityCode: text('locality_code')
      .notNull()
      .generatedAlwaysAs(sql`left(ward_code, 13)`),
    stationCode: text('station_code')
      .notNull()
      .generatedAlwaysAs(sql`left(ward_code, 9)`),
    districtCode: text('district_code')
      .notNull()
      .generatedAlwaysAs(sql`substr(ward_code, 3, 4)`),
    logdt: timestamp('logdt', { withTimezone: true }).notNull(),
    /** The status before this entry; null for the application's first entry. */
    fromStatus: text('from_status', { enum: STATUS_CODES }),
    toStatus: text('to_status', { enum: STATUS_CODES }).notNull(),
    action: text('action'),
    step: text('step', { enum: FLOW_STEPS }).notNull(),
    /** When the application entered `to_status` (an entry that keeps the status keeps the earlier time). */
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    /** Hours spent in `from_status`, when this entry changed the status; null otherwise. */
    stayHours: doublePrecision('stay_hours'),
    /** Hours from submission (completed_at) to this entry, when it is a decision (accepted/declined). */
    decisionHours: doublePrecision('decision_hours'),
  },
  (t) => [
    index('application_moves_district_idx').on(t.districtCode, t.logdt),
    index('application_moves_station_idx').on(t.stationCode, t.logdt),
    index('application_moves_locality_idx').on(t.localityCode, t.logdt),
    index('application_moves_ward_idx').on(t.wardCode, t.logdt),
    index('application_moves_logdt_idx').on(t.logdt),
    index('application_moves_applid_idx').on(t.applid, t.flowId),
  ],
);

// The rollups of migration 0010 (docs/insights.md, "Rollups"): counts per grain ('d' an India calendar day, 'm'
// the month that starts on `starts`), written by triggers in the transaction of the change that causes them. A
// period is read as its whole months plus its loose days, so a year of the whole state sums some thousands of
// rows instead of a million moves. Every count is a sum of +1 / -1 deltas; rows that fall to 0 stay.
const grain = () => text('grain', { enum: ['d', 'm'] }).notNull();
const starts = () => date('starts', { mode: 'string' }).notNull();
const districtOfWard = () =>
  text('district_code')
    .notNull()
    .generatedAlwaysAs(sql`substr(ward_code, 3, 4)`);

/** Submitted, not deleted applications per district, status now and submission (completed_at) day / month. */
export const insightsNow = pgTable(
  'insights_now',
  {
    grain: grain(),
    starts: starts(),
    districtCode: text('district_code').notNull(),
    status: text('status', { enum: STATUS_CODES }).notNull(),
    applications: integer('applications').notNull(),
  },
  (t) => [primaryKey({ columns: [t.grain, t.starts, t.districtCode, t.status] })],
);

/** The moves (application_moves rows) per district, day / month of the move and arrow. */
export const insightsMovesRollup = pgTable(
  'insights_moves_rollup',
  {
    grain: grain(),
    starts: starts(),
    districtCode: text('district_code').notNull(),
    fromStatus: text('from_status', { enum: STATUS_CODES }),
    toStatus: text('to_status', { enum: STATUS_CODES }).notNull(),
    action: text('action'),
    step: text('step', { enum: FLOW_STEPS }).notNull(),
    moves: integer('moves').notNull(),
  },
  (t) => [
    unique('insights_moves_rollup_key')
      .on(t.grain, t.starts, t.districtCode, t.fromStatus, t.toStatus, t.action, t.step)
      .nullsNotDistinct(),
  ],
);

/** The stays that ended (stay_hours) per district, day / month of their end, status and hours bucket. */
export const insightsStaysRollup = pgTable(
  'insights_stays_rollup',
  {
    grain: grain(),
    starts: starts(),
    districtCode: text('district_code').notNull(),
    status: text('status', { enum: STATUS_CODES }).notNull(),
    /** insights_hours_bucket(hours): docs/insights.md, "Percentiles". */
    bucket: integer('bucket').notNull(),
    stays: integer('stays').notNull(),
  },
  (t) => [primaryKey({ columns: [t.grain, t.starts, t.districtCode, t.status, t.bucket] })],
);

/** Submitted, not deleted applications per ward and submission day / month (the busiest units). */
export const insightsWardSubmissions = pgTable(
  'insights_ward_submissions',
  {
    grain: grain(),
    starts: starts(),
    wardCode: text('ward_code').notNull(),
    districtCode: districtOfWard(),
    submitted: integer('submitted').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.starts, t.wardCode] }),
    index('insights_ward_submissions_district_idx').on(t.districtCode, t.grain, t.starts),
  ],
);

/** Decisions per ward, decision day / month and bucket of the hours since submission (the slowest units). */
export const insightsWardDecisions = pgTable(
  'insights_ward_decisions',
  {
    grain: grain(),
    starts: starts(),
    wardCode: text('ward_code').notNull(),
    districtCode: districtOfWard(),
    bucket: integer('bucket').notNull(),
    decisions: integer('decisions').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.grain, t.starts, t.wardCode, t.bucket] }),
    index('insights_ward_decisions_district_idx').on(t.districtCode, t.grain, t.starts),
  ],
);
