import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_USER_MESSAGES, usernameSkeleton } from '../../src/contract/staff-users.contract';
import { rowsOf } from '../../src/server/db/rows-of';
import { users, usernameSkeletonSql } from '../../src/server/db/schema';
import { testDatabases } from '../support/test-db';
import { accountCounts, accountRow, CODES, useStaffUsersSuite } from './staff-users-fixtures';

// The look-alike folds of staff usernames (docs/users-admin.md "Usernames"): each one refuses its look-alike with
// the 409 that names no account, names that only seem close stay apart, and migration 0020 recomputed the marks of
// the accounts made before.

let serial = 0;
/** A tail of letters only (no digit folds into it), unique in this run. */
const tail = () =>
  `${process.pid}x${(serial += 1)}`.replace(/[0-9]/g, (d) => 'abcdfghjkm'[Number(d)]).replace(/x/g, 'q');

describe.each(testDatabases())('staff username look-alikes on %s', (kind) => {
  const s = useStaffUsersSuite(kind);
  const moderatorIn = (username: string) =>
    s.signUp('admin', { username, role: 'MODERATOR', usercode: CODES.ward });

  it.each([
    ['cl as d', 'dara', 'clara'],
    ['c1 and ci as d', 'doe', 'c1oe'],
    ['3 as e', 'peter', 'p3ter'],
    ['rn as m', 'mark', 'rnark'],
    ['vv as w', 'wade', 'vvade'],
    ['0 as o', 'olga', '0lga'],
    ['1, I and l alike', 'lisa', 'I1sa'],
    ['5 as s', 'sam', '5am'],
    ['separators dropped', 'nora', 'n.o.r.a'],
  ])('reads %s: %s then its look-alike %s is refused (409, no account named)', async (_f, first, second) => {
    const end = tail();
    expect((await moderatorIn(`${first}${end}`)).statusCode).toBe(200);
    const before = await accountCounts(s.t.db);
    const res = await moderatorIn(`${second}${end}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ message: STAFF_USER_MESSAGES.usernameTaken });
    expect(res.body).not.toContain(first);
    expect(await accountCounts(s.t.db)).toEqual(before);
  });

  it.each([
    ['nn is not m', 'anna', 'ama'],
    ['c alone is not d', 'cara', 'dara'],
    ['o is not a', 'lora', 'lara'],
  ])('keeps apart names that only seem close (%s): %s and %s', async (_why, first, second) => {
    const end = tail();
    expect((await moderatorIn(`${first}${end}`)).statusCode).toBe(200);
    const res = await moderatorIn(`${second}${end}`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('compares in SQL exactly as the contract does, new folds included', async () => {
    for (const name of ['Clara-3', 'c1oe', 'CIaude', 'vvere_3', 'rnclvv', 'd3ll']) {
      const [row] = rowsOf<{ skeleton: string }>(
        await s.t.db.execute(sql`select ${usernameSkeletonSql(sql`${name}::text`)} as skeleton`),
      );
      expect(row.skeleton, name).toBe(usernameSkeleton(name));
    }
    expect(usernameSkeleton('Clara-3')).toBe('darae');
  });

  it('migration 0020 marks the younger of existing accounts that now read alike, and the index holds', async () => {
    const end = tail();
    const base = await accountRow(s.t.db, 'admin');
    const account = (username: string) => ({
      username,
      passwordHash: base.passwordHash,
      usercode: base.usercode,
      roleId: base.roleId,
    });
    // Accounts made under the earlier skeleton: 'clara' and 'dara' did not read alike then.
    await s.t.db.execute(sql`drop index users_username_skeleton_idx`);
    await s.t.db.insert(users).values(account(`clara${end}`));
    await s.t.db.insert(users).values(account(`dara${end}`));
    const migration = readFileSync(
      new URL('../../drizzle/0020_username_skeleton_more.sql', import.meta.url),
      'utf8',
    );
    // Its first statement drops the index, dropped above to let the old accounts in.
    const [, ...rest] = migration.split('--> statement-breakpoint');
    for (const statement of rest) await s.t.db.execute(sql.raw(statement));
    expect((await accountRow(s.t.db, `clara${end}`)).skeletonShared).toBe(false);
    expect((await accountRow(s.t.db, `dara${end}`)).skeletonShared).toBe(true);
    expect((await accountRow(s.t.db, 'admin')).skeletonShared).toBe(false);
    await expect(s.t.db.insert(users).values(account(`c1ara${end}`))).rejects.toThrow();
    const res = await moderatorIn(`d.ara${end}`);
    expect(res.statusCode, res.body).toBe(409);
  });
});
