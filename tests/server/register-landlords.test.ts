import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { countReplySchema, landlordPageSchema, type LandlordRow } from '../../src/contract/register.contract';
import { landlords, logRecords, rentalUnits } from '../../src/server/db/schema';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// GET process/GetListLandlordsByLACode/user/{username}/{code}/{page} and GetTotalLandlordsByLACode: the area
// code forms, jurisdiction refusals, paging flags and the name filter. Expected lists are computed here from
// the raw rows.

const MOD_WARD = 'PS1701001LA01W01';
const MOD2_WARD = 'PS1701001LA02W01';
const EXTRA = 23;

describe.each(testDatabases())('landlords by locality on %s', (kind) => {
  const t = useTestApp(kind);
  const tokens = new Map<string, string>();
  const tokenOf = async (username: string) => {
    if (!tokens.has(username)) tokens.set(username, (await signInStaff(t.app, username)).accessToken);
    return tokens.get(username)!;
  };
  const get = async (caller: string, path: string) =>
    t.app.inject({
      method: 'GET',
      url: `${API_BASE}/process/${path}`,
      headers: bearer(await tokenOf(caller)),
    });
  const page = async (caller: string, code: string, n: number, query = '') => {
    const res = await get(caller, `GetListLandlordsByLACode/user/${caller}/${code}/${n}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return landlordPageSchema.parse(res.json());
  };
  const total = async (caller: string, code: string, query = '') => {
    const res = await get(caller, `GetTotalLandlordsByLACode/user/${caller}/${code}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return countReplySchema.parse(res.json()).count;
  };

  /** Landlords with an owned unit whose ward starts with `prefix`, in the list's order (first, last, id). */
  const expectedIds = async (prefix: string) => {
    const units = await t.db.select().from(rentalUnits);
    const ids = new Set(
      units.filter((u) => !u.disownedAt && u.wardCode.startsWith(prefix)).map((u) => u.landlordId),
    );
    const rows = (await t.db.select().from(landlords)).filter((l) => ids.has(l.id));
    const key = (l: (typeof rows)[number]) => [l.firstName, l.lastName ?? ''] as const;
    rows.sort((a, b) => {
      const [af, al] = key(a);
      const [bf, bl] = key(b);
      // PostgreSQL's C collation in tests orders by code point, which is what < does on these ASCII names.
      return af !== bf ? (af < bf ? -1 : 1) : al !== bl ? (al < bl ? -1 : 1) : a.id - b.id;
    });
    return rows.map((l) => l.id);
  };
  const allPages = async (caller: string, code: string, query = '') => {
    const rows: LandlordRow[] = [];
    const first = await page(caller, code, 0, query);
    rows.push(...first.content);
    for (let n = 1; n < first.totalPages; n++) rows.push(...(await page(caller, code, n, query)).content);
    return { first, rows };
  };

  beforeAll(async () => {
    // Enough landlords in the moderator's ward for three pages; names chosen to test ordering and the filter.
    const added = await t.db
      .insert(landlords)
      .values(
        Array.from({ length: EXTRA }, (_, i) => ({
          epicNo: `ZZT${String(1000000 + i)}`,
          firstName: i % 2 === 0 ? `Test${String(i).padStart(2, '0')}` : 'Banri',
          lastName: i % 2 === 0 ? 'Lyngdoh' : `Kharkongor${String(i).padStart(2, '0')}`,
          occupation: 'Teacher',
          mobile: '9800000000',
          permAddress1: 'Test Road',
          permPinCode: '793003',
          permDistrictCode: '1701',
          presAddress1: 'Test Road',
          presPinCode: '793003',
          presDistrictCode: '1701',
        })),
      )
      .returning({ id: landlords.id });
    await t.db.insert(rentalUnits).values(
      added.map(({ id }) => ({
        landlordId: id,
        address1: 'Test Road',
        pinCode: '793003',
        districtCode: '1701',
        wardCode: MOD_WARD,
      })),
    );
  });

  it('pages through every landlord of the ward once, in name order, with the right flags', async () => {
    const expected = await expectedIds(MOD_WARD);
    expect(expected.length).toBeGreaterThan(2 * 10);
    const { first, rows } = await allPages('moderator', MOD_WARD);
    expect(first.totalElements).toBe(expected.length);
    expect(first.totalPages).toBe(Math.ceil(expected.length / 10));
    expect(rows.map((r) => r.id)).toEqual(expected);
    expect(rows.every((r) => r.landlord_id === r.id)).toBe(true);
    expect(first).toMatchObject({
      iscurrentPageFirst: true,
      iscurrentPageLast: false,
      pageNumber: 0,
      pageSize: 10,
    });
    const middle = await page('moderator', MOD_WARD, 1);
    expect(middle).toMatchObject({ iscurrentPageFirst: false, iscurrentPageLast: false });
    const last = await page('moderator', MOD_WARD, first.totalPages - 1);
    expect(last).toMatchObject({ iscurrentPageFirst: false, iscurrentPageLast: true });
    expect(last.content.length).toBe(expected.length - 10 * (first.totalPages - 1));
    const beyond = await page('moderator', MOD_WARD, first.totalPages + 5);
    expect(beyond).toMatchObject({ content: [], iscurrentPageFirst: false, iscurrentPageLast: true });
    expect(await total('moderator', MOD_WARD)).toBe(expected.length);
  });

  it("resolves 'LA-01' against the caller's police station: the supermoderator's own locality", async () => {
    const expected = await expectedIds('PS1701001LA01');
    const { first, rows } = await allPages('supermoderator', 'LA-01');
    expect(rows.map((r) => r.id)).toEqual(expected);
    expect(first.totalElements).toBe(expected.length);
    expect(await total('supermoderator', 'la-01')).toBe(expected.length);
    expect(await total('supermoderator', 'PS1701001LA01')).toBe(expected.length);
    // A ward of the locality, chosen in the supermoderator's filter, narrows the list.
    expect(await total('supermoderator', 'PS1701001LA01W02')).toBe(
      (await expectedIds('PS1701001LA01W02')).length,
    );
  });

  it('narrows a ward officer asking for its whole locality to its own ward', async () => {
    const ward = await expectedIds(MOD_WARD);
    const locality = await expectedIds('PS1701001LA01');
    expect(locality.length).toBeGreaterThan(ward.length);
    expect(await total('moderator', 'LA-01')).toBe(ward.length);
    expect(await total('moderator', 'PS1701001LA01')).toBe(ward.length);
  });

  it('lets statewide officials list any locality', async () => {
    expect(await total('admin', 'PS1706001LA01')).toBe((await expectedIds('PS1706001LA01')).length);
    expect(await total('supervisor', 'PS1701002LA01W01')).toBe(
      (await expectedIds('PS1701002LA01W01')).length,
    );
  });

  it('filters by a case-insensitive prefix of the first, last or full name', async () => {
    const banri = await allPages('moderator', MOD_WARD, '?name=banri');
    expect(banri.rows.length).toBeGreaterThanOrEqual(11);
    expect(
      banri.rows.every((r) => r.firstName === 'Banri' || r.lastName?.toLowerCase().startsWith('banri')),
    ).toBe(true);
    expect(banri.first.totalPages).toBe(Math.ceil(banri.rows.length / 10));
    expect(await total('moderator', MOD_WARD, '?name=KHARKONGOR0')).toBe(5);
    expect(await total('moderator', MOD_WARD, '?name=banri%20kharkongor01')).toBe(1);
    expect(await total('moderator', MOD_WARD, '?name=%25')).toBe(0);
    expect(await total('moderator', MOD_WARD, '?name=')).toBe((await expectedIds(MOD_WARD)).length);
  });

  it('refuses, and logs, an area outside the jurisdiction', async () => {
    for (const code of [MOD_WARD, 'LA-01', 'PS1701001LA01', 'PS1701002LA01W01']) {
      const res = await get('moderator2', `GetListLandlordsByLACode/user/moderator2/${code}/0`);
      expect(res.statusCode, code).toBe(403);
      expect(res.json().message).toBe('This locality or sub-locality/ward is outside your jurisdiction.');
    }
    expect(
      (await get('supermoderator2', `GetTotalLandlordsByLACode/user/supermoderator2/${MOD_WARD}`)).statusCode,
    ).toBe(403);
    const [log] = await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1);
    expect(log).toMatchObject({ username: 'supermoderator2' });
    expect(log.remark).toContain('outside your jurisdiction');
    expect(log.url).toBe(`${API_BASE}/process/GetTotalLandlordsByLACode/user/supermoderator2/${MOD_WARD}`);
  });

  it("refuses another official's username in the path", async () => {
    const res = await get('moderator', `GetListLandlordsByLACode/user/moderator2/${MOD_WARD}/0`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You may only open your own lists.');
    expect((await get('admin', `GetTotalLandlordsByLACode/user/supervisor/${MOD_WARD}`)).statusCode).toBe(
      403,
    );
  });

  it.each([
    ['a page that is not a number', `${MOD_WARD}/x`],
    ['a negative page', `${MOD_WARD}/-1`],
    ['a page in exponent form', `${MOD_WARD}/1e3`],
    ['a page beyond the limit', `${MOD_WARD}/100001`],
    ['a code of another shape', 'W01/0'],
    ['a station code', 'PS1701001/0'],
  ])('answers 400 to %s', async (_label, tail) => {
    const res = await get('moderator', `GetListLandlordsByLACode/user/moderator/${tail}`);
    expect(res.statusCode, res.body).toBe(400);
  });

  it("answers 400 to 'LA-01' from an official not attached to a police station", async () => {
    const res = await get('verifier', 'GetTotalLandlordsByLACode/user/verifier/LA-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Give the full locality code');
  });

  it('answers 404 to a well-formed area that does not exist', async () => {
    expect(
      (await get('supermoderator', 'GetListLandlordsByLACode/user/supermoderator/PS1701001LA01W09/0'))
        .statusCode,
    ).toBe(404);
    expect((await get('admin', 'GetTotalLandlordsByLACode/user/admin/PS1799001LA01')).statusCode).toBe(404);
  });

  it('leaves out disowned units and answers 401 without a session', async () => {
    const before = await total('supermoderator2', 'PS1701001LA02W02');
    expect(before).toBeGreaterThan(0);
    await t.db
      .update(rentalUnits)
      .set({ disownedAt: new Date() })
      .where(eq(rentalUnits.wardCode, 'PS1701001LA02W02'));
    expect(await total('supermoderator2', 'PS1701001LA02W02')).toBe(0);
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/process/GetListLandlordsByLACode/user/moderator/${MOD2_WARD}/0`,
    });
    expect(res.statusCode).toBe(401);
  });
});
