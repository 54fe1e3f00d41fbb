import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  END_AFTER_TODAY,
  END_BEFORE_START,
  REPORT_STATUS_REQUIRED,
  reportPageSchema,
  reportPath,
} from '../../src/contract/reports.contract';
import {
  applicationMembers,
  applications,
  districts,
  familyMembers,
  tenants,
} from '../../src/server/db/schema';
import { NOT_ALLOWED_MESSAGE } from '../../src/server/security/auth-guard';
import { indianDate } from '../../src/server/services/domestic-helpers';
import { OUTSIDE_REPORT_MESSAGE } from '../../src/server/services/report-scope';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import {
  api,
  insertApplications,
  prepareFixture,
  sessions,
  WARD_A,
  WARD_B,
  WARD_C,
  type RowSpec,
} from './applications-fixtures';
import { countRefusals } from '../support/refusals';

// The Application Report (docs/reports.md): who may run it, bad input, and its rows, totals, day range and
// paging against applications written with known submission instants. The fixtures live in 2020, long before
// the demo seed's applications, so the demo data never reaches these ranges.

const MARCH = { startDate: '2020-03-01', endDate: '2020-03-31' };
/** Midnight at the start of 1 March 2020 in India, as an instant. */
const MARCH_START = Date.parse('2020-02-29T18:30:00Z');

