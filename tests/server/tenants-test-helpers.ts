import { and, count, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { API_BASE } from '../../src/contract/api';
import type { TenantSavedReply } from '../../src/contract/tenants.contract';
import type { Db } from '../../src/server/db/client';
import { applications, tenants } from '../../src/server/db/schema';
import { isWithinJurisdiction } from '../../machines/application/jurisdiction';
import { bearer, signInStaff } from '../support/staff-signin';
import type { TestApp } from '../support/test-app';

// Shared pieces of the tenant, member, upload and registration-form suites: a valid Tenant save body, staff
// tokens, and demo tenants chosen by where their applications are (read from the rows, not assumed).

let next = 0;
/** A fresh ID number per call (8-20 of A-Z 0-9), unique across suites running at once. */
export function freshIdNumber(): string {
  next += 1;
  return `TST${process.pid % 10000}${String(next).padStart(4, '0')}${Math.floor(Math.random() * 1000)}`;
}

let mailSerial = 0;
/** An email address no other test (or earlier run on the same database) uses: `name...@example.org`. */
export function uniqueEmail(name: string): string {
  return `${name}${process.pid % 1000}x${Date.now() % 100000}x${(mailSerial += 1)}@example.org`;
}

/** A random valid mobile number (starts with 9). */
export function randomMobile(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

export function tenantBody(epicNo = freshIdNumber()) {
  const address = {
    address1: 'House 12, Laitumkhrah Main Road',
    address2: 'Near the church',
    pinCode: '793003',
    district: { districtCode: '1701', districtName: 'East Khasi Hills', statename: { stateCode: '17' } },
  };
  return {
    epicNo,
    firstName: 'Iba',
    middleName: '',
    lastName: 'Kharkongor',
    email: '',
    occupation: 'Teacher',
    parentOrspouseName: 'D. Kharkongor',
    nationality: 'Indian',
    age: '1994-05-17',
    mobile: '9863012345',
    type: 'T3',
    individualEpic: true,
    permanentAddress: address,
    presentAddress: { ...address, address1: 'Flat 2, Nongrim Hills' },
  };
}

export const api = (path: string) => `${API_BASE}/${path}`;

/** The smallest body a tenant's domestic helper is added with. */
export const tenantHelperBody = {
  memberName: 'H',
  age: '1990-01-01',
  permanentAddress: {
    address1: 'A',
    pinCode: '793001',
    district: { districtCode: '1701' },
    statename: { stateCode: '17' },
  },
};

/** Signs each official in once per suite. */
export function staffTokens(t: TestApp) {
  const tokens = new Map<string, string>();
  return async (username: string) => {
    if (!tokens.has(username)) tokens.set(username, (await signInStaff(t.app, username)).accessToken);
    return bearer(tokens.get(username)!);
  };
}

/**
 * Staff tokens for a suite that moves its clock: `advance` moves the clock, and the staff sign in again after it
 * (their sessions idle out meanwhile). `staff(username)` gives the bearer header.
 */
export function clockedStaff(t: TestApp) {
  let tokens = staffTokens(t);
  return {
    staff: (username: string) => tokens(username),
    advance: (ms: number) => {
      t.clock.advance(ms);
      tokens = staffTokens(t);
    },
  };
}

/** Registers a tenant anonymously (as the public form does) from its own address; returns its id. */
export async function registerTenant(t: TestApp, epicNo = freshIdNumber()): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: api('process/tenant'),
    payload: tenantBody(epicNo),
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (res.statusCode !== 200) throw new Error(`registering a tenant answered ${res.statusCode}: ${res.body}`);
  return res.json<TenantSavedReply>().id;
}

export async function tenantCount(db: Db): Promise<number> {
  return (await db.select({ n: count() }).from(tenants))[0].n;
}

/**
 * A demo tenant held by a current application (not rejected, shifted or deleted), all of whose live
 * applications lie outside `usercode`'s jurisdiction: an official there must be refused.
 */
export async function tenantHeldOutside(db: Db, usercode: string): Promise<number> {
  const current = await db
    .select({ tenantId: applications.tenantId })
    .from(applications)
    .where(and(isNull(applications.deletedAt), notInArray(applications.status, ['RJT', 'APARV'])));
  const ids = [...new Set(current.map((r) => r.tenantId))];
  const live = await db
    .select({ tenantId: applications.tenantId, wardCode: applications.wardCode })
    .from(applications)
    .where(and(isNull(applications.deletedAt), inArray(applications.tenantId, ids)));
  const held = ids.find((id) =>
    live.filter((a) => a.tenantId === id).every((a) => !isWithinJurisdiction(usercode, a.wardCode)),
  );
  if (held === undefined) throw new Error(`no demo tenant is held outside ${usercode}`);
  return held;
}

/** A demo tenant with a live application inside `usercode`'s jurisdiction. */
export async function tenantHeldInside(db: Db, usercode: string): Promise<number> {
  const live = await db
    .select({ tenantId: applications.tenantId, wardCode: applications.wardCode })
    .from(applications)
    .where(isNull(applications.deletedAt));
  const hit = live.find((a) => isWithinJurisdiction(usercode, a.wardCode));
  if (!hit) throw new Error(`no demo tenant is held inside ${usercode}`);
  return hit.tenantId;
}

export async function tenantRow(db: Db, id: number) {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id));
  return row;
}

/**
 * Registers a tenant at the counter as official `username` (POST register/tenant): that official's area reaches it
 * (docs/reach.md), as the suites of the officials' tenant calls need. Returns its id.
 */
export async function registerTenantAtCounter(t: TestApp, username = 'moderator'): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: api('register/tenant'),
    headers: bearer((await signInStaff(t.app, username)).accessToken),
    payload: tenantBody(),
  });
  if (res.statusCode !== 200) throw new Error(`registering a tenant answered ${res.statusCode}: ${res.body}`);
  return res.json<TenantSavedReply>().id;
}
