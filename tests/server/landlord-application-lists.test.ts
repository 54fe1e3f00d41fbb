import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { trackerView } from '../../machines/application/statuses';
import {
  LANDLORD_LIST_MESSAGES,
  landlordApplicationPageSchema,
  type LandlordApplicationPage,
} from '../../src/contract/landlord-application-lists.contract';
import { LANDLORD_MESSAGES } from '../../src/contract/landlords.contract';
import { applications, logRecords, rentalUnits, tenants } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { api, insertApplications, sessions, WARD_A, WARD_B, type RowSpec } from './applications-fixtures';
import { landlordBody } from './landlords-fixtures';

// The Tenant Applications page's lists (docs/applications-api.md, "A landlord's applications"): a landlord's
// incomplete applications by id, its completed ones by EPIC, and the picker's list, for officials in their
// jurisdiction and for the landlord's own key.

const EPIC = 'LAL4400001';
type Application = typeof applications.$inferSelect;
const repeat = (n: number, spec: RowSpec) => Array.from({ length: n }, () => spec);

describe.each(testDatabases())('a landlord’s application lists on %s', (kind) => {
  const t = useTestApp(kind);
  const headersOf = sessions(() => t.app);
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: api(path), headers });
  const page = async (path: string, headers: Record<string, string>): Promise<LandlordApplicationPage> => {
    const res = await get(path, headers);
    expect(res.statusCode, res.body).toBe(200);
    return landlordApplicationPageSchema.parse(res.json());
  };

  let landlordId: number;
  let key: string;
  /** The fixture landlord's live applications, newest first. */
  let live: Application[];
  const idsWhere = (keep: (a: Application) => boolean) => live.filter(keep).map((a) => a.applid);
  const incompleteIn = (prefix: string) =>
    idsWhere((a) => a.completedAt === null && a.wardCode.startsWith(prefix));
  const completedIn = (prefix: string) =>
    idsWhere((a) => a.completedAt !== null && a.wardCode.startsWith(prefix));

  beforeAll(async () => {
    const saved = await t.app.inject({
      method: 'POST',
      url: api('process/landlord'),
      payload: landlordBody(EPIC),
      remoteAddress: '10.4.4.4',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    landlordId = saved.json().landlord_id as number;
    const [tenant] = await t.db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id)).limit(1);
    const rentcodeOf: Record<string, string> = {};
    for (const wardCode of [WARD_A, WARD_B]) {
      const [unit] = await t.db
        .insert(rentalUnits)
        .values({
          landlordId,
          houseNo: 'H-7',
          address1: 'Laitumkhrah Main Road',
          pinCode: '793003',
          districtCode: '1701',
          wardCode,
          vacant: false,
        })
        .returning({ rentcode: rentalUnits.rentcode });
      rentcodeOf[wardCode] = unit.rentcode;
    }
    const fixture = { landlordId, landlordEpic: EPIC, tenantId: tenant.id, rentcodeOf };
    await insertApplications(t.db, fixture, [
      ...repeat(12, { shape: 'LARP', wardCode: WARD_A, logby: 'landlord', completed: false }),
      ...repeat(2, { shape: 'LARP', wardCode: WARD_A, logby: 'moderator', completed: false }),
      ...repeat(3, { shape: 'LARP', wardCode: WARD_B, logby: 'landlord', completed: false }),
      ...repeat(2, { shape: 'LARP.deleted', wardCode: WARD_A, logby: 'landlord', completed: false }),
      ...repeat(11, { shape: 'LAVP', wardCode: WARD_A, logby: 'landlord' }),
      ...repeat(12, { shape: 'PLVP', wardCode: WARD_A, logby: 'landlord' }),
      ...repeat(2, { shape: 'RJT', wardCode: WARD_B, logby: 'landlord' }),
    ]);
    live = await t.db
      .select()
      .from(applications)
      .where(and(eq(applications.landlordId, landlordId), isNull(applications.deletedAt)))
      .orderBy(desc(applications.applid));
    key = await citizenKeyFor(t, { kind: 'landlord', landlordId });
  });

  const lastAudit = async () => {
    const [last] = await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1);
    return last;
  };

  it('pages an official’s incomplete applications of the landlord, in its ward only, with the spec’s flags', async () => {
    const moderator = await headersOf('moderator');
    const expected = incompleteIn(WARD_A);
    expect(expected).toHaveLength(14);
    const first = await page(
      `process/user/IncompleteApplicationByLandlord/moderator/${landlordId}/0`,
      moderator,
    );
    const second = await page(
      `process/user/IncompleteApplicationByLandlord/moderator/${landlordId}/1`,
      moderator,
    );
    const past = await page(
      `process/user/IncompleteApplicationByLandlord/moderator/${landlordId}/2`,
      moderator,
    );
    expect(first).toMatchObject({
      totalPages: 2,
      totalElements: 14,
      iscurrentPageFirst: true,
      iscurrentPageLast: false,
    });
    expect(second).toMatchObject({ totalPages: 2, iscurrentPageFirst: false, iscurrentPageLast: true });
    expect([...first.applDto, ...second.applDto].map((r) => r.applid)).toEqual(expected);
    expect(first.applDto).toHaveLength(10);
    expect(past).toMatchObject({ applDto: [], iscurrentPageLast: true });

    const row = first.applDto[0];
    const stored = live.find((a) => a.applid === row.applid)!;
    expect(row).toEqual({
      applid: stored.applid,
      rentcode: stored.rentcode,
      tenantid: stored.tenantId,
      tenantname: expect.any(String),
      landlordname: 'Iba Kharbuli',
      rentaladdress: 'H-7, Laitumkhrah Main Road, 793003',
      applstatus: 'LARP',
      status: trackerView('LARP').message,
      created: stored.createdAt.toISOString(),
    });
    expect(row.tenantname.length).toBeGreaterThan(0);
  });

  it('gives a district official both wards and the key every live incomplete application', async () => {
    const user = await page(
      `process/user/IncompleteApplicationByLandlord/user/${landlordId}/0?size=100`,
      await headersOf('user'),
    );
    expect(user.applDto.map((r) => r.applid)).toEqual(incompleteIn('PS1701'));
    expect(user.totalElements).toBe(17);
    const own = await page(`process/IncompleteApplicationByLandlord/${landlordId}/0?size=100`, withKey(key));
    expect(own.applDto.map((r) => r.applid)).toEqual(incompleteIn(''));
    expect(own.applDto.every((r) => r.applstatus === 'LARP')).toBe(true);
  });

  it('pages completed applications by EPIC (any case), never the incomplete ones', async () => {
    const moderator = await headersOf('moderator');
    const expected = completedIn(WARD_A);
    expect(expected).toHaveLength(23);
    const pages = [0, 1, 2].map((n) =>
      page(`process/user/CompletedApplicationByLandlordEpic/moderator/${EPIC.toLowerCase()}/${n}`, moderator),
    );
    const [p0, p1, p2] = await Promise.all(pages);
    expect([p0, p1, p2].map((p) => [p.iscurrentPageFirst, p.iscurrentPageLast, p.totalPages])).toEqual([
      [true, false, 3],
      [false, false, 3],
      [false, true, 3],
    ]);
    expect([p0, p1, p2].flatMap((p) => p.applDto.map((r) => r.applid))).toEqual(expected);
    const own = await page(`process/CompletedApplicationByLandlordEpic/${EPIC}/0?size=50`, withKey(key));
    expect(own.applDto.map((r) => r.applid)).toEqual(completedIn(''));
    expect(own.applDto.map((r) => r.applstatus).sort()).toEqual([
      ...Array<string>(11).fill('LAVP'),
      ...Array<string>(12).fill('PLVP'),
      'RJT',
      'RJT',
    ]);
  });

  it('offers the picker the key’s incomplete applications and an official the ones it generated', async () => {
    const own = await page(`process/ApplicationList/${landlordId}`, withKey(key));
    expect(own.applDto.map((r) => r.applid)).toEqual(incompleteIn(''));
    expect(own).toMatchObject({ totalPages: 1, iscurrentPageFirst: true, iscurrentPageLast: true });
    const mine = await page('process/user/ApplicationList/moderator', await headersOf('moderator'));
    const generated = await t.db
      .select({ applid: applications.applid })
      .from(applications)
      .where(
        and(
          eq(applications.logby, 'moderator'),
          isNull(applications.completedAt),
          isNull(applications.deletedAt),
        ),
      )
      .orderBy(desc(applications.applid));
    expect(generated.length).toBeGreaterThanOrEqual(2);
    expect(mine.applDto.map((r) => r.applid)).toEqual(generated.map((r) => r.applid));
  });

  it('answers another ward’s official without a row of this ward', async () => {
    // The lists hold the applications of the caller's jurisdiction only, each of which it reaches by its ward, so
    // they need no reach over the landlord's record (docs/reach.md): a landlord registered elsewhere whose house
    // the official added still gets its applications made here.
    const other = await headersOf('moderator2');
    for (const path of [
      `process/user/IncompleteApplicationByLandlord/moderator2/${landlordId}/0`,
      `process/user/CompletedApplicationByLandlordEpic/moderator2/${EPIC}/0`,
    ]) {
      const res = await get(path, other);
      expect(res.statusCode, path).toBe(200);
      expect(res.json().applDto, path).toEqual([]);
      expect(res.body).not.toContain(String(live[0].applid));
    }
  });

  it('refuses a username that is not the caller’s own with 403, audited', async () => {
    const moderator = await headersOf('moderator');
    for (const path of [
      `process/user/IncompleteApplicationByLandlord/supermoderator/${landlordId}/0`,
      `process/user/CompletedApplicationByLandlordEpic/user/${EPIC}/0`,
      'process/user/ApplicationList/moderator2',
    ]) {
      const res = await get(path, moderator);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe(LANDLORD_LIST_MESSAGES.notYourUsername);
      const audit = await lastAudit();
      expect(audit.username).toBe('moderator');
      expect(audit.remark).toContain(LANDLORD_LIST_MESSAGES.notYourUsername);
    }
  });

  it('keeps a key to its own landlord: another id or EPIC, known or not, is 403 audited', async () => {
    const [stranger] = await t.db.select().from(applications).orderBy(asc(applications.landlordId)).limit(1);
    for (const path of [
      `process/IncompleteApplicationByLandlord/${stranger.landlordId}/0`,
      `process/ApplicationList/${stranger.landlordId}`,
      'process/CompletedApplicationByLandlordEpic/ZZZ9999999/0',
    ]) {
      const res = await get(path, withKey(key));
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe(LANDLORD_MESSAGES.notYours);
      expect((await lastAudit()).username).toBe(`landlord:${landlordId}`);
    }
    const unknown = await get(
      'process/user/CompletedApplicationByLandlordEpic/moderator/ZZZ9999999/0',
      await headersOf('moderator'),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(LANDLORD_LIST_MESSAGES.epicNotRegistered);
  });

  it('answers bad input with 400 field: message', async () => {
    const moderator = await headersOf('moderator');
    const cases: [string, Record<string, string>, string][] = [
      [
        `process/user/IncompleteApplicationByLandlord/moderator/${landlordId}/x`,
        moderator,
        'page: The page number must be a whole number from 0.',
      ],
      [
        `process/IncompleteApplicationByLandlord/${landlordId}/-1`,
        withKey(key),
        'page: The page number must be a whole number from 0.',
      ],
      [
        'process/user/IncompleteApplicationByLandlord/moderator/abc/0',
        moderator,
        `id: ${LANDLORD_MESSAGES.notFound}`,
      ],
      [
        'process/user/CompletedApplicationByLandlordEpic/moderator/AB12/0',
        moderator,
        `epic: ${LANDLORD_MESSAGES.invalidEpic}`,
      ],
      [
        'process/CompletedApplicationByLandlordEpic/1234567890/0',
        withKey(key),
        `epic: ${LANDLORD_MESSAGES.invalidEpic}`,
      ],
      [
        `process/ApplicationList/${landlordId}?size=0`,
        withKey(key),
        'size: The page size must be a whole number from 1 to 100.',
      ],
    ];
    for (const [path, headers, message] of cases) {
      const res = await get(path, headers);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().message, path).toBe(message);
    }
  });

  it('answers no token or key with 401, a tenant key and a role outside the list with 403', async () => {
    for (const path of [
      `process/user/IncompleteApplicationByLandlord/moderator/${landlordId}/0`,
      `process/user/CompletedApplicationByLandlordEpic/moderator/${EPIC}/0`,
      'process/user/ApplicationList/moderator',
      `process/IncompleteApplicationByLandlord/${landlordId}/0`,
      `process/CompletedApplicationByLandlordEpic/${EPIC}/0`,
      `process/ApplicationList/${landlordId}`,
    ]) {
      expect((await get(path)).statusCode, path).toBe(401);
    }
    const moderator = await headersOf('moderator');
    expect((await get(`process/IncompleteApplicationByLandlord/${landlordId}/0`, moderator)).statusCode).toBe(
      401,
    );
    const [tenant] = await t.db.select({ id: tenants.id }).from(tenants).limit(1);
    const tenantKey = await citizenKeyFor(t, { kind: 'tenant', tenantId: tenant.id });
    expect((await get(`process/ApplicationList/${landlordId}`, withKey(tenantKey))).statusCode).toBe(403);
    const police = await get(
      `process/user/IncompleteApplicationByLandlord/police/${landlordId}/0`,
      await headersOf('police'),
    );
    expect(police.statusCode).toBe(403);
  });
});
