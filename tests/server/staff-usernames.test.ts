import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  STAFF_USER_MESSAGES,
  USERNAME_RULE_TEXT,
  usernameSkeleton,
} from '../../src/contract/staff-users.contract';
import { rowsOf } from '../../src/server/db/rows-of';
import { users, usernameSkeletonSql } from '../../src/server/db/schema';
import { signInStaff } from '../support/staff-signin';
import { testDatabases } from '../support/test-db';
import { accountCounts, accountRow, CODES, useStaffUsersSuite } from './staff-users-fixtures';

// Staff usernames (docs/users-admin.md "Usernames"): a narrow format, and no account whose name reads like an
// existing one ('moderator2.' or 'moderat0r2' beside 'moderator2'), refused with a 409 that names no account,
// also when two creates race. The demo accounts keep signing in.

let serial = 0;
/** A fresh, valid name: letters, then digits of this run, so suites running at once never share one. */
const fresh = (prefix: string) => `${prefix}${process.pid % 1000}x${Date.now() % 100000}x${(serial += 1)}`;

describe.each(testDatabases())('staff usernames on %s', (kind) => {
  const s = useStaffUsersSuite(kind);
  const moderatorIn = (username: string) =>
    s.signUp('admin', { username, role: 'MODERATOR', usercode: CODES.ward });

  it.each([
    ['a trailing separator', 'moderator2.'],
    ['a leading separator', '_moderator'],
    ['two separators in a row', 'lum..kharbuli'],
    ['two kinds of separator', 'lum.kharbuli_7'],
    ['a space', 'lum kharbuli'],
    ['an accented letter', 'modérateur'],
    ['a Cyrillic look-alike', 'mоderator9'],
    ['too few characters', 'ab'],
    ['too many characters', 'a'.repeat(31)],
  ])('refuses %s with the format rule, writing nothing', async (_what, username) => {
    const before = await accountCounts(s.t.db);
    const res = await moderatorIn(username);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^username: Username/);
    expect(await accountCounts(s.t.db)).toEqual(before);
  });

  it('names the rule in the message of a badly formed username', async () => {
    const res = await moderatorIn('moderator2-');
    expect(res.json<{ message: string }>().message).toBe(`username: Username: ${USERNAME_RULE_TEXT}`);
  });

  it('accepts letters and digits with one kind of separator between them', async () => {
    for (const username of [fresh('lum.kharbuli.'), fresh('Iba-'), fresh('wan_')]) {
      const res = await moderatorIn(username);
      expect(res.statusCode, `${username}: ${res.body}`).toBe(200);
    }
  });

  it.each([
    'MODERATOR2',
    'moderator-2',
    'moderator_2',
    'moderat0r2',
    'rnoderator2',
    'm.o.d.e.r.a.t.o.r.2',
    'moderatorz',
    'Moderat0r.Z',
  ])('refuses %s beside moderator2 with a 409 that names no account', async (username) => {
    const before = await accountCounts(s.t.db);
    const res = await moderatorIn(username);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ message: STAFF_USER_MESSAGES.usernameTaken });
    expect(res.body).not.toContain('moderator2');
    expect(await accountCounts(s.t.db)).toEqual(before);
  });

  it('lets one of two look-alike creates at once through, and refuses the other', async () => {
    const base = fresh('race');
    const [a, b] = await Promise.all([moderatorIn(`${base}.1`), moderatorIn(`${base}_l`)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const rows = await s.t.db
      .select({ username: users.username })
      .from(users)
      .where(sql`${usernameSkeletonSql(users.username)} = ${usernameSkeleton(`${base}1`)}`);
    expect(rows).toHaveLength(1);
  });

  it('refuses a look-alike in the database itself, even past the check (the unique index)', async () => {
    const username = fresh('idx');
    expect((await moderatorIn(username)).statusCode).toBe(200);
    const copy = await accountRow(s.t.db, username);
    const insertLookAlike = s.t.db.insert(users).values({
      username: `${username.toUpperCase().replace('X', '-x')}`,
      passwordHash: copy.passwordHash,
      usercode: copy.usercode,
      roleId: copy.roleId,
    });
    await expect(insertLookAlike).rejects.toThrow();
  });

  it('compares in SQL exactly as the contract does', async () => {
    const names = ['Moderator-2', 'moderat0r.2', 'rnoderator2', 'SUPERVISOR', 'vvan_5ing', 'Il1i', 'b8_0o'];
    for (const name of names) {
      const [row] = rowsOf<{ skeleton: string }>(
        await s.t.db.execute(sql`select ${usernameSkeletonSql(sql`${name}::text`)} as skeleton`),
      );
      expect(row.skeleton, name).toBe(usernameSkeleton(name));
    }
    expect(usernameSkeleton('Moderat0r.2')).toBe(usernameSkeleton('moderator2'));
  });

  it('keeps the demo accounts signing in', async () => {
    for (const username of ['moderator2', 'supermoderator2', 'admin']) {
      const session = await signInStaff(s.t.app, username);
      expect(session.accessToken, username).toBeTruthy();
    }
  });
});
