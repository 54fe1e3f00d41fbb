import { sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  EVENT_COLUMNS,
  INSIGHTS_END_BEFORE_START,
  INSIGHTS_EVENTS_CSV_PATH,
  INSIGHTS_EVENTS_OCEL_PATH,
  INSIGHTS_EVENTS_XES_PATH,
  TOTAL_EVENTS_HEADER,
  insightsQuery,
  type InsightsFilter,
} from '../../src/contract/insights.contract';
import { rowsOf } from '../../src/server/db/rows-of';
import { indianDate } from '../../src/server/services/domestic-helpers';
import { flowEvents } from '../../src/server/services/insights-events.service';
import { OUTSIDE_REPORT_MESSAGE } from '../../src/server/services/report-scope';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { api, sessions } from './applications-fixtures';
import { indiaMidnight } from './insights-expected';

// The event-log export (docs/insights.md, "Export"): CSV and XES that parse, hold one event per flow entry of the
// viewer's area and period (as many as the count header announced), and hold nothing personal: every name, ID
// number, phone number, email and address of every seeded person, and every actor's username, is searched for.

/** Every personal value the database holds (demo seed people, units and staff accounts). */
const PERSONAL = `select v from (
  select unnest(array[first_name, middle_name, last_name, epic_no, mobile, email, perm_address1, perm_address2,
    pres_address1, pres_address2, parent_or_spouse_name, perm_pin_code, pres_pin_code]) as v from tenants
  union all select unnest(array[first_name, middle_name, last_name, epic_no, mobile, email, perm_address1,
    perm_address2, pres_address1, pres_address2, perm_pin_code, pres_pin_code]) from landlords
  union all select unnest(array[member_name, perm_address1, perm_address2, perm_pin_code]) from family_members
  union all select unnest(array[member_name, perm_address1, perm_address2, perm_pin_code]) from domestic_helpers
  union all select unnest(array[house_no, address1, address2, pin_code]) from rental_units
  union all select unnest(array[username, email]) from users
  union all select actor from application_flow
) personal where v is not null and length(trim(v)) >= 3`;

