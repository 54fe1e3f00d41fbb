import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Role } from '../../src/contract/roles';
import { STAFF_USER_MESSAGES, signUpReplySchema } from '../../src/contract/staff-users.contract';
import { logRecords } from '../../src/server/db/schema';
import { NOT_ALLOWED_MESSAGE } from '../../src/server/security/auth-guard';
import { attemptSignin, sealPassword, signInStaff } from '../support/staff-signin';
import { testDatabases } from '../support/test-db';
import {
  accountCounts,
  accountRow,
  CODES,
  GOOD_PASSWORD,
  useStaffUsersSuite,
  type Demo,
} from './staff-users-fixtures';

// POST users/sign-up (docs/users-admin.md): who may create which account where, the role/level fit, the
// password policy, case-insensitive usernames, bad input, and that a created account signs in at once.

let serial = 0;
const fresh = (prefix: string) => `${prefix}${Date.now() % 100000}x${(serial += 1)}`;

/** [caller, role created, usercode, allowed] over own and other jurisdictions. */
const MATRIX: [Demo, Role, string, boolean][] = [
  ['admin', 'ADMIN', CODES.state, true],
  ['admin', 'SUPERVISOR', CODES.state, true],
  ['admin', 'VERIFIER', CODES.otherDistrict, true],
  ['admin', 'USER', CODES.district, true],
  ['admin', 'POLICE', CODES.station, true],
  ['admin', 'LOCALITY', CODES.otherDistrictLocality, true],
  ['admin', 'MODERATOR', CODES.otherDistrictWard, true],
  ['verifier', 'SUPERMODERATOR', CODES.locality, true],
  ['verifier', 'LOCALITY', CODES.otherLocality, true],
  ['verifier', 'MODERATOR', CODES.ward, true],
  ['verifier', 'SUPERMODERATOR', CODES.otherDistrictLocality, false],
  ['verifier', 'MODERATOR', CODES.otherDistrictWard, false],
  ['verifier', 'POLICE', CODES.station, false],
  ['verifier', 'VERIFIER', CODES.district, false],
  ['verifier', 'ADMIN', CODES.state, false],
  ['supermoderator', 'MODERATOR', CODES.ward, true],
  ['supermoderator', 'MODERATOR', CODES.otherLocalityWard, false],
  ['supermoderator', 'LOCALITY', CODES.locality, false],
  ['supermoderator', 'SUPERMODERATOR', CODES.locality, false],
  ['supervisor', 'MODERATOR', CODES.ward, false],
  ['user', 'MODERATOR', CODES.ward, false],
  ['police', 'MODERATOR', CODES.ward, false],
  ['locality', 'MODERATOR', CODES.ward, false],
  ['moderator', 'MODERATOR', CODES.ward, false],
];

