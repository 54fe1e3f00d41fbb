import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  INSIGHTS_END_BEFORE_START,
  INSIGHTS_LIFECYCLE_PATH,
  lifecycleInsightsSchema,
  type LifecycleInsights,
} from '../../src/contract/insights.contract';
import { rowsOf } from '../../src/server/db/rows-of';
import { indianDate } from '../../src/server/services/domestic-helpers';
import { periodCover } from '../../src/server/services/insights-rollup.sql';
import { OUTSIDE_REPORT_MESSAGE } from '../../src/server/services/report-scope';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { api, sessions, WARD_A, WARD_C } from './applications-fixtures';
import { expectedNumbers } from './insights-expected';
import { accept, certify, decline, forward, insertTimedApplications, SUBMIT } from './insights-fixtures';
import { countRefusals } from '../support/refusals';

// The lifecycle's live numbers (docs/insights.md): who may ask, bad input, hand-made cases with known hours in
// March 2021 (long before the demo seed's applications), and the demo seed's last year compared with the same
// numbers computed straight from application_flow for two jurisdictions.

const MARCH = { from: '2021-03-01', to: '2021-03-31' };
/** 10:00 in India on Monday 1 March 2021. */
const MARCH_FIRST = new Date('2021-03-01T04:30:00Z');

/**
 * The rollups' hours buckets (migration 0010, docs/insights.md "Percentiles"): a percentile read from them is
 * within 0.05 % + 0.00005 h of the exact one; both sides are rounded to a tenth, so they may differ by 0.1 more.
 */
function expectWithinResolution(actual: number | null, exact: number | null) {
  expect(actual === null, `${actual} against ${exact}`).toBe(exact === null);
  if (actual === null || exact === null) return;
  const resolution = 0.0005 * (Math.abs(exact) + 0.05) + 0.00005 + 0.1 + 1e-9;
  expect(Math.abs(actual - exact), `${actual} against ${exact}`).toBeLessThanOrEqual(resolution);
}

