import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CHANNEL_CHANGE_MESSAGES,
  type ChannelUpdateReply,
} from '../../src/contract/channel-changes.contract';
import type { Tenant, TenantSavedReply } from '../../src/contract/tenants.contract';
import { channelChanges, citizenKeys, tenants } from '../../src/server/db/schema';
import { withKey } from '../support/citizen-key';
import { outboxRows } from '../support/outbox-rows';
import { otpKeyFor } from '../support/otp';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import {
  api,
  clockedStaff,
  freshIdNumber,
  randomMobile,
  tenantBody,
  tenantRow,
  uniqueEmail,
} from './tenants-test-helpers';

// Issue 20, re-attack M2: the first to register an ID number kept it. A squatter registers the person's ID number
// with its own email; an office deletes that record, and the deletion keeps the squatter's channel for the ID
// (docs/otp-channel-changes.md, "Deleted and registered again"); the person registers again, its contact is held,
// and the squatter signed in through the kept channel, read the person's new record and stopped the change. Now the
// record is contested: a key through the kept channel reaches only the held change, and a locality officer over
// the deleting office, who had no part in it, settles it at the counter (docs/otp-channel-changes.md, "A contested
// record").

const HOUR = 60 * 60_000;
const WAIT = 72 * HOUR;

describe.each(testDatabases())('A contested tenant record on %s', (kind) => {
  const t = useTestApp(kind);
  const { staff, advance } = clockedStaff(t);
  const { otpsTo, noticesTo } = outboxRows(t);

  const call = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    headers: object,
    payload?: object,
  ) => t.app.inject({ method, url: api(path), headers: headers as Record<string, string>, payload });

  const settleAs = async (username: string, body: object) =>
    call('POST', 'register/settleContestedTenant', await staff(username), body);

  /** A key bought through the OTP the tenant's ID number sends now, read from the outbox at `to`. */
  const keyThrough = async (epicNo: string, to: string) => {
    advance(16 * 60_000);
    return otpKeyFor(t.app, { subject: 'tenant', id: epicNo, to, clock: t.clock });
  };

  /**
   * The chain: the squatter registers the ID anonymously, the ward moderator (who reaches it through an
   * application in its ward, here the counter area set by hand) deletes it, the person registers it again.
   */
  const contested = async (deleter = 'moderator', registrant: string | null = null) => {
    const epicNo = freshIdNumber();
    const squatter = { email: uniqueEmail('squatter'), mobile: randomMobile() };
    const person = { email: uniqueEmail('person'), mobile: randomMobile() };
    const first = await call('POST', 'process/tenant', {}, { ...tenantBody(epicNo), ...squatter });
    expect(first.statusCode, first.body).toBe(200);
    const firstId = first.json<TenantSavedReply>().id;
    await t.db.update(tenants).set({ registeredArea: 'PS1701001LA01W01' }).where(eq(tenants.id, firstId));
    const removed = await call('DELETE', `register/tenant/${firstId}`, await staff(deleter));
    expect(removed.statusCode, removed.body).toBe(200);
    const again = await call(
      'POST',
      registrant ? 'register/tenant' : 'process/tenant',
      registrant ? await staff(registrant) : {},
      {
        ...tenantBody(epicNo),
        firstName: 'Realperson',
        ...person,
      },
    );
    expect(again.statusCode, again.body).toBe(200);
    const saved = again.json<TenantSavedReply>();
    expect(saved.channelChange).toBeTruthy();
    return { epicNo, squatter, person, tenantId: saved.id };
  };

  it('a key through the kept channel reaches only the held change: the new record stays unread', async () => {
    const c = await contested();
    const key = await keyThrough(c.epicNo, c.squatter.email);
    expect(key.reach).toBe('held-change');
    const squatter = withKey(key.apiKey);
    for (const path of [
      `process/tenant/${c.tenantId}`,
      `process/tenantByIdNumber/${c.epicNo}`,
      `process/tenantRegistrationForm/${c.tenantId}`,
    ]) {
      const res = await call('GET', path, squatter);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe(CHANNEL_CHANGE_MESSAGES.heldChangeKey);
      expect(res.body).not.toContain('Realperson');
    }
    const edit = await call('PUT', `process/tenant/${c.tenantId}`, squatter, tenantBody(c.epicNo));
    expect(edit.statusCode).toBe(403);
    const pending = await call('GET', 'process/channelChange', squatter);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().pending.requestedBy).toContain('registering your ID number again');
    const stop = await call('POST', 'process/channelChange/stop', squatter);
    expect(stop.statusCode, stop.body).toBe(200);
    // Stopped, the record stays contested: the next key through the kept channel is as narrow.
    const next = await keyThrough(c.epicNo, c.squatter.email);
    expect(next.reach).toBe('held-change');
    expect((await call('GET', `process/tenant/${c.tenantId}`, withKey(next.apiKey))).statusCode).toBe(403);
    const logout = await call('POST', 'apikey/logout', withKey(next.apiKey));
    expect(logout.statusCode, logout.body).toBe(200);
    expect(await otpsTo(c.person.email)).toBe(0);
  });

  it("settled at the counter with the person's contact: held, no key stops it, then the person holds the record", async () => {
    const c = await contested();
    const squatter = withKey((await keyThrough(c.epicNo, c.squatter.email)).apiKey);
    expect((await call('POST', 'process/channelChange/stop', squatter)).statusCode).toBe(200);

    const settle = await settleAs('supermoderator', { epicNo: c.epicNo, ...c.person });
    expect(settle.statusCode, settle.body).toBe(200);
    const reply = settle.json<ChannelUpdateReply>();
    expect(reply.message).toContain(CHANNEL_CHANGE_MESSAGES.settledHeld);
    // The officer reads that no key stops it (re-attack N4), not the update's "unless the person stops it".
    expect(reply.message).toContain('cannot be stopped online');
    expect(reply.message).not.toContain('unless the person stops it');
    expect(reply.channelChange?.checkedInPerson).toBe(true);
    expect(reply.message).not.toContain(c.person.email);
    expect(await noticesTo(c.squatter.email, 'cannot be stopped online')).toBe(1);

    const stop = await call('POST', 'process/channelChange/stop', squatter);
    expect(stop.statusCode).toBe(403);
    expect(stop.json().message).toContain('cannot be stopped online');
    const held = await t.db
      .select()
      .from(channelChanges)
      .where(eq(channelChanges.subjectId, String(c.tenantId)));
    expect(held.filter((r) => r.checkedInPerson && !r.stoppedAt && !r.appliedAt)).toHaveLength(1);

    advance(WAIT + HOUR);
    const person = await keyThrough(c.epicNo, c.person.email);
    expect(person.reach).toBeUndefined();
    const record = await call('GET', `process/tenant/${c.tenantId}`, withKey(person.apiKey));
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json<Tenant>().firstName).toBe('Realperson');
    expect((await tenantRow(t.db, c.tenantId)).email).toBe(c.person.email);
    expect(
      (await t.db.select().from(tenants).where(eq(tenants.id, c.tenantId)))[0].channelContestedAt,
    ).toBeNull();
  });

  it("settled with the kept contact (the kept channel was the person's): the contest ends at once and is told", async () => {
    const c = await contested();
    const settle = await settleAs('supermoderator', { epicNo: c.epicNo, ...c.squatter });
    expect(settle.statusCode, settle.body).toBe(200);
    expect(settle.json().message).toBe(CHANNEL_CHANGE_MESSAGES.confirmedInPerson);
    expect(await noticesTo(c.squatter.email, 'confirmed that one-time passwords keep coming here')).toBe(1);
    // The registrant's held change ends with the contest (re-attack F2): after the wait the OTPs still come here.
    const changes = await t.db
      .select()
      .from(channelChanges)
      .where(eq(channelChanges.subjectId, String(c.tenantId)));
    expect(changes.map((r) => r.stoppedBy)).toEqual(['settled at the counter by supermoderator']);
    advance(WAIT + HOUR);
    expect((await tenantRow(t.db, c.tenantId)).email).toBe(c.squatter.email);
    const key = await keyThrough(c.epicNo, c.squatter.email);
    expect(key.reach).toBeUndefined();
    expect((await call('GET', `process/tenant/${c.tenantId}`, withKey(key.apiKey))).statusCode).toBe(200);
  });

  it('an empty email keeps the one on record (re-attack N3): the kept mobile alone confirms', async () => {
    const c = await contested();
    const settle = await settleAs('supermoderator', {
      epicNo: c.epicNo,
      mobile: c.squatter.mobile,
      email: '',
    });
    expect(settle.statusCode, settle.body).toBe(200);
    expect(settle.json().message).toBe(CHANNEL_CHANGE_MESSAGES.confirmedInPerson);
    expect((await tenantRow(t.db, c.tenantId)).email).toBe(c.squatter.email);
  });

  it('the held registration change that nobody stopped ends the contest when it applies', async () => {
    const c = await contested();
    advance(WAIT + HOUR);
    const key = await keyThrough(c.epicNo, c.person.email);
    expect(key.reach).toBeUndefined();
    expect((await call('GET', `process/tenant/${c.tenantId}`, withKey(key.apiKey))).statusCode).toBe(200);
  });

  it('refusals: the ward officer, another locality, bad input, an uncontested or missing record (alike)', async () => {
    const c = await contested();
    const body = { epicNo: c.epicNo, ...c.person };
    const ward = await settleAs('moderator', body);
    expect(ward.statusCode).toBe(403);
    // Another locality learns nothing: the same 404 as for no contested record (re-attack F4).
    const other = await settleAs('supermoderator2', body);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(CHANNEL_CHANGE_MESSAGES.notContested);
    for (const bad of [
      { ...body, mobile: 'abc' },
      { ...body, email: 'not-an-email' },
      { ...body, epicNo: 'x' },
      {},
    ]) {
      const res = await settleAs('supermoderator', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const plainId = freshIdNumber();
    const plain = await call(
      'POST',
      'process/tenant',
      {},
      { ...tenantBody(plainId), email: uniqueEmail('plain') },
    );
    expect(plain.statusCode).toBe(200);
    const uncontested = await settleAs('supermoderator', { ...body, epicNo: plainId });
    expect(uncontested.statusCode).toBe(404);
    const missing = await settleAs('supermoderator', { ...body, epicNo: freshIdNumber() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(uncontested.json().message);
    expect(missing.body).toBe(other.body);
    // Nothing changed: still contested, the registration's change still the pending one.
    expect(
      (await t.db.select().from(tenants).where(eq(tenants.id, c.tenantId)))[0].channelContestedAt,
    ).not.toBeNull();
    const keys = await t.db
      .select()
      .from(citizenKeys)
      .where(eq(citizenKeys.subjectId, String(c.tenantId)));
    expect(keys).toEqual([]);
  });

  it('the locality officer who registered the ID again at its counter may not settle it (re-attack F1)', async () => {
    const c = await contested('moderator', 'supermoderator');
    const own = await settleAs('supermoderator', { epicNo: c.epicNo, ...c.person });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(CHANNEL_CHANGE_MESSAGES.settlerInvolved);
  });

  it('the locality officer who deleted the former record may not settle it', async () => {
    const c = await contested('supermoderator');
    const own = await settleAs('supermoderator', { epicNo: c.epicNo, ...c.person });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(CHANNEL_CHANGE_MESSAGES.settlerInvolved);
    expect(
      (await t.db.select().from(tenants).where(eq(tenants.id, c.tenantId)))[0].channelContestedAt,
    ).not.toBeNull();
  });
});