describe.each(testDatabases())('users/sign-up on %s', (kind) => {
  const s = useStaffUsersSuite(kind);

  it.each(MATRIX)('%s creating %s at %s: allowed %s', async (caller, role, usercode, allowed) => {
    const username = fresh(role.toLowerCase().slice(0, 5));
    const before = await accountCounts(s.t.db);
    const res = await s.signUp(caller, { username, role, usercode });
    if (allowed) {
      expect(res.statusCode, res.body).toBe(200);
      const reply = signUpReplySchema.parse(res.json());
      expect(reply).toMatchObject({ message: STAFF_USER_MESSAGES.created, username });
      const row = await accountRow(s.t.db, username);
      expect(row).toMatchObject({ id: reply.id, usercode, active: true });
      expect(row.level).toBe({ state: 1, district: 2, station: 3, locality: 4, ward: 5 }[levelOf(usercode)]);
      const [audit] = await s.t.db
        .select()
        .from(logRecords)
        .where(and(eq(logRecords.kind, 'admin'), eq(logRecords.username, caller)))
        .orderBy(desc(logRecords.id));
      expect(audit).toBeDefined();
      expect(await accountCounts(s.t.db)).toEqual({
        users: before.users + 1,
        adminRecords: before.adminRecords + 1,
      });
    } else {
      expect(res.statusCode, res.body).toBe(403);
      expect(await accountCounts(s.t.db)).toEqual(before);
      const [refusal] = await s.t.db
        .select()
        .from(logRecords)
        .where(eq(logRecords.username, caller))
        .orderBy(desc(logRecords.id));
      expect(refusal?.remark).toMatch(/Refused/);
    }
  });

  it('refuses an anonymous caller with 401 and writes nothing', async () => {
    const before = await accountCounts(s.t.db);
    const res = await s.call('POST', 'users/sign-up', null, { username: 'x' });
    expect(res.statusCode).toBe(401);
    expect(await accountCounts(s.t.db)).toEqual(before);
  });

  it('refuses an unrouted role with the guard’s audited 403', async () => {
    const res = await s.signUp('supervisor', {
      username: fresh('sv'),
      role: 'MODERATOR',
      usercode: CODES.ward,
    });
    expect(res.json()).toMatchObject({ message: NOT_ALLOWED_MESSAGE });
  });

  it('derives the level from the role, whatever the client sent', async () => {
    const username = fresh('lvl');
    const res = await s.call('POST', 'users/sign-up', 'admin', {
      username,
      email: `${username}@mrss.example`,
      password: await sealPassword(s.t.app, GOOD_PASSWORD),
      usercode: CODES.district,
      roles: ['VERIFIER'],
      level: 9,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await accountRow(s.t.db, username)).level).toBe(2);
  });

  it.each([
    ['a role that does not fit the code level', { role: 'VERIFIER', usercode: CODES.ward }, 'usercode:'],
    [
      'a code that does not exist',
      { role: 'MODERATOR', usercode: 'PS1701001LA01W99' },
      STAFF_USER_MESSAGES.unknownCode,
    ],
    [
      'a password shorter than 10 characters',
      { password: 'Short-9ch' },
      STAFF_USER_MESSAGES.passwordTooShort,
    ],
    [
      'a password holding the username',
      { password: 'xx-POLICEMAN-2026' },
      STAFF_USER_MESSAGES.passwordHoldsUsername,
    ],
    ['a common password, any case', { password: 'QwertyUIOP' }, STAFF_USER_MESSAGES.passwordTooCommon],
    [
      'a common password from deep in the list',
      { password: 'SuperSecret' },
      STAFF_USER_MESSAGES.passwordTooCommon,
    ],
  ] as const)('refuses %s with a 400 and writes nothing', async (_name, change, message) => {
    const before = await accountCounts(s.t.db);
    const res = await s.signUp('admin', {
      username: 'policeman',
      role: 'POLICE',
      usercode: CODES.station,
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(message);
    expect(await accountCounts(s.t.db)).toEqual(before);
  });

  it.each([
    ['an empty username', { username: '', email: 'a@b.co', password: 'x', usercode: '17', roles: ['ADMIN'] }],
    [
      'a bad email',
      { username: 'abc', email: 'not-an-email', password: 'x', usercode: '17', roles: ['ADMIN'] },
    ],
    ['no role', { username: 'abc', email: 'a@b.co', password: 'x', usercode: '17', roles: [] }],
    [
      'two roles',
      { username: 'abc', email: 'a@b.co', password: 'x', usercode: '17', roles: ['ADMIN', 'USER'] },
    ],
    ['an unknown role', { username: 'abc', email: 'a@b.co', password: 'x', usercode: '17', roles: ['ROOT'] }],
    [
      'a username with spaces',
      { username: 'a b c', email: 'a@b.co', password: 'x', usercode: '17', roles: ['ADMIN'] },
    ],
    [
      'an unsealed password',
      { username: 'abcd', email: 'a@b.co', password: GOOD_PASSWORD, usercode: '17', roles: ['ADMIN'] },
    ],
  ])('answers %s with a clear 400 and writes nothing', async (_name, body) => {
    const before = await accountCounts(s.t.db);
    const res = await s.call('POST', 'users/sign-up', 'admin', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^[\w.]+: /);
    expect(await accountCounts(s.t.db)).toEqual(before);
  });

  it('answers a missing body with a 400 and writes nothing', async () => {
    const before = await accountCounts(s.t.db);
    expect((await s.call('POST', 'users/sign-up', 'admin')).statusCode).toBe(400);
    expect(await accountCounts(s.t.db)).toEqual(before);
  });

  it('keeps usernames unique regardless of case: 409 with the reason', async () => {
    const before = await accountCounts(s.t.db);
    const res = await s.signUp('admin', { username: 'MODERATOR', role: 'MODERATOR', usercode: CODES.ward });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ message: STAFF_USER_MESSAGES.usernameTaken });
    expect(await accountCounts(s.t.db)).toEqual(before);
  });

  it('lets a created account sign in at once, with any case of its username', async () => {
    const username = fresh('Lum');
    expect(
      (await s.signUp('verifier', { username, role: 'MODERATOR', usercode: CODES.ward })).statusCode,
    ).toBe(200);
    const reply = await signInStaff(s.t.app, username.toUpperCase(), GOOD_PASSWORD);
    expect(reply).toMatchObject({ username, roles: 'MODERATOR', usercode: CODES.ward, userlevel: 5 });
    const wrong = await attemptSignin(s.t.app, { username, password: 'Test-password-2024' });
    expect(wrong.statusCode).toBe(401);
  });

  it('spends the sealed password: the same ciphertext cannot create a second account', async () => {
    const password = await sealPassword(s.t.app, GOOD_PASSWORD);
    const body = (username: string) => ({
      username,
      email: `${username}@mrss.example`,
      password,
      usercode: CODES.state,
      roles: ['SUPERVISOR'],
    });
    expect((await s.call('POST', 'users/sign-up', 'admin', body(fresh('r1')))).statusCode).toBe(200);
    const replay = await s.call('POST', 'users/sign-up', 'admin', body(fresh('r2')));
    expect(replay.statusCode).toBe(400);
  });
});

function levelOf(code: string): 'state' | 'district' | 'station' | 'locality' | 'ward' {
  if (/^\d{2}$/.test(code)) return 'state';
  if (/^\d{4}$/.test(code)) return 'district';
  if (code.length === 9) return 'station';
  return code.length === 13 ? 'locality' : 'ward';
}