describe.each(testDatabases())('the lifecycle insights on %s', (kind) => {
  const t = useTestApp(kind);
  const headersOf = sessions(() => t.app);
  let waiting = 0;

  beforeAll(async () => {
    const ids = await insertTimedApplications(t.db, WARD_A, MARCH_FIRST, [
      [SUBMIT, forward(10), accept(15)],
      [SUBMIT, forward(20), decline(30)],
      [SUBMIT, forward(30), accept(32), certify(40)],
      [SUBMIT],
    ]);
    waiting = ids[3];
    await insertTimedApplications(t.db, WARD_C, MARCH_FIRST, [[SUBMIT, forward(100)]]);
  });

  const ask = async (account: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: api(INSIGHTS_LIFECYCLE_PATH),
      headers: await headersOf(account),
      payload: body,
    });
  const numbers = async (account: string, body: Record<string, unknown>) => {
    const res = await ask(account, body);
    expect(res.statusCode, res.body).toBe(200);
    return lifecycleInsightsSchema.parse(res.json());
  };
  const refusals = () => countRefusals(t.db);

  /**
   * The API's numbers for `body` equal the ones computed straight from the flow (`where` on applications a). A
   * district or the state reads the rollups, whose percentiles are within the buckets' resolution.
   */
  const expectSameAsFlow = async (account: string, body: { from: string; to: string }, where: string) => {
    const n: LifecycleInsights = await numbers(account, body);
    const expected = await expectedNumbers(t.db, where, body.from, body.to, t.clock.now());
    const rollup = n.area.level === 'state' || n.area.level === 'district';
    const hours = (actual: number | null, exact: number | null) =>
      rollup ? expectWithinResolution(actual, exact) : expect(actual).toBe(exact);
    const states = Object.fromEntries(n.states.filter((s) => s.count > 0).map((s) => [s.status, s.count]));
    expect(states).toEqual(expected.states);
    expect([...n.transitions].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual(
      expected.transitions,
    );
    const stays = [...n.timeInState].sort((a, b) => a.status.localeCompare(b.status));
    expect(stays.map((s) => [s.status, s.stays])).toEqual(
      expected.timeInState.map((s) => [s.status, s.stays]),
    );
    stays.forEach((s, i) => {
      hours(s.medianHours, expected.timeInState[i].medianHours);
      hours(s.p90Hours, expected.timeInState[i].p90Hours);
    });
    expect(n.overdue.total).toBe(expected.overdue);
    const sum = (key: 'submitted' | 'approved' | 'rejected') =>
      n.weeklyTrend.reduce((total, w) => total + w[key], 0);
    expect([sum('submitted'), sum('approved'), sum('rejected')]).toEqual([
      expected.submitted,
      expected.approved,
      expected.rejected,
    ]);
    expect(n.busiest.stations.map(({ code, count }) => ({ code, count }))).toEqual(expected.busiestStations);
    if (!rollup) {
      const slowest = n.slowest.stations.map(({ code, count, medianHoursToDecision }) => ({
        code,
        count,
        median: medianHoursToDecision,
      }));
      expect(slowest).toEqual(expected.slowestStations);
      return n;
    }
    // The rollups rank by the median as shown, then code: the same stations (the demo has fewer than five with
    // decisions), each with its exact count and its median within the resolution, in the order of what is shown.
    expect(expected.slowestStations.length).toBeLessThan(5);
    const byCode = (rows: Array<{ code: string }>) => rows.map((r) => r.code).sort();
    expect(byCode(n.slowest.stations)).toEqual(byCode(expected.slowestStations));
    for (const station of n.slowest.stations) {
      const exact = expected.slowestStations.find((e) => e.code === station.code)!;
      expect(station.count).toBe(exact.count);
      hours(station.medianHoursToDecision, exact.median);
    }
    const shown = n.slowest.stations.map((s) => [-(s.medianHoursToDecision ?? 0), s.code] as const);
    expect(shown).toEqual([...shown].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1])));
    return n;
  };

  describe('hand-made cases with known hours', () => {
    it('counts the verifier district’s moves, stays, decisions and weeks in March 2021', async () => {
      const n = await numbers('verifier', MARCH);
      expect(n.area).toEqual({ level: 'district', code: '1701' });
      const moves = (from: string | null, to: string, action: string | null) =>
        n.transitions.find((m) => m.fromStatus === from && m.toStatus === to && m.action === action)?.count;
      expect(moves(null, 'LARP', null)).toBe(4);
      expect(moves('LARP', 'LAVP', 'application.recommendApproval')).toBe(3);
      expect(moves('LAVP', 'PLVP', 'application.accept')).toBe(2);
      expect(moves('LAVP', 'RJT', 'application.decline')).toBe(1);
      expect(moves('PLVP', 'PLVP', 'application.certify')).toBe(1);
      expect(n.transitions).toHaveLength(5);
      // LARP: 10, 20, 30 hours; LAVP: 5, 10, 2 hours; the certificate keeps PLVP, so it ends no stay.
      expect(n.timeInState).toEqual(
        expect.arrayContaining([
          { status: 'LARP', stays: 3, medianHours: 20, p90Hours: 28 },
          { status: 'LAVP', stays: 3, medianHours: 5, p90Hours: 9 },
        ]),
      );
      expect(n.timeInState).toHaveLength(2);
      expect(n.busiest.stations).toEqual([
        { code: 'PS1701001', name: expect.any(String), count: 4, medianHoursToDecision: null },
      ]);
      expect(n.slowest.stations).toEqual([
        { code: 'PS1701001', name: expect.any(String), count: 3, medianHoursToDecision: 30 },
      ]);
      expect(n.slowest.wards.map((w) => w.code)).toEqual([WARD_A]);
      expect(n.weeklyTrend[0]).toEqual({
        week: '2021-W09',
        startsOn: '2021-03-01',
        submitted: 4,
        approved: 2,
        rejected: 1,
      });
      expect(n.weeklyTrend.map((w) => w.startsOn)).toEqual([
        '2021-03-01',
        '2021-03-08',
        '2021-03-15',
        '2021-03-22',
        '2021-03-29',
      ]);
    });

    it('gives the supervisor the whole state, and narrows to a ward on request', async () => {
      const state = await numbers('supervisor', MARCH);
      expect(state.area).toEqual({ level: 'state', code: null });
      expect(state.timeInState.find((s) => s.status === 'LARP')).toMatchObject({ stays: 4, medianHours: 25 });
      const ward = await numbers('supervisor', { ...MARCH, wardCode: WARD_C });
      expect(ward.area).toEqual({ level: 'ward', code: WARD_C });
      expect(ward.transitions.map((m) => m.count).reduce((a, b) => a + b)).toBe(2);
      expect(ward.timeInState).toEqual([{ status: 'LARP', stays: 1, medianHours: 100, p90Hours: 100 }]);
    });

    it('counts as overdue what still waits for a decision past the service limit', async () => {
      const n = await numbers('supervisor', { ...MARCH, wardCode: WARD_C, serviceLimitDays: 30 });
      expect(n.overdue).toEqual({ total: 1, byStatus: [{ status: 'LAVP', count: 1 }] });
      expect(n.serviceLimitDays).toBe(30);
    });
  });

  describe('equal to the numbers computed straight from the flow, on the demo seed’s last year', () => {
    const lastYear = () => {
      const to = indianDate(t.clock.now());
      const from = indianDate(new Date(t.clock.now().getTime() - 365 * 86_400_000));
      return { from, to };
    };
    it.each([
      ['verifier', {}, `a.district_code = '1701'`],
      ['supervisor', {}, 'true'],
      ['admin', { stationCode: 'PS1701001' }, `a.station_code = 'PS1701001'`],
    ])('for %s %j', async (account, filter, where) => {
      for (const period of [lastYear(), MARCH])
        await expectSameAsFlow(account, { ...period, ...filter }, where);
    });

    it('has demo moves in the last year to compare (the comparison is not of empty lists)', async () => {
      const n = await numbers('supervisor', lastYear());
      expect(n.transitions.length).toBeGreaterThan(3);
      expect(n.timeInState.length).toBeGreaterThan(1);
    });
  });

  describe('who may ask', () => {
    it.each(['moderator', 'supermoderator', 'police', 'user', 'locality'])(
      'refuses %s with an audited 403',
      async (account) => {
        const before = await refusals();
        const res = await ask(account, MARCH);
        expect(res.statusCode, res.body).toBe(403);
        expect(await refusals()).toBe(before + 1);
      },
    );

    it.each([
      ['another district', { districtCode: '1703' }],
      ['a station of another district', { stationCode: 'PS1703001' }],
      ['a ward of another district', { wardCode: WARD_C }],
    ])('refuses a verifier %s with an audited 403', async (_, filter) => {
      const before = await refusals();
      const res = await ask('verifier', { ...MARCH, ...filter });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(OUTSIDE_REPORT_MESSAGE);
      expect(await refusals()).toBe(before + 1);
    });

    it('answers an anonymous caller 401', async () => {
      const res = await t.app.inject({ method: 'POST', url: api(INSIGHTS_LIFECYCLE_PATH), payload: MARCH });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('bad input gets a clear 400', () => {
    it.each([
      ['no dates', {}, 'from'],
      ['a date in another format', { ...MARCH, from: '01-03-2021' }, 'from'],
      ['a date that does not exist', { ...MARCH, to: '2021-02-30' }, 'to'],
      ['an end before the start', { from: '2021-03-02', to: '2021-03-01' }, INSIGHTS_END_BEFORE_START],
      ['a period over five years', { from: '2015-01-01', to: '2021-03-01' }, 'longer than'],
      ['a year PostgreSQL has no date for', { from: '0000-01-01', to: '2021-03-01' }, '2000-01-01'],
      [
        'a station outside the district',
        { ...MARCH, districtCode: '1701', stationCode: 'PS1703001' },
        'not inside',
      ],
      ['a malformed ward', { ...MARCH, wardCode: 'W01' }, 'wardCode'],
      ['a service limit of 0 days', { ...MARCH, serviceLimitDays: 0 }, 'serviceLimitDays'],
    ])('refuses %s', async (_, body, message) => {
      const res = await ask('supervisor', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    });
  });

  describe('as applications move', () => {
    it('counts a workflow step made through the API at once (the flow trigger records it in the step’s statement)', async () => {
      const today = indianDate(t.clock.now());
      const before = await numbers('supervisor', { from: today, to: today, wardCode: WARD_A });
      const forwarded = (n: LifecycleInsights) =>
        n.transitions.find((m) => m.fromStatus === 'LARP' && m.action === 'application.recommendApproval')
          ?.count ?? 0;
      const res = await t.app.inject({
        method: 'POST',
        url: api('process/updateApplication'),
        headers: await headersOf('moderator'),
        payload: {
          applid: waiting,
          applStatus: { applstatus: 'LAVP' },
          appltype: 'APPLPS',
          remarks: '(May be Accepted)',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = await numbers('supervisor', { from: today, to: today, wardCode: WARD_A });
      expect(forwarded(after)).toBe(forwarded(before) + 1);
      expect(after.states.find((s) => s.status === 'LAVP')!.count).toBe(
        before.states.find((s) => s.status === 'LAVP')!.count + 1,
      );
      // Its stay in LARP (since 1 March 2021) ended today, so today has one more LARP stay, as the flow says.
      const stays = (n: LifecycleInsights) => n.timeInState.find((s) => s.status === 'LARP')?.stays ?? 0;
      expect(stays(after)).toBe(stays(before) + 1);
      const expected = await expectedNumbers(t.db, `a.ward_code = '${WARD_A}'`, today, today, t.clock.now());
      expect(
        [...after.transitions].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
      ).toEqual(expected.transitions);
      expect([...after.timeInState].sort((x, y) => x.status.localeCompare(y.status))).toEqual(
        expected.timeInState,
      );
    });
  });
  describe('the rollups (migration 0010) as applications move', () => {
    const lastYear = () => ({
      from: indianDate(new Date(t.clock.now().getTime() - 365 * 86_400_000)),
      to: indianDate(t.clock.now()),
    });
    const DISTRICT = `a.district_code = '1701'`;
    /** Every rollup row that counts something, in a stable order. */
    const rollupRows = async () => {
      const tables = [
        ['insights_now', 'applications'],
        ['insights_moves_rollup', 'moves'],
        ['insights_stays_rollup', 'stays'],
        ['insights_ward_submissions', 'submitted'],
        ['insights_ward_decisions', 'decisions'],
      ];
      const rows: Record<string, unknown[]> = {};
      for (const [table, count] of tables) {
        rows[table] = rowsOf(
          await t.db.execute(
            sql.raw(
              `select to_jsonb(r) as row from ${table} r where ${count} <> 0 order by to_jsonb(r)::text`,
            ),
          ),
        );
      }
      return rows;
    };

    it('follow a submission, a workflow step, a deletion and an erased application, state-wide and per district', async () => {
      const submittedAt = new Date(t.clock.now().getTime() - 50 * 3_600_000);
      const [moving, deleted, erased] = await insertTimedApplications(t.db, WARD_A, submittedAt, [
        [SUBMIT],
        [SUBMIT, forward(3)],
        [SUBMIT, forward(2), decline(7)],
      ]);
      await expectSameAsFlow('supervisor', lastYear(), 'true');
      await expectSameAsFlow('verifier', lastYear(), DISTRICT);

      const step = await t.app.inject({
        method: 'POST',
        url: api('process/updateApplication'),
        headers: await headersOf('moderator'),
        payload: {
          applid: moving,
          applStatus: { applstatus: 'LAVP' },
          appltype: 'APPLPS',
          remarks: '(May be Accepted)',
        },
      });
      expect(step.statusCode, step.body).toBe(200);
      const stepped = await expectSameAsFlow('verifier', lastYear(), DISTRICT);
      await expectSameAsFlow('supervisor', lastYear(), 'true');

      await t.db.execute(sql`update applications set deleted_at = now() where applid = ${deleted}`);
      const afterDeletion = await expectSameAsFlow('verifier', lastYear(), DISTRICT);
      const count = (n: LifecycleInsights, status: string) =>
        n.states.find((s) => s.status === status)!.count;
      expect(count(afterDeletion, 'LAVP')).toBe(count(stepped, 'LAVP') - 1);
      await expectSameAsFlow('supervisor', lastYear(), 'true');

      // An application erased with its flow (the cascade) takes its moves, stay and decision out of the rollups.
      await t.db.execute(sql`delete from applications where applid = ${erased}`);
      const afterErasure = await expectSameAsFlow('verifier', lastYear(), DISTRICT);
      expect(count(afterErasure, 'RJT')).toBe(count(afterDeletion, 'RJT') - 1);
      await expectSameAsFlow('supervisor', lastYear(), 'true');
      await expectSameAsFlow('supervisor', MARCH, 'true');
    });

    it('equal a rebuild from the flow and the applications (the backfill) after every change the suite made', async () => {
      const kept = await rollupRows();
      expect(kept.insights_moves_rollup.length).toBeGreaterThan(10);
      expect(kept.insights_ward_decisions.length).toBeGreaterThan(0);
      await t.db.execute(sql`select insights_backfill_rollups()`);
      expect(await rollupRows()).toEqual(kept);
    });

    it('count on existing data once the backfill has rebuilt them from nothing', async () => {
      await t.db.execute(
        sql`truncate insights_now, insights_moves_rollup, insights_stays_rollup, insights_ward_submissions, insights_ward_decisions`,
      );
      expect((await numbers('supervisor', lastYear())).transitions).toEqual([]);
      await t.db.execute(sql`select insights_backfill_rollups()`);
      await expectSameAsFlow('supervisor', lastYear(), 'true');
      await expectSameAsFlow('verifier', MARCH, DISTRICT);
    });

    it('reads a period as whole months plus loose days', () => {
      expect(periodCover('2025-11-25', '2026-11-24')).toEqual({
        monthsFrom: '2025-12-01',
        monthsTo: '2026-11-01',
      });
      expect(periodCover('2021-03-01', '2021-03-31')).toEqual({
        monthsFrom: '2021-03-01',
        monthsTo: '2021-04-01',
      });
      expect(periodCover('2021-03-02', '2021-03-31')).toEqual({
        monthsFrom: '2021-03-02',
        monthsTo: '2021-03-02',
      });
      expect(periodCover('2020-12-31', '2021-03-01')).toEqual({
        monthsFrom: '2021-01-01',
        monthsTo: '2021-03-01',
      });
    });
  });
});
