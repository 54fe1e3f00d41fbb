import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import type { Db } from '../../src/server/db/client';
import {
  applicationFlow,
  applicationMembers,
  applications,
  domesticHelpers,
  familyMembers,
  landlords,
  logRecords,
  outboxMessages,
  rentalUnits,
  tenants,
} from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import type { TestDatabaseKind } from '../support/test-db';
import { unitBody } from './landlords-fixtures';

// What the officials' clearance suites share (tests/server/office-applications*.test.ts): the seeded accounts
// signed in, a landlord whose fresh vacant units the tests apply for, a tenant with family members and helpers,
// and row counts to show that a refusal wrote nothing.

/** The roles that may create and apply at the office, and those the guard refuses, by demo account. */
export const APPLICANTS = ['user', 'moderator', 'supermoderator', 'verifier'] as const;
export const NOT_APPLICANTS = ['admin', 'supervisor', 'police'] as const;
const OTHERS = ['moderator2', 'supermoderator2'] as const;
export type Account = (typeof APPLICANTS)[number] | (typeof NOT_APPLICANTS)[number] | (typeof OTHERS)[number];

/** The ward of the demo moderator (and so of the supermoderator's locality and the district of user, verifier). */
export const WARD = 'PS1701001LA01W01';
/** A ward of another district (1703): outside every demo applicant's jurisdiction. */
export const OTHER_DISTRICT_WARD = 'PS1703001LA01W01';

export const SAVE_OWN = 'process/user/SaveApplication';
export const SAVE_OFFICE = 'process/SaveApplication_Police';
export const APPLY = 'process/user/application/DomesticHelperAndFamily';
export const TENANT_LOOKUP = 'process/user/clearanceTenant';

export async function totals(db: Db) {
  const [[a], [f], [m]] = await Promise.all([
    db.select({ n: count() }).from(applications),
    db.select({ n: count() }).from(applicationFlow),
    db.select({ n: count() }).from(applicationMembers),
  ]);
  return { applications: a.n, flow: f.n, members: m.n };
}

export function useOfficeSuite(kind: TestDatabaseKind) {
  const t = useTestApp(kind);
  const tokens = new Map<Account, string>();
  const s = {
    t,
    landlordId: 0,
    landlordKey: '',
    tenantId: 0,
    tenantIdNumber: '',
    memberCodes: [] as number[],
    helperCodes: [] as number[],
  };

  beforeAll(async () => {
    for (const account of [...APPLICANTS, ...NOT_APPLICANTS, ...OTHERS])
      tokens.set(account, (await signInStaff(t.app, account)).accessToken);
    // A landlord with an email (its notices go there) and a tenant with active family members and helpers.
    const [landlord] = await t.db
      .select({ id: landlords.id })
      .from(landlords)
      .where(sql`nullif(btrim(${landlords.email}), '') is not null`)
      .limit(1);
    s.landlordId = landlord.id;
    s.landlordKey = await citizenKeyFor(t, { kind: 'landlord', landlordId: landlord.id });
    const [tenant] = await t.db
      .select({ id: tenants.id, idNumber: tenants.epicNo })
      .from(tenants)
      .where(
        sql`exists (select 1 from family_members f where f.tenant_id = ${tenants.id} and f.left_on is null)
          and exists (select 1 from domestic_helpers h where h.tenant_id = ${tenants.id} and h.left_on is null)`,
      )
      .limit(1);
    s.tenantId = tenant.id;
    s.tenantIdNumber = tenant.idNumber;
    s.memberCodes = (
      await t.db
        .select({ code: familyMembers.memberCode })
        .from(familyMembers)
        .where(and(eq(familyMembers.tenantId, tenant.id), isNull(familyMembers.leftOn)))
    ).map((r) => r.code);
    s.helperCodes = (
      await t.db
        .select({ code: domesticHelpers.memberCode })
        .from(domesticHelpers)
        .where(and(eq(domesticHelpers.tenantId, tenant.id), isNull(domesticHelpers.leftOn)))
    ).map((r) => r.code);
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    account: Account,
    payload?: object,
    remoteAddress?: string,
  ) =>
    t.app.inject({
      method,
      url: `${API_BASE}/${path}`,
      headers: bearer(tokens.get(account) ?? ''),
      payload,
      remoteAddress,
    });

  /** A fresh vacant unit of the suite's landlord in `ward`, added as its Rental Units tab adds one. */
  const newUnit = async (ward = WARD): Promise<string> => {
    const district = { districtCode: ward.slice(2, 6) };
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/process/rentalUnit`,
      headers: withKey(s.landlordKey),
      payload: unitBody(ward, { district }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ rentcode: string }>().rentcode;
  };

  /** Creates an application through `path` as `account` and returns its id. */
  const create = async (account: Account, path = SAVE_OWN, ward = WARD): Promise<number> => {
    const rentcode = await newUnit(ward);
    const res = await call('POST', path, account, { rentcode, tenantid: s.tenantId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ applid: number }>().applid;
  };

  const applicationOf = async (applid: number) =>
    (await t.db.select().from(applications).where(eq(applications.applid, applid)))[0];
  const flowOf = (applid: number) =>
    t.db.select().from(applicationFlow).where(eq(applicationFlow.applid, applid)).orderBy(applicationFlow.id);
  const membersOf = (applid: number) =>
    t.db.select().from(applicationMembers).where(eq(applicationMembers.applid, applid));
  const unitOf = async (rentcode: string) =>
    (await t.db.select().from(rentalUnits).where(eq(rentalUnits.rentcode, rentcode)))[0];
  const noticesOf = (applid: number) =>
    t.db
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.subject} like ${`%application ${applid} status`}`);
  const lastAudit = async () =>
    (
      await t.db
        .select()
        .from(logRecords)
        .orderBy(sql`id desc`)
        .limit(1)
    )[0];

  /** A new session for `account` (a test that moved the clock past the idle timeout has logged the others out). */
  const signInAgain = async (account: Account) =>
    tokens.set(account, (await signInStaff(t.app, account)).accessToken);

  return Object.assign(s, {
    call,
    signInAgain,
    newUnit,
    create,
    applicationOf,
    flowOf,
    membersOf,
    unitOf,
    noticesOf,
    lastAudit,
  });
}
