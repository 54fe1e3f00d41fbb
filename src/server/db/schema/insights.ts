import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