describe.each(testDatabases())('the event-log export on %s', (kind) => {
  const t = useTestApp(kind);
  const headersOf = sessions(() => t.app);
  const period = () => ({
    from: indianDate(new Date(t.clock.now().getTime() - 4 * 365 * 86_400_000)),
    to: indianDate(t.clock.now()),
  });

  const download = async (account: string, path: string, filter: InsightsFilter) =>
    t.app.inject({
      method: 'GET',
      url: `${api(path)}?${insightsQuery(filter)}`,
      headers: await headersOf(account),
    });

  /** Flow entries of the area (a condition on applications `a`) in the period, counted straight. */
  const flowCount = async (where: string, filter: { from: string; to: string }) => {
    const start = new Date(indiaMidnight(filter.from)).toISOString();
    const end = new Date(indiaMidnight(filter.to) + 86_400_000).toISOString();
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(
        sql.raw(`select count(*)::int as n from application_flow f join applications a on a.applid = f.applid
        where ${where} and f.logdt >= '${start}' and f.logdt < '${end}'`),
      ),
    );
    return row.n;
  };

  const parseCsv = (text: string) => {
    const [header, ...lines] = text.trimEnd().split('\r\n');
    return { header: header.split(','), rows: lines.map((line) => line.split(',')) };
  };

  it('writes one CSV line per flow entry of the state, as many as announced, all codes and roles', async () => {
    const res = await download('supervisor', INSIGHTS_EVENTS_CSV_PATH, period());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const { header, rows } = parseCsv(res.body);
    expect(header).toEqual([...EVENT_COLUMNS]);
    const total = await flowCount('true', period());
    expect(total).toBeGreaterThan(20);
    expect(rows).toHaveLength(total);
    expect(Number(res.headers[TOTAL_EVENTS_HEADER])).toBe(total);
    for (const row of rows) {
      const [eventId, caseId, activity, timestamp, status, role, ward, locality, station] = row;
      expect(row).toHaveLength(EVENT_COLUMNS.length);
      expect(eventId).toMatch(/^\d+$/);
      expect(caseId).toMatch(/^\d+$/);
      expect(activity).toMatch(/^[a-zA-Z]+$/);
      expect(Number.isNaN(Date.parse(timestamp))).toBe(false);
      expect(status).toMatch(/^[A-Z]+$/);
      expect(role).toMatch(/^[A-Z]*$/);
      expect(ward.startsWith(locality) && locality.startsWith(station)).toBe(true);
    }
  });

  it('writes XES that parses, one trace per case and one event per flow entry', async () => {
    const res = await download('supervisor', INSIGHTS_EVENTS_XES_PATH, period());
    expect(res.statusCode, res.body).toBe(200);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      isArray: (name) => ['trace', 'event', 'string', 'date', 'int'].includes(name),
    }).parse(res.body) as {
      log: { trace: Array<{ event: unknown[]; string: Array<Record<string, string>> }> };
    };
    const traces = parsed.log.trace;
    const events = traces.reduce((n, trace) => n + trace.event.length, 0);
    expect(events).toBe(await flowCount('true', period()));
    expect(events).toBe(Number(res.headers[TOTAL_EVENTS_HEADER]));
    const cases = traces.map((trace) => trace.string.find((s) => s['@_key'] === 'concept:name')?.['@_value']);
    expect(new Set(cases).size).toBe(traces.length);
  });

  it('writes OCEL 2.0 JSON: one event per flow entry, each related to its application object', async () => {
    const res = await download('supervisor', INSIGHTS_EVENTS_OCEL_PATH, period());
    expect(res.statusCode, res.body).toBe(200);
    const log = JSON.parse(res.body) as {
      objectTypes: Array<{ name: string }>;
      eventTypes: Array<{ name: string }>;
      events: Array<{ id: string; type: string; relationships: Array<{ objectId: string }> }>;
      objects: Array<{ id: string; type: string }>;
    };
    expect(log.objectTypes.map((t) => t.name)).toEqual(['application']);
    expect(log.events).toHaveLength(await flowCount('true', period()));
    expect(log.events).toHaveLength(Number(res.headers[TOTAL_EVENTS_HEADER]));
    const objects = new Set(log.objects.map((o) => o.id));
    expect(objects.size).toBe(log.objects.length);
    const related = new Set(log.events.map((e) => e.relationships[0].objectId));
    expect(related).toEqual(objects);
    const types = new Set(log.eventTypes.map((t) => t.name));
    expect(log.events.every((e) => types.has(e.type))).toBe(true);
  });

  it.each([
    ['CSV', INSIGHTS_EVENTS_CSV_PATH],
    ['XES', INSIGHTS_EVENTS_XES_PATH],
    ['OCEL', INSIGHTS_EVENTS_OCEL_PATH],
  ])('%s holds no name, ID number, phone, email, address or username of anyone seeded', async (_, path) => {
    const res = await download('supervisor', path, period());
    const personal = rowsOf<{ v: string }>(await t.db.execute(sql.raw(PERSONAL))).map((r) => r.v.trim());
    expect(personal.length).toBeGreaterThan(100);
    // Everything the export says is in its values (CSV cells, XES attribute values); the rest is the format's own
    // fixed words ('locality_code' holds the username 'locality', but as a column name, not as data).
    const jsonValues = (text: string) => {
      const found: string[] = [];
      // Every string but the format's own names of types and attributes.
      JSON.parse(text, (key, value: unknown) => {
        if (typeof value === 'string' && key !== 'name') found.push(value);
        return value;
      });
      return found;
    };
    const values =
      path === INSIGHTS_EVENTS_CSV_PATH
        ? parseCsv(res.body).rows.flat()
        : path === INSIGHTS_EVENTS_OCEL_PATH
          ? jsonValues(res.body)
          : [...res.body.matchAll(/value="([^"]*)"/g)].map((m) => m[1]);
    expect(values.length).toBeGreaterThan(100);
    const data = values.join('\n');
    expect(personal.filter((value) => data.includes(value))).toEqual([]);
  });

  it('gives a verifier its own district only, and the same events in small batches as in one', async () => {
    const res = await download('verifier', INSIGHTS_EVENTS_CSV_PATH, period());
    const { rows } = parseCsv(res.body);
    expect(rows).toHaveLength(await flowCount(`a.district_code = '1701'`, period()));
    expect(rows.every((row) => row[6].startsWith('PS1701'))).toBe(true);
    const query = { area: { level: 'district' as const, code: '1701' }, ...period() };
    const batched: number[] = [];
    let batches = 0;
    for await (const batch of flowEvents(t.db, query, 3)) {
      batches += 1;
      batched.push(...batch.map((e) => e.eventId));
    }
    expect(batches).toBeGreaterThan(2);
    expect(batched).toEqual(rows.map((row) => Number(row[0])));
  });

  describe('refusals', () => {
    it.each([
      ['moderator', INSIGHTS_EVENTS_CSV_PATH],
      ['moderator', INSIGHTS_EVENTS_XES_PATH],
      ['moderator', INSIGHTS_EVENTS_OCEL_PATH],
      ['police', INSIGHTS_EVENTS_CSV_PATH],
    ])('refuses %s %s with a 403', async (account, path) => {
      const res = await download(account, path, period());
      expect(res.statusCode).toBe(403);
    });

    it('refuses a verifier another district’s export with an audited 403', async () => {
      const res = await download('verifier', INSIGHTS_EVENTS_XES_PATH, { ...period(), districtCode: '1703' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(OUTSIDE_REPORT_MESSAGE);
    });

    it.each([
      [{ from: '2021-03-02', to: '2021-03-01' }, INSIGHTS_END_BEFORE_START],
      [{ from: '2021-02-30', to: '2021-03-01' }, 'from'],
      [{ from: '2021-03-01', to: '2021-03-31', stationCode: 'PS17' }, 'stationCode'],
    ])('answers %j with a 400', async (filter, message) => {
      const res = await download('supervisor', INSIGHTS_EVENTS_CSV_PATH, filter);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });
  });
});
