import type { NamedStatement } from '../db/prepared';
import { areaCondition, type InsightsArea } from './insights-area';
import { AWAITING_DECISION, jsonRows, LEVELS, ranking } from './insights-lifecycle.sql';
import { REPORT_TIME_ZONE } from './report.service';

// The lifecycle's four statements for a district or the whole state, read from the rollups of migration 0010
// (docs/insights.md, "Rollups") instead of a million moves. Same JSON shapes as insights-lifecycle.sql.ts.
// Parameters: $1 the area's code (null for the state), $2 and $3 the period's first and last day, $4 and $5 the
// period's whole months [first month's first day, day after the last whole month) (periodCover), then per statement.

/** The areas the rollups serve: a station's year is already a small range of application_moves (16 ms). */
export type RollupArea = InsightsArea & { level: 'state' | 'district' };
export const readsRollups = (area: InsightsArea): area is RollupArea =>
  area.level === 'state' || area.level === 'district';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The whole months inside [from, to] as [monthsFrom, monthsTo): read from the month rows, the days outside them
 * from the day rows. No whole month gives an empty range (monthsFrom = monthsTo), so every day is a day row.
 */
export function periodCover(from: string, to: string): { monthsFrom: string; monthsTo: string } {
  const first = new Date(`${from}T00:00:00Z`);
  const monthsFrom =
    first.getUTCDate() === 1 ? from : dayOf(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1));
  const after = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  const monthsTo = dayOf(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), 1));
  return monthsFrom < monthsTo ? { monthsFrom, monthsTo } : { monthsFrom: from, monthsTo: from };
}

/**
 * Rollup rows `r` that together count the period once: its whole months [$4, $5), and its days before and after
 * them, [$2, $4) and [$5, $3] (three index ranges; with no whole month the first two are empty).
 */
const inCover = (r: string) => `((${r}.grain = 'm' and ${r}.starts >= $4::date and ${r}.starts < $5::date)
  or (${r}.grain = 'd' and ${r}.starts >= $2::date and ${r}.starts < $4::date)
  or (${r}.grain = 'd' and ${r}.starts >= $5::date and ${r}.starts <= $3::date))`;

const hoursOf = (bucket: string) => `insights_bucket_hours(${bucket})`;

/**
 * percentile_cont over a histogram `source` (unit, bucket, n): for each unit the values at the two ranks around
 * p (n - 1) are the representatives of the buckets that hold those ranks, interpolated as percentile_cont does.
 */
function bucketPercentiles(source: string, ps: Record<string, number>): string {
  const picks = Object.entries(ps).map(
    ([name, p]) => `min(bucket) filter (where cum > floor(${p} * (total - 1))) as ${name}_low,
      min(bucket) filter (where cum > ceil(${p} * (total - 1))) as ${name}_high,
      ${p} * (max(total) - 1) - floor(${p} * (max(total) - 1)) as ${name}_at`,
  );
  const values = Object.keys(ps).map(
    (name) =>
      `${hoursOf(`${name}_low`)} + (${hoursOf(`${name}_high`)} - ${hoursOf(`${name}_low`)}) * ${name}_at as ${name}`,
  );
  return `select unit, total::int as count, ${values.join(', ')} from (
    select unit, max(total) as total, ${picks.join(',\n      ')}
    from (select unit, bucket, n, sum(n) over (partition by unit order by bucket) as cum,
        sum(n) over (partition by unit) as total
      from (${source}) h where n > 0) c
    group by unit) p`;
}

/** Now (not period-bound): per status from the month rows; overdue from the rows before the limit's day. */
export function nowRollupStatement(area: RollupArea): NamedStatement {
  const awaiting = AWAITING_DECISION.map((s) => `'${s}'`).join(', ');
  // $6 days before the instant $7; its India day and that day's midnight split the rollup from the raw rows.
  const text = `with cutoff as (
  select c.at, insights_day(c.at) as day, date_trunc('month', insights_day(c.at))::date as month,
    (insights_day(c.at)::timestamp at time zone '${REPORT_TIME_ZONE}') as midnight
  from (select $7::timestamptz - $6::int * interval '1 day' as at) c
), overdue as (
  select r.status, r.applications as n from insights_now r, cutoff c
  where ${areaCondition(area, 'r')} and r.status in (${awaiting})
    and ((r.grain = 'm' and r.starts < c.month) or (r.grain = 'd' and r.starts >= c.month and r.starts < c.day))
  union all
  select a.status, 1 from applications a, cutoff c
  where ${areaCondition(area, 'a')} and a.deleted_at is null and a.status in (${awaiting})
    and a.completed_at >= c.midnight and a.completed_at < c.at
)
select ${jsonRows(`select r.status, sum(r.applications)::int as count from insights_now r
    where ${areaCondition(area, 'r')} and r.grain = 'm' group by r.status having sum(r.applications) > 0`)} as states,
  ${jsonRows(`select status, sum(n)::int as count from overdue group by status having sum(n) > 0`)} as overdue
  from (select $2::date, $3::date, $4::date, $5::date) unused`;
  return { name: `insights_now_rollup_${area.level}`, text };
}

