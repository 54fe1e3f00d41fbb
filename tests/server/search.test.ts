import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_LIMIT, SEARCH_MESSAGES, SEARCH_ROLES } from '../../src/contract/search.contract';
import { logRecords } from '../../src/server/db/schema';
import { rowsOf } from '../../src/server/db/rows-of';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/demo-hierarchy';
import { nameSearch } from '../../src/server/services/search.sql';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { insertTenants, landlordsAround, rename, search, seesByName, wardsOf } from './search-fixtures';
import {
  registerTenant,
  registerTenantAtCounter,
  staffTokens,
  tenantHeldInside,
  tenantHeldOutside,
  tenantRow,
} from './tenants-test-helpers';

// POST process/search (docs/search.md): who may call it, what each official sees (a person of another ward never
// appears), bad input, exact ID numbers, prefixes and misspelt names, landlords, the limit and the order.

const WARD = 'PS1701001LA01W01';
const LOCALITY = 'PS1701001LA01';
const searchers = DEMO_ACCOUNTS.filter((a) => (SEARCH_ROLES as readonly string[]).includes(a.role));
const others = DEMO_ACCOUNTS.filter((a) => !(SEARCH_ROLES as readonly string[]).includes(a.role));

describe.each(testDatabases())('search of tenants and landlords on %s', (kind) => {
  const t = useTestApp(kind);
  const staff = staffTokens(t);
  // Tenants and landlords renamed to names no demo person has: one inside the moderator's ward, one outside
  // the supermoderator's locality, under the same name.
  const tenant = { inside: 0, outside: 0, insideWards: [] as string[], outsideWards: [] as string[] };
  const landlord = { inside: 0, outside: 0, insideWards: [] as string[], outsideWards: [] as string[] };

  beforeAll(async () => {
    tenant.inside = await tenantHeldInside(t.db, WARD);
    tenant.outside = await tenantHeldOutside(t.db, LOCALITY);
    await rename(t.db, 'tenant', tenant.inside, 'Wanshnong', 'Lyngdoh');
    await rename(t.db, 'tenant', tenant.outside, 'Wanshnong', 'Lyngdoh');
    tenant.insideWards = await wardsOf(t.db, 'tenant', tenant.inside);
    tenant.outsideWards = await wardsOf(t.db, 'tenant', tenant.outside);
    Object.assign(landlord, await landlordsAround(t.db, WARD, LOCALITY));
    await rename(t.db, 'landlord', landlord.inside, 'Kyrmenlang', 'Marngar');
    await rename(t.db, 'landlord', landlord.outside, 'Kyrmenlang', 'Marngar');
    landlord.insideWards = await wardsOf(t.db, 'landlord', landlord.inside);
    landlord.outsideWards = await wardsOf(t.db, 'landlord', landlord.outside);
  });

  it.each(searchers.map((a) => [a.username, a] as const))(
    '%s finds by a misspelt name exactly the tenants and landlords of its jurisdiction',
    async (_name, account) => {
      const headers = await staff(account.username);
      const tenants = await search(t, headers, { name: 'Wanshng Lyngdo', entity: 'tenant' });
      expect(tenants.res.statusCode, tenants.res.body).toBe(200);
      expect(tenants.ids.includes(tenant.inside)).toBe(seesByName(account, tenant.insideWards));
      expect(tenants.ids.includes(tenant.outside)).toBe(seesByName(account, tenant.outsideWards));
      const landlords = await search(t, headers, { name: 'kyrmenlng', entity: 'landlord' });
      expect(landlords.res.statusCode, landlords.res.body).toBe(200);
      expect(landlords.ids.includes(landlord.inside)).toBe(seesByName(account, landlord.insideWards));
      expect(landlords.ids.includes(landlord.outside)).toBe(seesByName(account, landlord.outsideWards));
    },
  );

  it('the matrix holds something to see: the moderator sees the inside pair only, the supervisor both', () => {
    const moderator = searchers.find((a) => a.username === 'moderator')!;
    expect(seesByName(moderator, tenant.insideWards)).toBe(true);
    expect(seesByName(moderator, tenant.outsideWards)).toBe(false);
    expect(seesByName(moderator, landlord.outsideWards)).toBe(false);
    expect(searchers.map((a) => a.role)).toEqual(expect.arrayContaining([...SEARCH_ROLES]));
  });

  it.each(others.map((a) => [a.username, a.role] as const))(
    '%s (%s) is refused with an audited 403',
    async (username) => {
      const { res } = await search(t, await staff(username), { name: 'Wanshnong', entity: 'tenant' });
      expect(res.statusCode).toBe(403);
      const audit = await t.db
        .select()
        .from(logRecords)
        .where(and(eq(logRecords.username, username), like(logRecords.remark, '%process/search%')));
      expect(audit.length).toBeGreaterThan(0);
    },
  );

  it('refuses an anonymous caller (401) without reading the body', async () => {
    const { res } = await search(t, {}, { name: 'Wanshnong' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['no name', { entity: 'tenant' }, `name: ${SEARCH_MESSAGES.nameRequired}`],
    ['a blank name', { name: '   ', entity: 'tenant' }, `name: ${SEARCH_MESSAGES.nameRequired}`],
    ['one character', { name: ' w ', entity: 'tenant' }, `name: ${SEARCH_MESSAGES.tooShort}`],
    ['101 characters', { name: 'w'.repeat(101), entity: 'tenant' }, `name: ${SEARCH_MESSAGES.tooLong}`],
    ['a name that is not text', { name: 42, entity: 'tenant' }, `name: ${SEARCH_MESSAGES.nameRequired}`],
    ['another entity', { name: 'Wanshnong', entity: 'owner' }, `entity: ${SEARCH_MESSAGES.entity}`],
  ])('answers %s with a clear 400', async (_what, body, message) => {
    const { res } = await search(t, await staff('moderator'), body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('searches tenants when no entity is named, and gives the spec fields', async () => {
    const { res, people } = await search(t, await staff('moderator'), { name: 'wanshnong lyngdoh' });
    expect(res.statusCode).toBe(200);
    const row = await tenantRow(t.db, tenant.inside);
    expect(people[0]).toEqual({
      id: tenant.inside,
      epicNo: row.epicNo,
      firstName: 'Wanshnong',
      middleName: null,
      lastName: 'Lyngdoh',
      age: row.dateOfBirth,
      mobile: row.mobile,
      occupation: row.occupation,
      permanentAddress: { address1: row.permAddress1 },
      presentAddress: { address1: row.presAddress1 },
    });
  });

  it('matches an ID number exactly (any case), inside the reach only', async () => {
    const moderator = await staff('moderator');
    const inside = await tenantRow(t.db, tenant.inside);
    const outside = await tenantRow(t.db, tenant.outside);
    expect((await search(t, moderator, { name: inside.epicNo.toLowerCase() })).ids).toEqual([tenant.inside]);
    // Exact, not a prefix: one character short finds nobody.
    expect((await search(t, moderator, { name: inside.epicNo.slice(0, -1) })).ids).toEqual([]);
    expect((await search(t, moderator, { name: outside.epicNo })).ids).toEqual([]);
    expect((await search(t, await staff('supervisor'), { name: outside.epicNo })).ids).toEqual([
      tenant.outside,
    ]);
  });

  it('finds a tenant registered at the counter by ID and registration number, by name only statewide', async () => {
    // Reach comes from the counter registration (docs/reach.md); a tenant that registered itself is no one's yet.
    const stranger = await registerTenant(t);
    const strangerRow = await tenantRow(t.db, stranger);
    expect((await search(t, await staff('moderator'), { name: strangerRow.epicNo })).ids).toEqual([]);
    const id = await registerTenantAtCounter(t);
    await rename(t.db, 'tenant', id, 'Phrangsngi', 'Kharnaior');
    const row = await tenantRow(t.db, id);
    const moderator = await staff('moderator');
    expect((await search(t, moderator, { name: row.epicNo })).ids).toEqual([id]);
    expect(id).toBeGreaterThan(9);
    expect((await search(t, moderator, { name: String(id) })).ids).toEqual([id]);
    expect((await search(t, moderator, { name: 'phrangsngi kharnaior' })).ids).toEqual([]);
    expect((await search(t, await staff('supervisor'), { name: 'phrangsngi kharnaior' })).ids).toEqual([id]);
  });

  it.each([
    ['a prefix of the first name', 'wansh'],
    ['a prefix of the last name', 'lyngd'],
    ['a misspelt first name', 'Wanshng'],
    ['a partial last name', 'lyngdo'],
    ['the beginnings of both names', 'wansh lyng'],
    ['letters swapped in the last name', 'wanshnong lynddoh'],
    ['a misspelt full name, upper case, extra spaces', '  WANSHONG   LYNGDOH '],
  ])('finds the tenant by %s (%s)', async (_what, name) => {
    const { ids } = await search(t, await staff('moderator'), { name, entity: 'tenant' });
    expect(ids).toContain(tenant.inside);
  });

  it('finds landlords by EPIC and by a misspelt name, never one outside the jurisdiction', async () => {
    const moderator = await staff('moderator');
    const [inside] = (await search(t, moderator, { name: 'kyrmenlang marngar', entity: 'landlord' })).people;
    expect(inside.id).toBe(landlord.inside);
    expect(inside.age).toBeNull();
    const byEpic = await search(t, moderator, { name: inside.epicNo.toLowerCase(), entity: 'landlord' });
    expect(byEpic.ids).toEqual([landlord.inside]);
    const misspelt = await search(t, moderator, { name: 'Kyrmenlang Marnagr', entity: 'landlord' });
    expect(misspelt.ids).toContain(landlord.inside);
    expect(misspelt.ids).not.toContain(landlord.outside);
    // A tenant search does not return landlords, and the reverse.
    expect((await search(t, moderator, { name: 'kyrmenlang', entity: 'tenant' })).ids).not.toContain(
      landlord.inside,
    );
  });

  it(`returns at most ${SEARCH_LIMIT}, the exact name first, then prefixes, then misspellings`, async () => {
    const supervisor = await staff('supervisor');
    const many = await insertTenants(t.db, SEARCH_LIMIT + 5, 'Daribhalin', 'Nongkynrih');
    const [exact] = await insertTenants(t.db, 1, 'Daribha', 'Nongkynrih');
    const [typo] = await insertTenants(t.db, 1, 'Daribah', 'Nongkynrih');
    const all = await search(t, supervisor, { name: 'daribha nongkynrih' });
    expect(all.ids).toHaveLength(SEARCH_LIMIT);
    expect(all.ids[0]).toBe(exact);
    const prefix = await search(t, supervisor, { name: 'daribh' });
    expect(prefix.ids.slice(0, 2)).toEqual([exact, many[0]]);
    expect(prefix.ids).not.toContain(typo);
    const misspelt = await search(t, supervisor, { name: 'daribah nongkynrih' });
    expect(misspelt.ids[0]).toBe(typo);
    expect(misspelt.ids).toContain(exact);
  });

  it.each(['tenant', 'landlord'] as const)(
    'a statewide %s search scores the distinct names through their trigram index, then reads people by name',
    async (entity) => {
      const supervisor = {
        userId: 0,
        username: 'supervisor',
        role: 'SUPERVISOR',
        usercode: '17',
        level: 1,
      } as const;
      // The demo's few names are read faster by a scan; with the thousands of names of a real state (added and
      // taken back in this transaction, then analysed) the planner takes the entity's trigram index.
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into person_names (entity, search_name)
          select e, 'planner ' || md5(g::text) from generate_series(1, 5000) g, (values ('tenant'), ('landlord')) v(e)`);
        await tx.execute(sql`analyze person_names`);
        const explained = rowsOf<Record<string, string>>(
          await tx.execute(sql`explain ${nameSearch(entity, supervisor, 'lyngdo')}`),
        );
        await tx.execute(sql`delete from person_names where search_name like 'planner %'`);
        return explained;
      });
      const text = plan.map((row) => Object.values(row)[0]).join('\n');
      expect(text).toContain(`person_names_${entity}_trgm_idx`);
      expect(text).toContain(`${entity}s_search_name_idx`);
    },
  );
});
