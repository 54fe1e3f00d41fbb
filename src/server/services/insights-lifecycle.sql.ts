import type { NamedStatement } from '../db/prepared';
import { areaCondition, type InsightsArea } from './insights-area';
import { REPORT_TIME_ZONE } from './report.service';

// The lifecycle numbers' four statements (docs/insights.md). Parameters everywhere: $1 the area's code (null for
// the state), $2 and $3 the period's first and last day (India's calendar days), then per statement below.
// Each returns one row of json columns, so one round trip per statement; the three run side by side.

const TZ = REPORT_TIME_ZONE;
const PERIOD_START = `(($2::date)::timestamp at time zone '${TZ}')`;
const PERIOD_END = `(($3::date + 1)::timestamp at time zone '${TZ}')`;
/** Statuses that still wait for an official's decision: the service limit applies to them. */
export const AWAITING_DECISION = ['LARP', 'LAVP', 'RECT'] as const;

export const jsonRows = (select: string) => `(select coalesce(json_agg(r), '[]'::json) from (${select}) r)`;

/** The top five units of one level in `source` (a CTE with the unit's code columns), by `order`. */
export const ranking = (source: string, column: string, table: string, measures: string, order: string) =>
  jsonRows(`select x.*, coalesce(u.name, x.code) as name
    from (select ${column} as code, ${measures} from ${source} src group by ${column}) x
    left join ${table} u on u.code = x.code order by ${order}, x.code limit 5`);

export const LEVELS = [
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

/** The area's moves in the period: an index-only range of application_moves (migration 0009). */
const movesInPeriod = (area: InsightsArea, columns: string, extra = '') =>
  `select ${columns} from application_moves m
  where ${areaCondition(area, 'm')} and m.logdt >= ${PERIOD_START} and m.logdt < ${PERIOD_END}${extra}`;

/**
 * The moves in the period (one row per flow entry, with the status before it, kept by a trigger): the counts per
 * arrow, the stays that ended in the period (a stay ends at the entry that changes the status: its stay_hours),
 * and the decisions per week.
 */
export function movesStatement(area: InsightsArea): NamedStatement {
  const text = `with m as materialized (
  ${movesInPeriod(area, 'm.logdt, m.from_status, m.to_status, m.action, m.step, m.stay_hours')}
)
select ${jsonRows(`select from_status as "fromStatus", to_status as "toStatus", action, count(*)::int as count
    from m group by 1, 2, 3 order by 4 desc`)} as transitions,
  ${jsonRows(`select from_status as status, count(*)::int as stays,
    percentile_cont(0.5) within group (order by stay_hours) as "medianHours",
    percentile_cont(0.9) within group (order by stay_hours) as "p90Hours"
    from m where stay_hours is not null group by from_status`)} as stays,
  ${jsonRows(`select to_char(date_trunc('week', logdt at time zone '${TZ}'), 'YYYY-MM-DD') as week,
    count(*) filter (where step = 'accepted')::int as approved,
    count(*) filter (where step = 'declined')::int as rejected
    from m where step in ('accepted', 'declined') group by 1`)} as weeks`;
  return { name: `insights_moves_${area.level}`, text };
}

/**
 * The decisions (approval or rejection) in the period with their hours since submission: the slowest units.
 * A statement of its own so that it runs beside movesStatement on another connection.
 */
export function decisionsStatement(area: InsightsArea): NamedStatement {
  const decisions = `(${movesInPeriod(
    area,
    `m.ward_code, left(m.ward_code, 13) as locality_code, left(m.ward_code, 9) as station_code,
    m.decision_hours as hours`,
    ' and m.decision_hours is not null',
  )})`;
  const text = `select ${LEVELS.map(
    ([key, column, table]) =>
      `${ranking(
        decisions,
        column,
        table,
        'count(*)::int as count, percentile_cont(0.5) within group (order by hours) as median',
        'median desc',
      )} as ${key}`,
  ).join(',\n  ')}`;
  return { name: `insights_decisions_${area.level}`, text };
}
