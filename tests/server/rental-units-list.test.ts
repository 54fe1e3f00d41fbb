import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import {
  RENTAL_UNIT_LIST_MESSAGES,
  rentalUnitsPageSchema,
  VACANCY_UPDATE_ROLES,
  type RentalUnitsPage,
} from '../../src/contract/rental-units.contract';
import { landlords, logRecords, rentalUnits } from '../../src/server/db/schema';
import { VACANCY_STAFF_ROLES } from '../../src/contract/roles';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { MOD_WARD, unitBody } from './landlords-fixtures';

// GET register/rentalUnits: the officials' Rental Units screen. Only the caller's own jurisdiction, paged in
// landlord then rent-code order, filtered by landlord EPIC or house/address text; other roles 403, bad paging
// 400, no session 401.

describe.each(testDatabases())('officials’ rental-units list on %s', (kind) => {
  const t = useTestApp(kind);
  const tokens = new Map<string, string>();
  const as = async (username: string) => {
    if (!tokens.has(username)) tokens.set(username, (await signInStaff(t.app, username)).accessToken);
    return bearer(tokens.get(username)!);
  };
  const list = async (username: string | null, query = '') =>
    t.app.inject({
      method: 'GET',
      url: `${API_BASE}/register/rentalUnits${query}`,
      headers: username ? await as(username) : {},
    });
  const pageOf = async (username: string, query = ''): Promise<RentalUnitsPage> => {
    const res = await list(username, query);
    expect(res.statusCode, res.body).toBe(200);
    return rentalUnitsPageSchema.parse(res.json());
  };
  /** Owned units whose ward code starts with `prefix` (ward, locality or station), straight from the table. */
  const unitsUnder = async (prefix: string) =>
    t.db
      .select({ rentcode: rentalUnits.rentcode })
      .from(rentalUnits)
      .where(
        and(isNull(rentalUnits.disownedAt), sql`left(${rentalUnits.wardCode}, ${prefix.length}) = ${prefix}`),
      );
  /** Every row of every page, walked with `size` rows a page. */
  const allPages = async (username: string, size: number, extra = '') => {
    const rows: RentalUnitsPage['content'] = [];
    const first = await pageOf(username, `?page=0&size=${size}${extra}`);
    rows.push(...first.content);
    for (let page = 1; page < first.totalPages; page++)
      rows.push(...(await pageOf(username, `?page=${page}&size=${size}${extra}`)).content);
    return { first, rows };
  };

  let extraRentcode: string;
  beforeAll(async () => {
    // A second unit for a landlord of the moderator's ward, so one landlord has two rows to order.
    const [owner] = await t.db
      .select({ landlordId: rentalUnits.landlordId })
      .from(rentalUnits)
      .where(eq(rentalUnits.wardCode, MOD_WARD))
      .limit(1);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/register/rentalUnit`,
      headers: await as('moderator'),
      payload: { ...unitBody(MOD_WARD, { address1: '50% Lane_Corner' }), landlordId: owner.landlordId },
    });
    expect(res.statusCode, res.body).toBe(200);
    extraRentcode = res.json().rentcode as string;
  });

  it.each([
    ['moderator', MOD_WARD],
    ['moderator2', 'PS1701001LA02W01'],
    ['supermoderator', 'PS1701001LA01'],
  ])(
    '%s sees exactly the owned units under %s, each page in landlord then rent-code order',
    async (user, area) => {
      const expected = (await unitsUnder(area)).map((u) => u.rentcode).sort();
      expect(expected.length).toBeGreaterThan(0);
      const { first, rows } = await allPages(user, 3);
      expect(first.totalElements).toBe(expected.length);
      expect(first.totalPages).toBe(Math.ceil(expected.length / 3));
      expect(rows.map((r) => r.rentcode).sort()).toEqual(expected);
      for (const row of rows) expect(row.laCode.startsWith(area)).toBe(true);
      const order = rows.map((r) => [r.landlordId, r.rentcode] as const);
      const sorted = [...order].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
      expect(order).toEqual(sorted);
    },
  );

  it('a district official (VERIFIER, USER) sees the units of its district only, with their landlords', async () => {
    const inDistrict = await t.db
      .select({ rentcode: rentalUnits.rentcode })
      .from(rentalUnits)
      .where(and(isNull(rentalUnits.disownedAt), sql`substr(${rentalUnits.wardCode}, 3, 4) = '1701'`));
    const outside = await t.db
      .select({ rentcode: rentalUnits.rentcode })
      .from(rentalUnits)
      .where(and(isNull(rentalUnits.disownedAt), sql`substr(${rentalUnits.wardCode}, 3, 4) <> '1701'`));
    expect(outside.length, 'the demo needs units outside district 1701').toBeGreaterThan(0);
    for (const user of ['verifier', 'user']) {
      const { first, rows } = await allPages(user, 100);
      expect(first.totalElements).toBe(inDistrict.length);
      expect(rows.every((r) => r.la.dist.districtCode === '1701')).toBe(true);
      // A district's page runs in locality, landlord, rent-code order (one ordered index range).
      const order = rows.map((r) => [r.laCode.slice(0, 13), r.landlordId, r.rentcode] as const);
      const sorted = [...order].sort(
        (a, b) => a[0].localeCompare(b[0]) || a[1] - b[1] || a[2].localeCompare(b[2]),
      );
      expect(order).toEqual(sorted);
    }
    const [row] = (await pageOf('verifier', '?size=1')).content;
    const [owner] = await t.db.select().from(landlords).where(eq(landlords.id, row.landlordId));
    expect(row.landlord).toEqual({
      id: owner.id,
      epicNo: owner.epicNo,
      firstName: owner.firstName,
      middleName: owner.middleName,
      lastName: owner.lastName,
    });
  });

  it('pages are zero-based with the spec’s first/last flags, and a page past the end is empty', async () => {
    const total = (await unitsUnder('PS1701001LA01')).length;
    expect(total).toBeGreaterThan(2);
    const first = await pageOf('supermoderator', '?page=0&size=2');
    expect(first).toMatchObject({
      pageNumber: 0,
      pageSize: 2,
      iscurrentPageFirst: true,
      iscurrentPageLast: false,
    });
    expect(first.content).toHaveLength(2);
    const lastPage = first.totalPages - 1;
    const last = await pageOf('supermoderator', `?page=${lastPage}&size=2`);
    expect(last).toMatchObject({ iscurrentPageFirst: false, iscurrentPageLast: true });
    expect(last.content.length).toBe(total - 2 * lastPage);
    const beyond = await pageOf('supermoderator', `?page=${first.totalPages + 5}&size=2`);
    expect(beyond.content).toEqual([]);
    expect(beyond.totalElements).toBe(total);
    // No size: ten rows a page.
    expect((await pageOf('verifier')).pageSize).toBe(10);
  });

  it('filters by landlord EPIC (any case) inside the jurisdiction only', async () => {
    const [unit] = await t.db.select().from(rentalUnits).where(eq(rentalUnits.rentcode, extraRentcode));
    const [owner] = await t.db.select().from(landlords).where(eq(landlords.id, unit.landlordId));
    const owned = await t.db
      .select({ rentcode: rentalUnits.rentcode })
      .from(rentalUnits)
      .where(
        and(
          eq(rentalUnits.landlordId, owner.id),
          eq(rentalUnits.wardCode, MOD_WARD),
          isNull(rentalUnits.disownedAt),
        ),
      );
    const mine = await pageOf('moderator', `?q=${owner.epicNo.toLowerCase()}&size=100`);
    expect(mine.content.map((r) => r.rentcode).sort()).toEqual(owned.map((r) => r.rentcode).sort());
    expect(mine.content.every((r) => r.landlord.epicNo === owner.epicNo)).toBe(true);
    // The same landlord through another ward's officer: none of these units.
    const other = await pageOf('moderator2', `?q=${owner.epicNo}`);
    expect(other.content.some((r) => r.landlordId === owner.id && r.laCode === MOD_WARD)).toBe(false);
    const unknown = await pageOf('moderator', '?q=ZZZ9999999');
    expect(unknown).toMatchObject({ totalElements: 0, totalPages: 0, content: [] });
  });

  it('filters by house number or address text, with % and _ taken literally', async () => {
    const hit = await pageOf('moderator', `?q=${encodeURIComponent('50% lane_')}`);
    expect(hit.content.map((r) => r.rentcode)).toEqual([extraRentcode]);
    const none = await pageOf('moderator', `?q=${encodeURIComponent('%_%')}`);
    expect(none.content).toEqual([]);
    const [sample] = await t.db
      .select()
      .from(rentalUnits)
      .where(and(eq(rentalUnits.wardCode, 'PS1701001LA02W01'), isNull(rentalUnits.disownedAt)))
      .limit(1);
    const word = sample.address1.slice(0, 6);
    const found = await pageOf('moderator2', `?q=${encodeURIComponent(word)}&size=100`);
    expect(found.content.map((r) => r.rentcode)).toContain(sample.rentcode);
    // The moderator of another ward never sees it, whatever it searches.
    const elsewhere = await pageOf('moderator', `?q=${encodeURIComponent(word)}&size=100`);
    expect(elsewhere.content.map((r) => r.rentcode)).not.toContain(sample.rentcode);
  });

  it.each(['police', 'locality', 'admin', 'supervisor'])('%s is refused: 403, audited', async (user) => {
    const before = await t.db.$count(logRecords);
    const res = await list(user);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You are not allowed to do this.');
    expect(await t.db.$count(logRecords)).toBeGreaterThan(before);
  });

  it('no session answers 401 Authentication Failed', async () => {
    const res = await list(null);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Authentication Failed');
  });

  it.each([
    ['?page=-1', 'page', RENTAL_UNIT_LIST_MESSAGES.badPage],
    ['?page=abc', 'page', RENTAL_UNIT_LIST_MESSAGES.badPage],
    ['?page=1e3', 'page', RENTAL_UNIT_LIST_MESSAGES.badPage],
    ['?page=100001', 'page', RENTAL_UNIT_LIST_MESSAGES.pageTooLarge],
    ['?size=0', 'size', RENTAL_UNIT_LIST_MESSAGES.badSize],
    ['?size=101', 'size', RENTAL_UNIT_LIST_MESSAGES.badSize],
    [`?q=${'a'.repeat(61)}`, 'q', RENTAL_UNIT_LIST_MESSAGES.longFilter],
  ])('%s answers 400 with its message', async (query, field, message) => {
    const res = await list('moderator', query);
    expect(res.statusCode, res.body).toBe(400);
    // The API's usual 'field: message' form (docs/input-safety.md).
    expect(res.json().message).toBe(`${field}: ${message}`);
  });

  it('offers Update Status to the roles the vacancy path admits, and only to them', async () => {
    expect([...VACANCY_UPDATE_ROLES].sort()).toEqual([...VACANCY_STAFF_ROLES].sort());
    const [occupied] = await t.db
      .select()
      .from(rentalUnits)
      .where(
        and(
          inArray(rentalUnits.wardCode, [MOD_WARD]),
          eq(rentalUnits.vacant, false),
          isNull(rentalUnits.disownedAt),
        ),
      )
      .limit(1);
    expect(occupied, 'the demo needs an occupied unit in the moderator’s ward').toBeDefined();
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/register/rentalUnit/changestatus/${occupied.landlordId}/${occupied.rentcode}`,
      headers: await as('verifier'),
    });
    expect(res.statusCode).toBe(403);
    const [after] = await t.db.select().from(rentalUnits).where(eq(rentalUnits.rentcode, occupied.rentcode));
    expect(after.vacant).toBe(false);
  });
});