describe.each(testDatabases())('the Application Report on %s', (kind) => {
  const t = useTestApp(kind);
  const headersOf = sessions(() => t.app);
  const ids: Record<string, number[]> = {};

  /** Inserts `count` applications of one shape and ward, then dates their submission. */
  async function place(name: string, specs: RowSpec, count: number, submitted: (i: number) => number) {
    const fixture = await prepareFixture(t.db, [specs.wardCode]);
    ids[name] = await insertApplications(t.db, fixture, Array(count).fill(specs));
    for (const [i, applid] of ids[name].entries()) {
      await t.db
        .update(applications)
        .set({ completedAt: new Date(submitted(i)) })
        .where(eq(applications.applid, applid));
    }
  }

  beforeAll(async () => {
    const hour = 3_600_000;
    // 25 approved in ward A through March; the first exactly at India's midnight, the last a second before April.
    await place('a', { shape: 'PLVP', wardCode: WARD_A, logby: 'landlord' }, 25, (i) =>
      i === 24 ? MARCH_START + 31 * 24 * hour - 1000 : MARCH_START + i * 24 * hour,
    );
    await place(
      'b',
      { shape: 'PLVP', wardCode: WARD_B, logby: 'landlord' },
      3,
      (i) => MARCH_START + i * hour,
    );
    await place(
      'c',
      { shape: 'PLVP', wardCode: WARD_C, logby: 'landlord' },
      2,
      (i) => MARCH_START + i * hour,
    );
    // Just outside March on either side, in India's days.
    await place('edges', { shape: 'PLVP', wardCode: WARD_A, logby: 'landlord' }, 2, (i) =>
      i === 0 ? MARCH_START - 1000 : MARCH_START + 31 * 24 * hour,
    );
    await place('lavp', { shape: 'LAVP', wardCode: WARD_A, logby: 'landlord' }, 4, () => MARCH_START + hour);
    await place(
      'deleted',
      { shape: 'LARP.deleted', wardCode: WARD_A, logby: 'landlord' },
      1,
      () => MARCH_START,
    );
    await place('draft', { shape: 'LARP', wardCode: WARD_A, logby: 'landlord' }, 1, () => MARCH_START);
    await t.db.update(applications).set({ completedAt: null }).where(eq(applications.applid, ids.draft[0]));
    await place('larp', { shape: 'LARP', wardCode: WARD_A, logby: 'landlord' }, 1, () => MARCH_START);
    // Two family members on the first approved application.
    const [first] = await t.db.select().from(applications).where(eq(applications.applid, ids.a[0]));
    const members = await t.db
      .insert(familyMembers)
      .values(
        ['Ka Iaishah', 'U Bah'].map((memberName) => ({
          tenantId: first.tenantId,
          memberName,
          relationship: 'Child',
          occupation: 'Student',
        })),
      )
      .returning({ code: familyMembers.memberCode });
    await t.db
      .insert(applicationMembers)
      .values(members.map((m) => ({ applid: first.applid, familyMemberCode: m.code })));
  });

  const run = async (
    account: string | null,
    filter: Record<string, unknown>,
    path: Partial<{ username: string; startDate: string; endDate: string; page: number; code: string }> = {},
    query = '',
  ) => {
    const username = path.username ?? account ?? 'supervisor';
    const url = api(reportPath({ username, ...MARCH, page: 0, code: 'PS1701001', ...path })) + query;
    return t.app.inject({
      method: 'POST',
      url,
      headers: account ? await headersOf(account) : {},
      payload: filter,
    });
  };
  const refusals = () => countRefusals(t.db);

  describe('who may run it', () => {
    it.each(['admin', 'user', 'police', 'locality', 'supermoderator', 'moderator'])(
      'refuses %s with an audited 403',
      async (account) => {
        const before = await refusals();
        const res = await run(account, { statuscode: 'PLVP' }, { code: '1701' });
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe(NOT_ALLOWED_MESSAGE);
        expect(await refusals()).toBe(before + 1);
      },
    );

    it('answers an anonymous caller 401', async () => {
      const res = await run(null, { statuscode: 'PLVP' });
      expect(res.statusCode).toBe(401);
    });

    it('lets a supervisor report on any police station', async () => {
      for (const [code, total] of [
        ['PS1701001', 25],
        ['PS1701002', 3],
        ['PS1703001', 2],
      ] as const) {
        const res = await run('supervisor', { statuscode: 'PLVP' }, { code });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().totalElements).toBe(total);
      }
    });

    it('lets a verifier report on its own district and a station in it', async () => {
      const district = await run('verifier', { statuscode: 'PLVP' }, { code: '1701' });
      expect(district.statusCode, district.body).toBe(200);
      expect(district.json().totalElements).toBe(28);
      const station = await run(
        'verifier',
        { statuscode: 'PLVP', policeStation: 'PS1701002' },
        { code: '1701' },
      );
      expect(station.json().totalElements).toBe(3);
    });

    it.each([
      ['another district', { statuscode: 'PLVP' }, '1703'],
      ['a station of another district', { statuscode: 'PLVP' }, 'PS1703001'],
    ])('refuses a verifier %s with an audited 403', async (_, filter, code) => {
      const before = await refusals();
      const res = await run('verifier', filter, { code });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(OUTSIDE_REPORT_MESSAGE);
      expect(await refusals()).toBe(before + 1);
    });

    it('refuses a username that is not the caller’s with an audited 403', async () => {
      const before = await refusals();
      const res = await run('supervisor', { statuscode: 'PLVP' }, { username: 'verifier' });
      expect(res.statusCode).toBe(403);
      expect(await refusals()).toBe(before + 1);
    });
  });

  describe('bad input gets a clear 400', () => {
    const tomorrow = () => indianDate(new Date(t.clock.now().getTime() + 86_400_000));
    it.each([
      ['no status', {}, {}, REPORT_STATUS_REQUIRED],
      ['a status outside the four', { statuscode: 'RECT' }, {}, REPORT_STATUS_REQUIRED],
      ['a start date in another format', { statuscode: 'PLVP' }, { startDate: '01-03-2020' }, 'startDate'],
      ['a date that does not exist', { statuscode: 'PLVP' }, { endDate: '2020-02-30' }, 'endDate'],
      [
        'an end before the start',
        { statuscode: 'PLVP' },
        { startDate: '2020-03-02', endDate: '2020-03-01' },
        END_BEFORE_START,
      ],
      [
        'a district code with a locality outside it',
        { statuscode: 'PLVP', locality: 'PS1703001LA01' },
        {},
        'locality',
      ],
      [
        'a ward outside the locality',
        { statuscode: 'PLVP', locality: 'PS1701001LA01', localAuthority: 'PS1701001LA02W01' },
        {},
        'localAuthority',
      ],
      ['a malformed ward code', { statuscode: 'PLVP', localAuthority: 'W01' }, {}, 'ward'],
      ['a code that is no station or district', { statuscode: 'PLVP' }, { code: 'PS17' }, 'report code'],
    ])('refuses %s', async (_, filter, path, message) => {
      const res = await run('supervisor', filter, path);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it('refuses an end date after today (server clock, India) and accepts today', async () => {
      const late = await run('supervisor', { statuscode: 'PLVP' }, { endDate: tomorrow() });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toBe(END_AFTER_TODAY);
      const today = await run('supervisor', { statuscode: 'PLVP' }, { endDate: indianDate(t.clock.now()) });
      expect(today.statusCode, today.body).toBe(200);
    });

    it.each(['?size=0', '?size=1001', '?size=x'])('refuses the page size %s', async (query) => {
      const res = await run('supervisor', { statuscode: 'PLVP' }, {}, query);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('page size');
    });
  });

  describe('rows and totals', () => {
    it('gives each row its names, addresses, occupation and family, oldest first, numbered from 1', async () => {
      const res = await run('supervisor', { statuscode: 'PLVP' });
      const page = reportPageSchema.parse(res.json());
      expect(page.applDto.map((r) => r.applid)).toEqual(ids.a.slice(0, 10));
      expect(page.applDto.map((r) => r.slno)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      const [first] = await t.db
        .select()
        .from(applications)
        .innerJoin(tenants, eq(tenants.id, applications.tenantId))
        .innerJoin(districts, eq(districts.code, tenants.permDistrictCode))
        .where(eq(applications.applid, ids.a[0]));
      const { tenants: tenant, districts: district } = first;
      const permanent = [tenant.permAddress1, tenant.permAddress2, district.name, tenant.permPinCode]
        .filter(Boolean)
        .join(', ');
      const name = [tenant.firstName, tenant.middleName, tenant.lastName].filter(Boolean).join(' ');
      expect(page.applDto[0]).toMatchObject({
        tenantname: `${name} (${permanent}, ${tenant.occupation}, 2 family members)`,
        occupation: tenant.occupation,
        familyMembers: 2,
        permanentAddress: permanent,
        submittedOn: '2020-03-01',
      });
      expect(page.applDto[0].rentaladdress).toContain('Fixture Road');
      expect(page.applDto[1].familyMembers).toBe(0);
      expect(page.applDto[1].tenantname).toContain(', 0 family members)');
    });

    it('counts only the status asked, leaving out deleted applications and drafts', async () => {
      const lavp = await run('supervisor', { statuscode: 'LAVP' });
      expect(lavp.json().totalElements).toBe(4);
      const larp = await run('supervisor', { statuscode: 'LARP' });
      expect(larp.json().applDto.map((r: { applid: number }) => r.applid)).toEqual(ids.larp);
      const rejected = await run('supervisor', { statuscode: 'RJT' });
      expect(rejected.json()).toMatchObject({ totalElements: 0, totalPages: 0, applDto: [] });
    });

    it('narrows to a locality and a ward, and finds nothing in a sibling locality', async () => {
      const ward = await run('supervisor', {
        statuscode: 'PLVP',
        locality: 'PS1701001LA01',
        localAuthority: WARD_A,
      });
      expect(ward.json().totalElements).toBe(25);
      const sibling = await run('supervisor', { statuscode: 'PLVP', locality: 'PS1701001LA02' });
      expect(sibling.json().totalElements).toBe(0);
    });

    it('takes the end day whole and no instant before the start day, in India’s days', async () => {
      const all = await run(
        'supervisor',
        { statuscode: 'PLVP' },
        { startDate: '2020-02-29', endDate: '2020-04-01' },
      );
      expect(all.json().totalElements).toBe(27);
      const firstDay = await run('supervisor', { statuscode: 'PLVP' }, { endDate: '2020-03-01' });
      expect(firstDay.json().applDto.map((r: { applid: number }) => r.applid)).toEqual([ids.a[0]]);
      const lastDay = await run('supervisor', { statuscode: 'PLVP' }, { startDate: '2020-03-31' });
      expect(lastDay.json().applDto.map((r: { applid: number }) => r.applid)).toEqual([ids.a[24]]);
    });

    it('pages through the whole result with the spec’s paging flags', async () => {
      const third = await run('supervisor', { statuscode: 'PLVP' }, { page: 2 });
      expect(third.json()).toMatchObject({
        totalElements: 25,
        totalPages: 3,
        pageNumber: 2,
        iscurrentPageFirst: false,
        iscurrentPageLast: true,
      });
      expect(third.json().applDto.map((r: { slno: number }) => r.slno)).toEqual([21, 22, 23, 24, 25]);
      const whole = await run('supervisor', { statuscode: 'PLVP' }, {}, '?size=1000');
      expect(whole.json().applDto.map((r: { applid: number }) => r.applid)).toEqual(ids.a);
      const beyond = await run('supervisor', { statuscode: 'PLVP' }, { page: 9 });
      expect(beyond.json()).toMatchObject({ totalElements: 25, applDto: [] });
    });

    it('writes nothing', async () => {
      const before = await t.db.select().from(applications).where(inArray(applications.applid, ids.a));
      await run('supervisor', { statuscode: 'PLVP' });
      const after = await t.db.select().from(applications).where(inArray(applications.applid, ids.a));
      expect(after).toEqual(before);
    });
  });
});
