import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows-of';

// The lifecycle numbers computed the slow, obvious way from application_flow and applications (never from the
// application_moves table the service reads), so a suite can compare the two (docs/insights.md says what counts).

interface FlowRow {
  applid: number;
  logdt: Date;
  aplstatus: string;
  action: string | null;
  step: string;
  ward_code: string;
  completed_at: Date | null;
}

const HOUR = 3_600_000;
/** India's midnight at the start of `day` (yyyy-MM-dd), as epoch ms. */
export const indiaMidnight = (day: string) => Date.parse(`${day}T00:00:00+05:30`);

/** percentile_cont: linear interpolation between the two nearest ranks. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const at = p * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}
const tenth = (n: number) => Math.round(n * 10) / 10;

/** `where` is a condition on applications `a` (a test's own literal codes). */
export async function expectedNumbers(db: Db, where: string, from: string, to: string, now: Date) {
  const start = indiaMidnight(from);
  const end = indiaMidnight(to) + 24 * HOUR;
  const inPeriod = (t: Date) => t.getTime() >= start && t.getTime() < end;
  const flow = rowsOf<FlowRow>(
    await db.execute(
      sql.raw(`select f.applid::int as applid, f.logdt, f.aplstatus, f.action, f.step, a.ward_code, a.completed_at
      from application_flow f join applications a on a.applid = f.applid where ${where} order by f.applid, f.id`),
    ),
  );
  const transitions = new Map<string, number>();
  const stays = new Map<string, number[]>();
  const decisions: Array<{ ward: string; hours: number; step: string }> = [];
  let previous: FlowRow | null = null;
  let enteredAt = 0;
  for (const row of flow) {
    const logdt = new Date(row.logdt);
    const before = previous?.applid === row.applid ? previous.aplstatus : null;
    if (before !== row.aplstatus) {
      if (before !== null && inPeriod(logdt)) {
        stays.set(before, [...(stays.get(before) ?? []), (logdt.getTime() - enteredAt) / HOUR]);
      }
      enteredAt = logdt.getTime();
    }
    if (inPeriod(logdt)) {
      const key = JSON.stringify([before, row.aplstatus, row.action]);
      transitions.set(key, (transitions.get(key) ?? 0) + 1);
      if ((row.step === 'accepted' || row.step === 'declined') && row.completed_at) {
        const hours = (logdt.getTime() - new Date(row.completed_at).getTime()) / HOUR;
        decisions.push({ ward: row.ward_code, hours, step: row.step });
      }
    }
    previous = row;
  }
  const apps = rowsOf<{ status: string; ward_code: string; completed_at: Date }>(
    await db.execute(
      sql.raw(`select a.status, a.ward_code, a.completed_at from applications a
        where ${where} and a.deleted_at is null and a.completed_at is not null`),
    ),
  );
  const count = <T>(items: T[], key: (item: T) => string) => {
    const counts = new Map<string, number>();
    for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
    return counts;
  };
  const limitMs = now.getTime() - 15 * 24 * HOUR;
  const submitted = apps.filter((a) => inPeriod(new Date(a.completed_at)));
  const busiestStations = [...count(submitted, (a) => a.ward_code.slice(0, 9))]
    .sort(([a, n], [b, m]) => m - n || a.localeCompare(b))
    .slice(0, 5)
    .map(([code, n]) => ({ code, count: n }));
  const byStation = new Map<string, number[]>();
  for (const d of decisions) {
    const code = d.ward.slice(0, 9);
    byStation.set(code, [...(byStation.get(code) ?? []), d.hours]);
  }
  const slowestStations = [...byStation]
    .map(([code, hours]) => ({ code, count: hours.length, median: tenth(percentile(hours, 0.5)) }))
    .sort((a, b) => b.median - a.median || a.code.localeCompare(b.code))
    .slice(0, 5);
  return {
    states: Object.fromEntries(count(apps, (a) => a.status)),
    transitions: [...transitions]
      .map(([key, n]) => {
        const [fromStatus, toStatus, action] = JSON.parse(key) as [string | null, string, string | null];
        return { fromStatus, toStatus, action, count: n };
      })
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    timeInState: [...stays]
      .map(([status, hours]) => ({
        status,
        stays: hours.length,
        medianHours: tenth(percentile(hours, 0.5)),
        p90Hours: tenth(percentile(hours, 0.9)),
      }))
      .sort((a, b) => a.status.localeCompare(b.status)),
    overdue: apps.filter(
      (a) => ['LARP', 'LAVP', 'RECT'].includes(a.status) && new Date(a.completed_at).getTime() < limitMs,
    ).length,
    submitted: submitted.length,
    approved: decisions.filter((d) => d.step === 'accepted').length,
    rejected: decisions.filter((d) => d.step === 'declined').length,
    busiestStations,
    slowestStations,
  };
}
