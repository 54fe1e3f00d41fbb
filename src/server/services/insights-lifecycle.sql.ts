import type { NamedStatement } from '../db/prepared';
import { areaCondition, type InsightsArea } from './insights-area';
import { REPORT_TIME_ZONE } from './report.service';

// The lifecycle numbers' three statements (docs/insights.md). Parameters everywhere: $1 the area's code (null for
// the state), $2 and $3 the period's first and last day (India's calendar days), then per statement below.
// Each returns one row of json columns, so one round trip per statement; the three run side by side.

const TZ = REPORT_TIME_ZONE;
const PERIOD_START = `(($2::date)::timestamp at time zone '${TZ}')`;
const PERIOD_END = `(($3::date + 1)::timestamp at time zone '${TZ}')`;
/** Statuses that still wait for an official's decision: the service limit applies to them. */
export const AWAITING_DECISION = ['LARP', 'LAVP', 'RECT'] as const;

const jsonRows = (select: string) => `(select coalesce(json_agg(r), '[]'::json) from (${select}) r)`;

/** The top five units of one level in `source` (a CTE with the unit's code columns), by `order`. */
const ranking = (source: string, column: string, table: string, measures: string, order: string) =>
  jsonRows(`select x.*, coalesce(u.name, x.code) as name
    from (select ${column} as code, ${measures} from ${source} src group by ${column}) x
    left join ${table} u on u.code = x.code order by ${order}, x.code limit 5`);

const LEVELS = [
  ['stations', 'station_code', 'police_stations'],
  ['localities', 'locality_code', 'localities'],
  ['wards', 'ward_code', 'wards'],
] as const;

/**
 * Now: submitted, not deleted applications per status; and those still awaiting a decision whose submission is
 * older than the service limit ($4 days before the instant $5). Reads only the area's list index.
 */
export function nowStatement(area: InsightsArea): NamedStatement {
  const live = `${areaCondition(area, 'a')} and a.deleted_at is null and a.completed_at is not null`;
  const awaiting = AWAITING_DECISION.map((s) => `'${s}'`).join(', ');
  const text = `select ${jsonRows(`select a.status, count(*)::int as count from applications a
    where ${live} group by a.status`)} as states,
  ${jsonRows(`select a.status, count(*)::int as count from applications a
    where ${live} and a.status in (${awaiting})
      and a.completed_at < $5::timestamptz - $4::int * interval '1 day' group by a.status`)} as overdue
  from (select $2::date, $3::date) unused`;
  return { name: `insights_now_${area.level}`, text };
}

/** Applications submitted in the period: the busiest units and the submissions per ISO week (Monday). */
export function submittedStatement(area: InsightsArea): NamedStatement {
  const text = `with sub as (
  select a.ward_code, a.locality_code, a.station_code, a.completed_at from applications a
  where ${areaCondition(area, 'a')} and a.deleted_at is null
    and a.completed_at >= ${PERIOD_START} and a.completed_at < ${PERIOD_END}
)
select ${LEVELS.map(
    ([key, column, table]) =>
      `${ranking('sub', column, table, 'count(*)::int as count', 'count desc')} as ${key}`,
  ).join(',\n  ')},
  ${jsonRows(`select to_char(date_trunc('week', completed_at at time zone '${TZ}'), 'YYYY-MM-DD') as week,
    count(*)::int as count from sub group by 1`)} as weeks`;
  return { name: `insights_submitted_${area.level}`, text };
}

/**
 * The moves in the period, read from application_moves (one row per flow entry, kept by a trigger: migration
 * 0009). A move is a flow entry with the status before it; a stay in a status ends at the entry that changes it
 * (its stay_hours); a decision is an approval or a rejection (its decision_hours since submission).
 */
export function flowStatement(area: InsightsArea): NamedStatement {
  const decision = `select ward_code, locality_code, station_code, decision_hours as hours from m
    where decision_hours is not null`;
  const text = `with m as materialized (
  select m.ward_code, left(m.ward_code, 13) as locality_code, left(m.ward_code, 9) as station_code, m.logdt, m.from_status, m.to_status, m.action, m.step,
    m.stay_hours, m.decision_hours
  from application_moves m
  where ${areaCondition(area, 'm')} and m.logdt >= ${PERIOD_START} and m.logdt < ${PERIOD_END}
)
select ${jsonRows(`select from_status as "fromStatus", to_status as "toStatus", action, count(*)::int as count
    from m group by 1, 2, 3 order by 4 desc`)} as transitions,
  ${jsonRows(`select from_status as status, count(*)::int as stays,
    percentile_cont(0.5) within group (order by stay_hours) as "medianHours",
    percentile_cont(0.9) within group (order by stay_hours) as "p90Hours"
    from m where stay_hours is not null group by from_status`)} as stays,
  ${LEVELS.map(
    ([key, column, table]) =>
      `${ranking(
        `(${decision})`,
        column,
        table,
        'count(*)::int as count, percentile_cont(0.5) within group (order by hours) as median',
        'median desc',
      )} as ${key}`,
  ).join(',\n  ')},
  ${jsonRows(`select to_char(date_trunc('week', logdt at time zone '${TZ}'), 'YYYY-MM-DD') as week,
    count(*) filter (where step = 'accepted')::int as approved,
    count(*) filter (where step = 'declined')::int as rejected
    from m where step in ('accepted', 'declined') group by 1`)} as weeks`;
  return { name: `insights_flow_${area.level}`, text };
}
