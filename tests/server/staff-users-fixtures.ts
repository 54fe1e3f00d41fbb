import { count, eq, sql } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import type { Role } from '../../src/contract/roles';
import type { Db } from '../../src/server/db/client';
import { logRecords, users } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/demo-hierarchy';
import { bearer, sealPassword, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import type { TestDatabaseKind } from '../support/test-db';

// What the staff-user suites share (tests/server/staff-users*.test.ts): the demo accounts signed in, a sign-up
// call that seals its password as the browser does, and counts that show a refusal wrote nothing.

export const DEMO = DEMO_ACCOUNTS.map((a) => a.username);
export type Demo = (typeof DEMO)[number];

/** A password that meets the policy for any username used here. */
export const GOOD_PASSWORD = 'Umiam-Lake-Boats-77';

/** Demo codes (docs/jurisdiction-codes.md): district 1701 holds station PS1701001 and its localities. */
export const CODES = {
  state: '17',
  district: '1701',
  otherDistrict: '1703',
  station: 'PS1701001',
  locality: 'PS1701001LA01',
  otherLocality: 'PS1701001LA02',
  otherDistrictLocality: 'PS1703001LA01',
  ward: 'PS1701001LA01W02',
  otherLocalityWard: 'PS1701001LA02W02',
  otherDistrictWard: 'PS1703001LA01W01',
} as const;

export interface NewUser {
  username: string;
  role: Role;
  usercode: string;
  password?: string;
  email?: string;
}

export async function accountCounts(db: Db) {
  const [[u], [l]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(logRecords).where(eq(logRecords.kind, 'admin')),
  ]);
  return { users: u.n, adminRecords: l.n };
}

export async function accountRow(db: Db, username: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export function useStaffUsersSuite(kind: TestDatabaseKind) {
  const t = useTestApp(kind);
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    for (const account of DEMO) tokens.set(account, (await signInStaff(t.app, account)).accessToken);
  });

  const tokenOf = (who: string) => tokens.get(who) ?? who;

  /** A call as a demo account (by name), a raw token, or anonymously (null). */
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, who: string | null, payload?: object) =>
    t.app.inject({
      method,
      url: `${API_BASE}/${path}`,
      headers: who ? bearer(tokenOf(who)) : {},
      ...(payload ? { payload } : {}),
    });

  const signUp = async (who: string | null, user: NewUser) =>
    call('POST', 'users/sign-up', who, {
      username: user.username,
      email: user.email ?? `${user.username}@mrss.example`,
      password: await sealPassword(t.app, user.password ?? GOOD_PASSWORD),
      usercode: user.usercode,
      roles: [{ name: user.role, rolename: user.role }],
      level: 0,
    });

  return { t, tokens, call, signUp };
}
