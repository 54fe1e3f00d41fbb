import { STATUS_CODES, type StatusCode } from '../../../machines/application/statuses';
import type {
  LifecycleInsights,
  RankedUnit,
  TransitionCount,
  WeekPoint,
} from '../../contract/insights.contract';
import type { Db } from '../db/client';
import { runStatement } from '../db/prepared';
import type { InsightsArea } from './insights-area';
import {
  decisionsStatement,
  movesStatement,
  nowStatement,
  submittedStatement,
} from './insights-lifecycle.sql';
import {
  decisionsRollupStatement,
  movesRollupStatement,
  nowRollupStatement,
  periodCover,
  readsRollups,
  submittedRollupStatement,
} from './insights-rollup.sql';

/** The lifecycle's numbers for one area and period (docs/insights.md says what each number counts). */
export interface LifecycleQuery {
  area: InsightsArea;
  from: string;
  to: string;
  serviceLimitDays: number;
  now: Date;
}

type StatusCount = { status: StatusCode; count: number };
type Ranked = { code: string; name: string; count: number; median?: number };
type Ranking = { stations: Ranked[]; localities: Ranked[]; wards: Ranked[] };

interface NowRow {
  states: StatusCount[];
  overdue: StatusCount[];
}
interface SubmittedRow extends Ranking {
  weeks: Array<{ week: string; count: number }>;
}
interface MovesRow {
  transitions: TransitionCount[];
  stays: Array<{ status: StatusCode; stays: number; medianHours: number; p90Hours: number }>;
  weeks: Array<{ week: string; approved: number; rejected: number }>;
}

const DAY_MS = 86_400_000;
const hours = (value: number) => Math.round(value * 10) / 10;

/** Every status in the machine's order, zero where the database had no row. */
function everyStatus(rows: StatusCount[]): StatusCount[] {
  const counts = new Map(rows.map((r) => [r.status, r.count]));
  return STATUS_CODES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

/** ISO week of a Monday (yyyy-MM-dd): the week belongs to the year of its Thursday. */
export function isoWeekOf(monday: string): string {
  const thursday = new Date(Date.parse(`${monday}T00:00:00Z`) + 3 * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The Mondays of every week that has a day in [from, to]. */
function mondaysOf(from: string, to: string): string[] {
  const first = Date.parse(`${from}T00:00:00Z`);
  const start = first - ((new Date(first).getUTCDay() + 6) % 7) * DAY_MS;
  const end = Date.parse(`${to}T00:00:00Z`);
  const mondays: string[] = [];
  for (let at = start; at <= end; at += 7 * DAY_MS) mondays.push(new Date(at).toISOString().slice(0, 10));
  return mondays;
}

function weeklyTrend(query: LifecycleQuery, submitted: SubmittedRow, flow: MovesRow): WeekPoint[] {
  const sub = new Map(submitted.weeks.map((w) => [w.week, w.count]));
  const decided = new Map(flow.weeks.map((w) => [w.week, w]));
  return mondaysOf(query.from, query.to).map((monday) => ({
    week: isoWeekOf(monday),
    startsOn: monday,
    submitted: sub.get(monday) ?? 0,
    approved: decided.get(monday)?.approved ?? 0,
    rejected: decided.get(monday)?.rejected ?? 0,
  }));
}

const shapeRanking = (ranking: Ranking) => {
  const units = (rows: Ranked[]): RankedUnit[] =>
    rows.map((r) => ({
      code: r.code,
      name: r.name,
      count: r.count,
      medianHoursToDecision: r.median === undefined ? null : hours(r.median),
    }));
  return {
    stations: units(ranking.stations),
    localities: units(ranking.localities),
    wards: units(ranking.wards),
  };
};

/**
 * Four statements side by side (on PostgreSQL each on its own pooled connection): for a district or the whole
 * state from the rollups (migration 0010), for a station, locality or ward from application_moves and applications.
 */
function readNumbers(db: Db, query: LifecycleQuery) {
  const { area, from, to, serviceLimitDays } = query;
  const limit = [serviceLimitDays, query.now.toISOString()];
  if (readsRollups(area)) {
    const { monthsFrom, monthsTo } = periodCover(from, to);
    const period = [area.code, from, to, monthsFrom, monthsTo];
    return Promise.all([
      runStatement<NowRow>(db, nowRollupStatement(area), [...period, ...limit]),
      runStatement<SubmittedRow>(db, submittedRollupStatement(area), period),
      runStatement<MovesRow>(db, movesRollupStatement(area), period),
      runStatement<Ranking>(db, decisionsRollupStatement(area), period),
    ]);
  }
  const period = [area.code, from, to];
  return Promise.all([
    runStatement<NowRow>(db, nowStatement(area), [...period, ...limit]),
    runStatement<SubmittedRow>(db, submittedStatement(area), period),
    runStatement<MovesRow>(db, movesStatement(area), period),
    runStatement<Ranking>(db, decisionsStatement(area), period),
  ]);
}

export async function lifecycleInsights(db: Db, query: LifecycleQuery): Promise<LifecycleInsights> {
  const { area, from, to, serviceLimitDays } = query;
  const [[now], [submitted], [flow], [decisions]] = await readNumbers(db, query);
  const overdue = everyStatus(now.overdue).filter((s) => s.count > 0);
  return {
    area: { level: area.level, code: area.code },
    from,
    to,
    serviceLimitDays,
    states: everyStatus(now.states),
    transitions: flow.transitions,
    timeInState: flow.stays.map((s) => ({
      status: s.status,
      stays: s.stays,
      medianHours: hours(s.medianHours),
      p90Hours: hours(s.p90Hours),
    })),
    overdue: { total: overdue.reduce((sum, s) => sum + s.count, 0), byStatus: overdue },
    busiest: shapeRanking(submitted),
    slowest: shapeRanking(decisions),
    weeklyTrend: weeklyTrend(query, submitted, flow),
  };
}
