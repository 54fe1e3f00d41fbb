import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isWithinJurisdiction } from '../../machines/application/jurisdiction';
import type { PersonSearchResult, SearchEntity } from '../../src/contract/search.contract';
import type { Db } from '../../src/server/db/client';
import { rowsOf } from '../../src/server/db/rows-of';
import { applications, landlords, rentalUnits, tenants } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/demo-hierarchy';
import type { TestApp } from '../support/test-app';
import { api } from './tenants-test-helpers';

// Fixtures of the search suite: people renamed to names no demo person has, where they are (read from the
// rows), and who may see them by the rule of docs/search.md.

export type Account = (typeof DEMO_ACCOUNTS)[number];

/** Gives a demo person a new name (search_name follows: it is a generated column). */
export async function rename(db: Db, entity: SearchEntity, id: number, first: string, last: string) {
  const table = entity === 'tenant' ? tenants : landlords;
  await db.update(table).set({ firstName: first, middleName: null, lastName: last }).where(eq(table.id, id));
}

/** The wards a person is tied to: live applications' wards (tenant), owned units' wards (landlord). */
export async function wardsOf(db: Db, entity: SearchEntity, id: number): Promise<string[]> {
  const rows =
    entity === 'tenant'
      ? await db
          .select({ ward: applications.wardCode })
          .from(applications)
          .where(and(eq(applications.tenantId, id), isNull(applications.deletedAt)))
      : await db
          .select({ ward: rentalUnits.wardCode })
          .from(rentalUnits)
          .where(and(eq(rentalUnits.landlordId, id), isNull(rentalUnits.disownedAt)));
  return rows.map((r) => r.ward);
}

/** Whether a name search by this account may show a person tied to these wards. */
export function seesByName(account: Account, wards: string[]): boolean {
  if (account.role === 'SUPERVISOR' || account.role === 'ADMIN') return true;
  return wards.some((ward) => isWithinJurisdiction(account.usercode, ward));
}

/** A landlord with an owned unit in `ward`, and one whose units all lie outside `area`. */
export async function landlordsAround(db: Db, ward: string, area: string) {
  const units = await db
    .select({ landlordId: rentalUnits.landlordId, ward: rentalUnits.wardCode })
    .from(rentalUnits)
    .where(isNull(rentalUnits.disownedAt));
  const byLandlord = new Map<number, string[]>();
  for (const u of units) byLandlord.set(u.landlordId, [...(byLandlord.get(u.landlordId) ?? []), u.ward]);
  const inside = [...byLandlord].find(([, wards]) => wards.includes(ward))?.[0];
  const outside = [...byLandlord].find(([, wards]) =>
    wards.every((w) => !isWithinJurisdiction(area, w)),
  )?.[0];
  if (inside === undefined || outside === undefined) throw new Error(`no demo landlords around ${ward}`);
  return { inside, outside };
}

/** `count` tenants with no application, all named `first last`, straight into the table. */
export async function insertTenants(db: Db, count: number, first: string, last: string): Promise<number[]> {
  const tag = `${process.pid % 1000}${Math.floor(Math.random() * 1e5)}`;
  const rows = await db.execute(sql`
    insert into tenants (epic_no, first_name, last_name, parent_or_spouse_name, occupation, mobile,
      perm_address1, perm_pin_code, perm_district_code, pres_address1, pres_pin_code, pres_district_code)
    select 'SRCH' || ${tag} || lpad(g::text, 4, '0'), ${first}, ${last}, 'P. Parent', 'Teacher', '9863000000',
      'House 1', '793001', '1701', 'House 2', '793001', '1701'
    from generate_series(1, ${count}) g
    returning id::text as id`);
  return rowsOf<{ id: string }>(rows).map((r) => Number(r.id));
}

export async function deleteTenants(db: Db, ids: number[]) {
  if (ids.length) await db.delete(tenants).where(inArray(tenants.id, ids));
}

/** POST process/search as `headers`; the reply and its ids. */
export async function search(t: TestApp, headers: Record<string, string>, body: object) {
  const res = await t.app.inject({ method: 'POST', url: api('process/search'), headers, payload: body });
  const people = res.statusCode === 200 ? res.json<PersonSearchResult[]>() : [];
  return { res, people, ids: people.map((p) => p.id) };
}
