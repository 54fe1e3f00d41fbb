import { and, desc, eq, gt, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { CHANNEL_CHANGE_MESSAGES } from '../../src/contract/channel-changes.contract';
import { LANDLORD_MESSAGES } from '../../src/contract/landlords.contract';
import { channelChanges, landlords, logRecords, tenants, users } from '../../src/server/db/schema';
import { applyDueChannelChange } from '../../src/server/services/channel-changes/channel-changes.service';
import { completeDeps } from '../../src/server/deps';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { requestOtpCall } from '../support/otp';
import { bearer, signInStaff } from '../support/staff-signin';
import { outboxRows } from '../support/outbox-rows';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { landlordBody, landlordOnlyIn, MOD_WARD } from './landlords-fixtures';
import { tenantBody, tenantHeldInside } from './tenants-test-helpers';

// Issue 20, section 1: no one but the person moves where its one-time passwords go (docs/otp-channel-changes.md).
// An official's change of a landlord's or tenant's mobile or email, and an administrator's change of another staff
// account's email, is held for the waiting period: the next OTP still goes to the current channel, which is told
// at once and again when the change applies; the person stops it with its own key or session.

const HOUR = 60 * 60_000;
const WAIT = 72 * HOUR;

let serial = 0;
const unique = (prefix: string) => `${prefix}${process.pid % 1000}x${Date.now() % 100000}x${(serial += 1)}`;
const mobileFor = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

describe.each(testDatabases())('OTP channel changes on %s', (kind) => {
  const t = useTestApp(kind);
  const tokens = new Map<string, string>();
  const staff = async (username: string) => {
    if (!tokens.has(username)) tokens.set(username, (await signInStaff(t.app, username)).accessToken);
    return bearer(tokens.get(username)!);
  };
  /** Moves the suite's clock (staff sessions idle out meanwhile: they sign in again). */
  const advance = (ms: number) => {
    t.clock.advance(ms);
    tokens.clear();
  };
  const advanceTo = (at: Date) => advance(at.getTime() - t.clock.now().getTime());
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, headers = {}, payload?: unknown) =>
    t.app.inject({ method, url: `${API_BASE}/${path}`, headers, payload: payload as object });

  /** Messages kept for `to`, newest first; its OTPs; its notices holding some words. */
  const { outboxOf, otpsTo, noticesTo } = outboxRows(t);
  /** Asks for an OTP (past the person's send limit window) and answers where it went. */
  const otpGoesTo = async (subject: 'landlord' | 'tenant' | 'user', id: string, candidates: string[]) => {
    advance(16 * 60_000);
    const before = await Promise.all(candidates.map(otpsTo));
    const res = await requestOtpCall(t.app, { subject, id });
    expect(res.statusCode, res.body).toBe(200);
    const after = await Promise.all(candidates.map(otpsTo));
    return candidates.filter((_, i) => after[i] > before[i]);
  };
  const pendingRows = (subjectKind: 'landlord' | 'tenant' | 'user', subjectId: string) =>
    t.db
      .select()
      .from(channelChanges)
      .where(and(eq(channelChanges.subjectKind, subjectKind), eq(channelChanges.subjectId, subjectId)));

  describe('a landlord', () => {
    let landlordId: number;
    let epic: string;
    let oldEmail: string;
    let oldMobile: string;
    let otherLandlordId: number;
    beforeAll(async () => {
      landlordId = await landlordOnlyIn(t.db, MOD_WARD);
      oldEmail = `${unique('b.old')}@mrss.example`;
      oldMobile = mobileFor();
      const [row] = await t.db
        .update(landlords)
        .set({ email: oldEmail, mobile: oldMobile })
        .where(eq(landlords.id, landlordId))
        .returning();
      epic = row.epicNo;
      otherLandlordId = (await t.db.select().from(landlords)).find((l) => l.id !== landlordId)!.id;
    });
    const bodyWith = (overrides: Record<string, unknown>) => ({
      ...landlordBody(epic, { email: oldEmail, mobile: oldMobile, ...overrides }),
      id: landlordId,
    });

    it('an official’s change of email and mobile is held: the OTP still goes to the old email, both old channels are told, the log names the official', async () => {
      const attacker = `${unique('attacker')}@evil.example`;
      const attackerMobile = mobileFor();
      const res = await call(
        'PUT',
        'register/updateLandlord',
        await staff('moderator'),
        bodyWith({ email: attacker, mobile: attackerMobile, occupation: 'Carpenter' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const reply = res.json();
      expect(reply.message).toContain(LANDLORD_MESSAGES.updated);
      expect(reply.message).toContain('held until');
      expect(reply.channelChange.what).toBe('mobile number and email address');
      expect(Date.parse(reply.channelChange.effectiveAt) - t.clock.now().getTime()).toBe(WAIT);

      const [row] = await t.db.select().from(landlords).where(eq(landlords.id, landlordId));
      expect(row).toMatchObject({ email: oldEmail, mobile: oldMobile, occupation: 'Carpenter' });

      expect(await otpGoesTo('landlord', epic, [oldEmail, attacker])).toEqual([oldEmail]);
      expect(await noticesTo(oldEmail, 'asked to change the mobile number and email address')).toBe(1);
      expect(await noticesTo(oldMobile, 'asked to change the mobile number and email address')).toBe(1);
      expect(await outboxOf(attacker)).toEqual([]);
      const records = await t.db
        .select()
        .from(logRecords)
        .where(and(eq(logRecords.username, 'moderator'), like(logRecords.remark, 'Asked to change%')));
      expect(records.some((r) => r.remark.includes(`landlord:${landlordId}`))).toBe(true);

      const read = await call('GET', `register/landlord/${landlordId}`, await staff('moderator'));
      expect(read.json().pendingChannelChange).toMatchObject({
        newMobile: `******${attackerMobile.slice(-4)}`,
      });
    });

    it('applies only when due, once whoever reads at the same time, and tells the old channel again', async () => {
      const [pending] = (await pendingRows('landlord', String(landlordId))).filter((r) => !r.appliedAt);
      const newEmail = pending.newEmail!;
      // The OTP request comes 16 minutes after the clock is set (past the send limit window): 4 minutes early.
      advanceTo(new Date(pending.effectiveAt.getTime() - 20 * 60_000));
      expect(await otpGoesTo('landlord', epic, [oldEmail, newEmail])).toEqual([oldEmail]);
      advanceTo(pending.effectiveAt);
      const subject = { kind: 'landlord' as const, landlordId };
      const deps = completeDeps({ db: t.db, config: t.config, clock: t.clock });
      const applied = await Promise.all([1, 2, 3].map(() => applyDueChannelChange(deps, subject)));
      expect(applied.filter(Boolean)).toHaveLength(1);
      expect(await otpGoesTo('landlord', epic, [oldEmail, newEmail])).toEqual([newEmail]);
      expect(await noticesTo(oldEmail, 'is now')).toBe(1);
      expect(await noticesTo(oldMobile, 'is now')).toBe(1);
      // Put the landlord's own channel back for the next tests (as the landlord would, with its key).
      await t.db
        .update(landlords)
        .set({ email: oldEmail, mobile: oldMobile })
        .where(eq(landlords.id, landlordId));
    });

    it('the landlord stops it with its key and it never applies; another landlord’s key neither sees nor stops it', async () => {
      const attacker = `${unique('attacker')}@evil.example`;
      const res = await call(
        'PUT',
        'register/updateLandlord',
        await staff('moderator'),
        bodyWith({ email: attacker }),
      );
      expect(res.statusCode, res.body).toBe(200);

      const otherKey = withKey(await citizenKeyFor(t, { kind: 'landlord', landlordId: otherLandlordId }));
      expect((await call('GET', 'process/channelChange', otherKey)).json()).toEqual({ pending: null });
      const otherStop = await call('POST', 'process/channelChange/stop', otherKey);
      expect(otherStop.statusCode).toBe(404);
      expect(otherStop.json().message).toBe(CHANNEL_CHANGE_MESSAGES.nonePending('citizen'));

      const ownKey = withKey(await citizenKeyFor(t, { kind: 'landlord', landlordId }));
      const seen = await call('GET', 'process/channelChange', ownKey);
      expect(seen.json().pending).toMatchObject({
        what: 'email address',
        requestedBy: expect.stringContaining('an official of'),
      });
      const stop = await call('POST', 'process/channelChange/stop', ownKey);
      expect(stop.statusCode, stop.body).toBe(200);
      expect(stop.json().message).toBe(CHANNEL_CHANGE_MESSAGES.stopped('citizen'));

      advance(WAIT + HOUR);
      expect(await otpGoesTo('landlord', epic, [oldEmail, attacker])).toEqual([oldEmail]);
      const rows = await pendingRows('landlord', String(landlordId));
      expect(rows.filter((r) => r.newEmail === attacker)).toMatchObject([
        { appliedAt: null, stoppedBy: `landlord:${landlordId}` },
      ]);
    });

    it('stopping with nothing pending answers 404 and changes nothing (the refusal is audited, as every refusal)', async () => {
      const ownKey = withKey(await citizenKeyFor(t, { kind: 'landlord', landlordId }));
      const changesBefore = await t.db.select().from(channelChanges).orderBy(channelChanges.id);
      const [lastRecord] = await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1);
      const res = await call('POST', 'process/channelChange/stop', ownKey);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CHANNEL_CHANGE_MESSAGES.nonePending('citizen'));
      expect(await t.db.select().from(channelChanges).orderBy(channelChanges.id)).toEqual(changesBefore);
      const written = await t.db.select().from(logRecords).where(gt(logRecords.id, lastRecord.id));
      expect(written.map((r) => r.remark)).toEqual([
        expect.stringMatching(/^Refused \(404\): There is no pending change/),
      ]);
    });

    it('a second official request replaces the pending one and tells again', async () => {
      const first = `${unique('first')}@evil.example`;
      const second = `${unique('second')}@evil.example`;
      const told = await noticesTo(oldEmail, 'asked to change');
      for (const email of [first, second])
        expect(
          (await call('PUT', 'register/updateLandlord', await staff('moderator'), bodyWith({ email })))
            .statusCode,
        ).toBe(200);
      expect(await noticesTo(oldEmail, 'asked to change')).toBe(told + 2);
      const live = (await pendingRows('landlord', String(landlordId))).filter(
        (r) => !r.appliedAt && !r.stoppedAt,
      );
      expect(live.map((r) => r.newEmail)).toEqual([second]);
    });

    it('the landlord’s own change with its key applies at once, tells the old channel and voids the held change', async () => {
      const ownKey = withKey(await citizenKeyFor(t, { kind: 'landlord', landlordId }));
      const mine = `${unique('mine')}@mrss.example`;
      const res = await call('PUT', 'process/updateLandlord', ownKey, bodyWith({ email: mine }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().channelChange).toBeUndefined();
      expect((await t.db.select().from(landlords).where(eq(landlords.id, landlordId)))[0].email).toBe(mine);
      expect(await noticesTo(oldEmail, 'was changed to m***@mrss.example')).toBe(1);
      expect(
        (await pendingRows('landlord', String(landlordId))).filter((r) => !r.appliedAt && !r.stoppedAt),
      ).toEqual([]);
      oldEmail = mine;
    });

    it('an official’s update that keeps the channel changes the other fields at once and holds nothing', async () => {
      const before = (await pendingRows('landlord', String(landlordId))).length;
      const res = await call(
        'PUT',
        'register/updateLandlord',
        await staff('moderator'),
        bodyWith({ occupation: 'Farmer' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: LANDLORD_MESSAGES.updated });
      expect((await t.db.select().from(landlords).where(eq(landlords.id, landlordId)))[0].occupation).toBe(
        'Farmer',
      );
      expect(await pendingRows('landlord', String(landlordId))).toHaveLength(before);
    });

    it('an official’s update that writes the same email in other case and with spaces holds nothing and tells no one', async () => {
      // The record as the body has it first (a change of its details is told on its own: record-change-notices).
      const same = await call('PUT', 'register/updateLandlord', await staff('moderator'), bodyWith({}));
      expect(same.statusCode, same.body).toBe(200);
      const before = (await pendingRows('landlord', String(landlordId))).length;
      const emailedBefore = (await outboxOf(oldEmail)).length;
      const textedBefore = (await outboxOf(oldMobile)).length;
      const res = await call(
        'PUT',
        'register/updateLandlord',
        await staff('moderator'),
        bodyWith({ email: ` ${oldEmail.toUpperCase()} `, mobile: oldMobile }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: LANDLORD_MESSAGES.updated });
      expect(await pendingRows('landlord', String(landlordId))).toHaveLength(before);
      expect(await outboxOf(oldEmail)).toHaveLength(emailedBefore);
      expect(await outboxOf(oldMobile)).toHaveLength(textedBefore);
    });
  });

  describe('a tenant', () => {
    let tenantId: number;
    let idNumber: string;
    let oldEmail: string;
    let oldMobile: string;
    beforeAll(async () => {
      tenantId = await tenantHeldInside(t.db, MOD_WARD);
      oldEmail = `${unique('t.old')}@mrss.example`;
      oldMobile = mobileFor();
      const [row] = await t.db
        .update(tenants)
        .set({ email: oldEmail, mobile: oldMobile })
        .where(eq(tenants.id, tenantId))
        .returning();
      idNumber = row.epicNo;
    });
    const bodyWith = (overrides: Record<string, unknown>) => ({
      ...tenantBody(idNumber),
      email: oldEmail,
      mobile: oldMobile,
      ...overrides,
    });

    it('an official’s change is held, the tenant is told, stops it with its key, and it never applies', async () => {
      const attacker = `${unique('attacker')}@evil.example`;
      const res = await call(
        'PUT',
        `register/tenant/${tenantId}`,
        await staff('moderator'),
        bodyWith({ email: attacker, occupation: 'Driver' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toContain('held until');
      expect(res.json().tenant).toMatchObject({ email: oldEmail, occupation: 'Driver' });
      expect(await otpGoesTo('tenant', idNumber, [oldEmail, attacker])).toEqual([oldEmail]);
      expect(await noticesTo(oldEmail, 'asked to change the email address')).toBe(1);
      expect(await noticesTo(oldMobile, 'asked to change the email address')).toBe(1);

      const landlordKey = withKey(await citizenKeyFor(t, { kind: 'landlord', landlordId: 1 }));
      expect((await call('POST', 'process/channelChange/stop', landlordKey)).statusCode).toBe(404);

      const key = withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId }));
      expect((await call('GET', 'process/channelChange', key)).json().pending).toMatchObject({
        what: 'email address',
      });
      expect((await call('POST', 'process/channelChange/stop', key)).statusCode).toBe(200);
      advance(WAIT + HOUR);
      expect(await otpGoesTo('tenant', idNumber, [oldEmail, attacker])).toEqual([oldEmail]);
    });

    it('a held change not stopped applies when due and the old channel is told', async () => {
      const newMobile = mobileFor();
      const res = await call(
        'PUT',
        `register/tenant/${tenantId}`,
        await staff('moderator'),
        bodyWith({ mobile: newMobile }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(
        (await call('GET', `register/tenant/${tenantId}`, await staff('moderator'))).json()
          .pendingChannelChange,
      ).toMatchObject({ what: 'mobile number' });
      advance(WAIT);
      const read = await call('GET', `register/tenant/${tenantId}`, await staff('moderator'));
      expect(read.json()).toMatchObject({ mobile: newMobile, pendingChannelChange: null });
      expect(await noticesTo(oldMobile, 'is now')).toBe(1);
      expect(await noticesTo(oldEmail, 'is now')).toBe(1);
    });
  });

  describe('a staff account', () => {
    let oldEmail: string;
    beforeAll(async () => {
      oldEmail = `${unique('police.old')}@mrss.example`;
      await t.db.update(users).set({ email: oldEmail }).where(eq(users.username, 'police'));
    });

    it('an admin’s change of the email only in case holds nothing and tells no one', async () => {
      const res = await call(
        'POST',
        `users/updateuser/police/${oldEmail.toUpperCase()}`,
        await staff('admin'),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().channelChange).toBeUndefined();
      expect(await pendingRows('user', 'police')).toEqual([]);
      expect(await outboxOf(oldEmail)).toEqual([]);
      await t.db.update(users).set({ email: oldEmail }).where(eq(users.username, 'police'));
    });

    it('an admin’s change of another account’s email is held: the password OTP still goes to the old email, which is told; the holder stops it', async () => {
      const attacker = `${unique('attacker')}@evil.example`;
      const res = await call('POST', `users/updateuser/police/${attacker}`, await staff('admin'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toContain('held until');
      expect((await t.db.select().from(users).where(eq(users.username, 'police')))[0].email).toBe(oldEmail);
      expect(await otpGoesTo('user', 'police', [oldEmail, attacker])).toEqual([oldEmail]);
      expect(await noticesTo(oldEmail, 'Administrator admin asked to change the email address')).toBe(1);
      const records = await t.db
        .select()
        .from(logRecords)
        .where(
          and(eq(logRecords.username, 'admin'), like(logRecords.remark, 'Asked to change%user:police%')),
        );
      expect(records).toHaveLength(1);

      // Another signed-in account sees only its own (none) and cannot stop this one.
      expect((await call('GET', 'users/channelChange', await staff('moderator'))).json()).toEqual({
        pending: null,
      });
      const noneStop = await call('POST', 'users/channelChange/stop', await staff('moderator'));
      expect(noneStop.statusCode).toBe(404);
      expect(noneStop.json().message).not.toMatch(/mobile/i);
      expect(res.json().message).not.toMatch(/mobile/i);

      expect((await call('GET', 'users/channelChange', await staff('police'))).json().pending).toMatchObject({
        what: 'email address',
      });
      const stop = await call('POST', 'users/channelChange/stop', await staff('police'));
      expect(stop.statusCode).toBe(200);
      // A staff account has no mobile number: the reply speaks of the email address only.
      expect(stop.json().message).toBe(CHANNEL_CHANGE_MESSAGES.stopped('staff'));
      expect(stop.json().message).not.toMatch(/mobile/i);
      advance(WAIT + HOUR);
      expect(await otpGoesTo('user', 'police', [oldEmail, attacker])).toEqual([oldEmail]);
    });

    it('an admin’s change not stopped applies when due; one’s own change is held too and the old email is told', async () => {
      const next = `${unique('police.new')}@mrss.example`;
      expect((await call('POST', `users/updateuser/police/${next}`, await staff('admin'))).statusCode).toBe(
        200,
      );
      advance(WAIT);
      expect(await otpGoesTo('user', 'police', [oldEmail, next])).toEqual([next]);
      expect(await noticesTo(oldEmail, 'is now')).toBe(1);

      // A stolen session token must not move the recovery address at once: the staff member's own change waits.
      const own = `${unique('police.own')}@mrss.example`;
      const res = await call('POST', `users/updateuser/police/${own}`, await staff('police'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().channelChange).toMatchObject({ requestedBy: 'you (signed in as police)' });
      expect((await t.db.select().from(users).where(eq(users.username, 'police')))[0].email).toBe(next);
      expect(await otpGoesTo('user', 'police', [next, own])).toEqual([next]);
      advance(WAIT);
      expect((await t.db.select().from(users).where(eq(users.username, 'police')))[0].email).toBe(next);
      expect(await otpGoesTo('user', 'police', [next, own])).toEqual([own]);
    });
  });
});
