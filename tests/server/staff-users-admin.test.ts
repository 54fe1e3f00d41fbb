import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  profileReplySchema,
  STAFF_USER_MESSAGES,
  usersPageSchema,
} from '../../src/contract/staff-users.contract';
import { logRecords, users } from '../../src/server/db/schema';
import { attemptSignin, signInStaff } from '../support/staff-signin';
import { testDatabases } from '../support/test-db';
import {
  accountCounts,
  accountRow,
  CODES,
  DEMO,
  GOOD_PASSWORD,
  useStaffUsersSuite,
} from './staff-users-fixtures';

// DELETE users/removeuser, POST users/updateuser, GET users/list, users/profile, and the look-ups getroles and
// userbyUserCode (docs/users-admin.md): who may call them, self and last-admin rules under concurrency, the end
// of a deleted user's sessions, bad input.

let serial = 0;
const fresh = (prefix: string) => `${prefix}${Date.now() % 100000}y${(serial += 1)}`;
const NOT_ADMIN = DEMO.filter((d) => d !== 'admin');

describe.each(testDatabases())('staff account administration on %s', (kind) => {
  const s = useStaffUsersSuite(kind);

  /** Creates an account through the API (as admin) and returns its id. */
  async function created(role: 'ADMIN' | 'MODERATOR' | 'VERIFIER', usercode: string) {
    const username = fresh(role.toLowerCase().slice(0, 4));
    const res = await s.signUp('admin', { username, role, usercode });
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json<{ id: number }>().id, username };
  }

  describe('users/removeuser', () => {
    it.each(NOT_ADMIN)('refuses %s with an audited 403 and deletes nothing', async (who) => {
      const target = await created('MODERATOR', CODES.ward);
      const res = await s.call('DELETE', `users/removeuser/${target.id}`, who);
      expect(res.statusCode).toBe(403);
      expect((await accountRow(s.t.db, target.username)).active).toBe(true);
    });

    it('refuses an anonymous caller with 401', async () => {
      const target = await created('MODERATOR', CODES.ward);
      expect((await s.call('DELETE', `users/removeuser/${target.id}`, null)).statusCode).toBe(401);
    });

    it.each(['abc', '0', '-4', '1.5', '99999999999'])('answers the id %s with a 400', async (id) => {
      const before = await accountCounts(s.t.db);
      const res = await s.call('DELETE', `users/removeuser/${id}`, 'admin');
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/^id: /);
      expect(await accountCounts(s.t.db)).toEqual(before);
    });

    it('answers an unknown id with 404 and the server message', async () => {
      const res = await s.call('DELETE', 'users/removeuser/987654', 'admin');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: STAFF_USER_MESSAGES.noSuchUser });
    });

    it('refuses an admin deleting itself', async () => {
      const me = await accountRow(s.t.db, 'admin');
      const res = await s.call('DELETE', `users/removeuser/${me.id}`, 'admin');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: STAFF_USER_MESSAGES.notSelf });
      expect((await accountRow(s.t.db, 'admin')).active).toBe(true);
    });

    it('deletes a user: its open session is refused at once, it cannot sign in, an admin record is written', async () => {
      const target = await created('MODERATOR', CODES.ward);
      const { accessToken } = await signInStaff(s.t.app, target.username, GOOD_PASSWORD);
      expect((await s.call('GET', 'users/profile', accessToken)).statusCode).toBe(200);

      const res = await s.call('DELETE', `users/removeuser/${target.id}`, 'admin');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: STAFF_USER_MESSAGES.deleted });

      expect((await s.call('GET', 'users/profile', accessToken)).statusCode).toBe(401);
      expect(
        (await attemptSignin(s.t.app, { username: target.username, password: GOOD_PASSWORD })).statusCode,
      ).toBe(401);
      const [audit] = await s.t.db
        .select()
        .from(logRecords)
        .where(
          and(
            eq(logRecords.kind, 'admin'),
            eq(
              logRecords.remark,
              `Deleted user ${target.username} (ID ${target.id}, MODERATOR); 1 session(s) ended`,
            ),
          ),
        );
      expect(audit?.username).toBe('admin');
      // Deleted for good: a second delete finds nothing, and the username stays taken.
      expect((await s.call('DELETE', `users/removeuser/${target.id}`, 'admin')).statusCode).toBe(404);
      const again = await s.signUp('admin', {
        username: target.username,
        role: 'MODERATOR',
        usercode: CODES.ward,
      });
      expect(again.statusCode).toBe(409);
    });

    it('two admins deleting each other at once leave exactly one admin', async () => {
      const other = await created('ADMIN', CODES.state);
      const otherToken = (await signInStaff(s.t.app, other.username, GOOD_PASSWORD)).accessToken;
      const me = await accountRow(s.t.db, 'admin');
      const [mine, theirs] = await Promise.all([
        s.call('DELETE', `users/removeuser/${other.id}`, 'admin'),
        s.call('DELETE', `users/removeuser/${me.id}`, otherToken),
      ]);
      const codes = [mine.statusCode, theirs.statusCode].sort();
      expect(codes).toEqual([200, 401]);
      const admins = await s.t.db
        .select({ username: users.username })
        .from(users)
        .where(and(eq(users.roleId, me.roleId), eq(users.active, true)));
      expect(admins).toHaveLength(1);
      // Put the demo admin back for the rest of the suite when it was the one deleted.
      if (mine.statusCode === 401) {
        await s.t.db
          .update(users)
          .set({ active: true, passwordHash: me.passwordHash })
          .where(eq(users.id, me.id));
        s.tokens.set('admin', (await signInStaff(s.t.app, 'admin')).accessToken);
        await s.call('DELETE', `users/removeuser/${other.id}`, 'admin');
      }
    });
  });

  describe('users/updateuser', () => {
    it('lets a user ask to change its own email (any case of its username): held like an admin’s', async () => {
      const before = (await accountRow(s.t.db, 'moderator')).email;
      const res = await s.call('POST', 'users/updateuser/MODERATOR/ward.one@mrss.example', 'moderator');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toContain(STAFF_USER_MESSAGES.emailUpdated);
      expect(res.json().channelChange).toMatchObject({ newEmail: 'w***@mrss.example' });
      expect((await accountRow(s.t.db, 'moderator')).email).toBe(before);
    });

    it('lets an admin ask to change anyone’s email: held for the waiting period, with an admin record', async () => {
      // The email is the account's password-change OTP channel (docs/otp-channel-changes.md): the change waits
      // and the account's current address is told (tests/server/otp-channel-change.test.ts).
      const before = (await accountRow(s.t.db, 'police')).email;
      const res = await s.call('POST', 'users/updateuser/police/station@mrss.example', 'admin');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toContain(STAFF_USER_MESSAGES.emailUpdated);
      expect(res.json().channelChange).toMatchObject({
        what: 'email address',
        newEmail: 's***@mrss.example',
      });
      expect((await accountRow(s.t.db, 'police')).email).toBe(before);
      const records = await s.t.db
        .select()
        .from(logRecords)
        .where(and(eq(logRecords.kind, 'admin'), eq(logRecords.username, 'admin')));
      expect(
        records.some((r) => r.remark.startsWith('Asked to change the email address of user:police')),
      ).toBe(true);
    });

    it.each(NOT_ADMIN.filter((d) => d !== 'police'))(
      'refuses %s changing another’s email (audited 403)',
      async (who) => {
        const res = await s.call('POST', 'users/updateuser/police/evil@mrss.example', who);
        expect(res.statusCode).toBe(403);
        expect((await accountRow(s.t.db, 'police')).email).not.toBe('evil@mrss.example');
      },
    );

    it('refuses an anonymous caller, a bad email (400) and an unknown user (404)', async () => {
      expect((await s.call('POST', 'users/updateuser/police/a@b.co', null)).statusCode).toBe(401);
      const bad = await s.call('POST', 'users/updateuser/police/not-an-email', 'admin');
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/^email: /);
      expect((await s.call('POST', 'users/updateuser/nobody-here/a@b.co', 'admin')).statusCode).toBe(404);
    });
  });

  describe('users/list', () => {
    it('gives an admin a page of accounts, filtered by username in any case', async () => {
      const res = await s.call('GET', 'users/list?page=0&username=MODERATOR', 'admin');
      expect(res.statusCode, res.body).toBe(200);
      const page = usersPageSchema.parse(res.json());
      expect(page.content.map((u) => u.username)).toEqual(
        expect.arrayContaining(['moderator', 'moderator2', 'supermoderator']),
      );
      expect(page.content.every((u) => u.username.includes('moderator'))).toBe(true);
      const all = usersPageSchema.parse((await s.call('GET', 'users/list', 'admin')).json());
      expect(all.content).toHaveLength(10);
      expect(all.totalElements).toBeGreaterThan(10);
    });

    it('treats % and _ in the filter as themselves', async () => {
      const page = usersPageSchema.parse((await s.call('GET', 'users/list?username=%25', 'admin')).json());
      expect(page.content).toHaveLength(0);
    });

    it.each(NOT_ADMIN)('refuses %s with 403', async (who) => {
      expect((await s.call('GET', 'users/list', who)).statusCode).toBe(403);
    });

    it('refuses anonymous callers (401) and a bad page (400)', async () => {
      expect((await s.call('GET', 'users/list', null)).statusCode).toBe(401);
      expect((await s.call('GET', 'users/list?page=-1', 'admin')).statusCode).toBe(400);
    });
  });

  describe('users/profile', () => {
    const expected: Record<string, Record<string, string>> = {
      moderator: {
        'Sub-Locality/Wards Name': expect.any(String),
        'Headman Name': expect.any(String),
        'Locality/Cantonment': 'Laitumkhrah',
        'Police Station': 'Laitumkhrah Police Station',
        District: 'East Khasi Hills',
      },
      supermoderator: {
        'Locality/Cantonment': 'Laitumkhrah',
        'Headman Name': expect.any(String),
        District: 'East Khasi Hills',
      },
      verifier: { District: 'East Khasi Hills', State: 'Meghalaya' },
      police: { 'Police Station': 'Laitumkhrah Police Station' },
      admin: { State: 'Meghalaya' },
    };

    it.each(Object.keys(expected))('shows %s its own details only', async (who) => {
      const res = await s.call('GET', 'users/profile', who);
      expect(res.statusCode, res.body).toBe(200);
      const profile = profileReplySchema.parse(res.json());
      expect(profile.username).toBe(who);
      expect(Object.fromEntries(profile.details.map((d) => [d.label, d.value]))).toMatchObject(expected[who]);
    });

    it('refuses an anonymous caller', async () => {
      expect((await s.call('GET', 'users/profile', null)).statusCode).toBe(401);
    });
  });

  describe('users/getroles and users/userbyUserCode', () => {
    it.each([
      ['admin', 'moderator2', 200],
      ['supervisor', 'moderator2', 200],
      ['verifier', 'moderator', 200],
      ['supermoderator', 'moderator', 200],
      ['supermoderator', 'moderator2', 404],
      ['moderator', 'MODERATOR', 200],
      ['moderator', 'moderator2', 404],
      ['police', 'moderator', 200],
      [null, 'moderator', 401],
    ] as const)('getroles as %s for %s answers %s', async (who, username, status) => {
      expect((await s.call('GET', `users/getroles/${username}`, who)).statusCode).toBe(status);
    });

    it.each([
      ['admin', CODES.otherDistrictWard, 200],
      ['supervisor', CODES.station, 200],
      ['verifier', CODES.locality, 200],
      ['verifier', CODES.otherDistrictLocality, 403],
      ['supermoderator', CODES.otherLocality, 403],
      ['moderator', 'PS1701001LA01W01', 200],
      [null, CODES.station, 401],
    ] as const)('userbyUserCode as %s for %s answers %s', async (who, code, status) => {
      expect((await s.call('GET', `users/userbyUserCode/${code}`, who)).statusCode).toBe(status);
    });

    it('does not list or find a deleted account', async () => {
      const gone = await created('VERIFIER', CODES.otherDistrict);
      expect((await s.call('DELETE', `users/removeuser/${gone.id}`, 'admin')).statusCode).toBe(200);
      const byCode = await s.call('GET', `users/userbyUserCode/${CODES.otherDistrict}`, 'admin');
      expect(byCode.json<{ username: string }[]>().map((u) => u.username)).not.toContain(gone.username);
      expect((await s.call('GET', `users/getroles/${gone.username}`, 'admin')).statusCode).toBe(404);
    });
  });
});