const weekOf = (day: string) => `to_char(date_trunc('week', ${day}), 'YYYY-MM-DD')`;

/** Submissions in the period: the busiest units (ward rows) and the submissions per week (day rows). */
export function submittedRollupStatement(area: RollupArea): NamedStatement {
  const text = `with sub as (
  select r.ward_code, left(r.ward_code, 13) as locality_code, left(r.ward_code, 9) as station_code,
    sum(r.submitted) as submitted
  from insights_ward_submissions r where ${areaCondition(area, 'r')} and ${inCover('r')}
  group by r.ward_code having sum(r.submitted) > 0
)
select ${LEVELS.map(
    ([key, column, table]) =>
      `${ranking('sub', column, table, 'sum(submitted)::int as count', 'count desc')} as ${key}`,
  ).join(',\n  ')},
  ${jsonRows(`select ${weekOf('r.starts')} as week, sum(r.applications)::int as count from insights_now r
    where ${areaCondition(area, 'r')} and r.grain = 'd' and r.starts between $2::date and $3::date
    group by 1 having sum(r.applications) > 0`)} as weeks`;
  return { name: `insights_submitted_rollup_${area.level}`, text };
}

/** The moves per arrow, the stays' percentiles (from buckets) and the decisions per week. */
export function movesRollupStatement(area: RollupArea): NamedStatement {
  const stays = `select r.status as unit, r.bucket, sum(r.stays) as n from insights_stays_rollup r
    where ${areaCondition(area, 'r')} and ${inCover('r')} group by 1, 2`;
  const text = `select ${jsonRows(`select r.from_status as "fromStatus", r.to_status as "toStatus", r.action,
    sum(r.moves)::int as count from insights_moves_rollup r where ${areaCondition(area, 'r')} and ${inCover('r')}
    group by 1, 2, 3 having sum(r.moves) > 0 order by 4 desc`)} as transitions,
  ${jsonRows(`select unit as status, count as stays, median as "medianHours", p90 as "p90Hours"
    from (${bucketPercentiles(stays, { median: 0.5, p90: 0.9 })}) s`)} as stays,
  ${jsonRows(`select ${weekOf('r.starts')} as week,
    sum(r.moves) filter (where r.step = 'accepted')::int as approved,
    sum(r.moves) filter (where r.step = 'declined')::int as rejected
    from insights_moves_rollup r where ${areaCondition(area, 'r')} and r.grain = 'd'
      and r.step in ('accepted', 'declined') and r.starts between $2::date and $3::date group by 1`)} as weeks
  from (select $4::date, $5::date) unused`;
  return { name: `insights_moves_rollup_${area.level}`, text };
}

/**
 * The slowest units: the median of the decisions' hours per station, locality and ward, from ward buckets. Ranked
 * by the median as shown (a tenth of an hour), then code: two medians equal on the flow may differ in the last
 * digits of their buckets, and must not be ordered by that noise.
 */
export function decisionsRollupStatement(area: RollupArea): NamedStatement {
  const unitOf = {
    stations: 'left(ward_code, 9)',
    localities: 'left(ward_code, 13)',
    wards: 'ward_code',
  } as const;
  const text = `with w as (
  select r.ward_code, r.bucket, sum(r.decisions) as n from insights_ward_decisions r
  where ${areaCondition(area, 'r')} and ${inCover('r')} group by 1, 2 having sum(r.decisions) > 0
)
select ${LEVELS.map(([key, , table]) => {
    const perUnit = `select ${unitOf[key]} as unit, bucket, sum(n) as n from w group by 1, 2`;
    return `${jsonRows(`select m.unit as code, coalesce(u.name, m.unit) as name, m.count, m.median
      from (${bucketPercentiles(perUnit, { median: 0.5 })}) m left join ${table} u on u.code = m.unit
      order by round(m.median::numeric, 1) desc, m.unit limit 5`)} as ${key}`;
  }).join(',\n  ')}`;
  return { name: `insights_decisions_rollup_${area.level}`, text };
}
