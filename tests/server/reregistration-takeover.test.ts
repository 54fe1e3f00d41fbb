import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TENANT_MESSAGES, type TenantSavedReply } from '../../src/contract/tenants.contract';
import { channelChanges, deletedIdentities, tenants } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { outboxRows } from '../support/outbox-rows';
import { requestOtpCall } from '../support/otp';
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

// Issue 20 section 1, the penetration test's second chain: an official who reaches a tenant deletes it
// (DELETE register/tenant/{id}), registers the same ID number again with its own email (POST register/tenant, or
// anonymously POST process/tenant), asks for the tenant OTP by the ID number and receives it. A deleted ID number
// now keeps its channel (docs/otp-channel-changes.md, "Deleted and registered again"): the registration starts on
// the old mobile and email, the registrant's is a held change told to them, and the person stops it. Landlords have
// no delete route and their EPIC number cannot be changed (checked in landlord suites), so no landlord twin here.

const HOUR = 60 * 60_000;
const WAIT = 72 * HOUR;

describe.each(testDatabases())('Deleting a tenant and registering its ID again on %s', (kind) => {
  const t = useTestApp(kind);
  const { staff, advance } = clockedStaff(t);

  /** The OTPs and the notices holding some words that were kept for an address. */
  const { otpsTo, noticesTo } = outboxRows(t);
  /** Asks for the tenant OTP by ID number (past the send limit window) and answers which candidates got it. */
  const otpGoesTo = async (epicNo: string, candidates: string[]) => {
    advance(16 * 60_000);
    const before = await Promise.all(candidates.map(otpsTo));
    const res = await requestOtpCall(t.app, { subject: 'tenant', id: epicNo });
    expect(res.statusCode, res.body).toBe(200);
    const after = await Promise.all(candidates.map(otpsTo));
    return candidates.filter((_, i) => after[i] > before[i]);
  };

  const register = async (path: 'register/tenant' | 'process/tenant', body: object) => {
    const headers = path === 'register/tenant' ? await staff('moderator') : {};
    const res = await t.app.inject({ method: 'POST', url: api(path), headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TenantSavedReply>();
  };
  const remove = async (id: number) => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: api(`register/tenant/${id}`),
      headers: await staff('moderator'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(TENANT_MESSAGES.deleted);
  };
  /** A tenant registered at the moderator's counter (so it reaches it) with a channel of its own, then deleted. */
  const victimDeleted = async () => {
    const victim = { epicNo: freshIdNumber(), email: uniqueEmail('victim'), mobile: randomMobile() };
    const { id } = await register('register/tenant', { ...tenantBody(victim.epicNo), ...victim });
    await remove(id);
    return victim;
  };
  const pending = (tenantId: number) =>
    t.db
      .select()
      .from(channelChanges)
      .where(and(eq(channelChanges.subjectKind, 'tenant'), eq(channelChanges.subjectId, String(tenantId))));

  it.each([
    ['the official (register/tenant)', 'register/tenant', 'moderator'],
    ['anyone (process/tenant)', 'process/tenant', 'anonymous registration'],
  ] as const)(
    're-registered by %s with another email: the OTP still reaches the victim, who stops it',
    async (_, path, asker) => {
      const victim = await victimDeleted();
      expect(await noticesTo(victim.email, 'deleted your tenant record')).toBe(1);
      expect(await noticesTo(victim.mobile, 'deleted your tenant record')).toBe(1);

      const attacker = uniqueEmail('attacker');
      const saved = await register(path, {
        ...tenantBody(victim.epicNo),
        email: attacker,
        mobile: randomMobile(),
      });
      expect(saved.channelChange).toBeTruthy();
      // The registrant sees the kept channel masked only.
      expect(saved.tenant.email).not.toBe(victim.email);
      expect(saved.tenant.mobile).not.toBe(victim.mobile);
      const row = await tenantRow(t.db, saved.id);
      expect({ email: row.email, mobile: row.mobile }).toEqual({
        email: victim.email,
        mobile: victim.mobile,
      });
      const [held] = await pending(saved.id);
      expect(held).toMatchObject({
        newEmail: attacker,
        requestedBy: asker,
        appliedAt: null,
        stoppedAt: null,
      });
      expect(await noticesTo(victim.email, 'asked to change')).toBe(1);

      expect(await otpGoesTo(victim.epicNo, [victim.email, attacker])).toEqual([victim.email]);

      const key = withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId: saved.id }));
      const stop = await t.app.inject({
        method: 'POST',
        url: api('process/channelChange/stop'),
        headers: key,
      });
      expect(stop.statusCode, stop.body).toBe(200);
      advance(WAIT + HOUR);
      expect(await otpGoesTo(victim.epicNo, [victim.email, attacker])).toEqual([victim.email]);
      expect(await otpsTo(attacker)).toBe(0);
    },
  );

  it('a deleted again record keeps the channel in force, not the pending one; deleting twice changes nothing', async () => {
    const victim = await victimDeleted();
    const attacker = uniqueEmail('attacker');
    const first = await register('register/tenant', { ...tenantBody(victim.epicNo), email: attacker });
    // The counter registration of a deleted ID number gives the office no reach (attack F-B, reach.md): the
    // moderator cannot delete it again until the tenant consents to one of its applications, which the row's
    // registered_area stands for here.
    const again = await t.app.inject({
      method: 'DELETE',
      url: api(`register/tenant/${first.id}`),
      headers: await staff('moderator'),
    });
    expect(again.statusCode, again.body).toBe(404);
    await t.db.update(tenants).set({ registeredArea: 'PS1701001LA01W01' }).where(eq(tenants.id, first.id));
    await remove(first.id);
    expect((await pending(first.id))[0].stoppedBy).toBe('record deleted by moderator');
    const second = await register('register/tenant', { ...tenantBody(victim.epicNo), email: attacker });
    expect((await tenantRow(t.db, second.id)).email).toBe(victim.email);
    expect(await otpGoesTo(victim.epicNo, [victim.email, attacker])).toEqual([victim.email]);
  });

  it('the person who comes back with the same mobile and email gets its record at once, nothing held', async () => {
    const victim = await victimDeleted();
    const saved = await register('process/tenant', {
      ...tenantBody(victim.epicNo),
      email: victim.email,
      mobile: victim.mobile,
    });
    expect(saved.channelChange).toBeFalsy();
    expect(saved.tenant).toMatchObject({ email: victim.email, mobile: victim.mobile });
    expect(await pending(saved.id)).toEqual([]);
    expect(await otpGoesTo(victim.epicNo, [victim.email])).toEqual([victim.email]);
  });

  it('after the waiting period an unstopped change applies (the office path for a lost number)', async () => {
    const victim = await victimDeleted();
    const fresh = uniqueEmail('newaddress');
    const saved = await register('register/tenant', { ...tenantBody(victim.epicNo), email: fresh });
    advance(WAIT + HOUR);
    expect(await otpGoesTo(victim.epicNo, [victim.email, fresh])).toEqual([fresh]);
    expect((await tenantRow(t.db, saved.id)).email).toBe(fresh);
  });

  it('an ID number deleted more than a year ago registers as new', async () => {
    const victim = await victimDeleted();
    await t.db
      .update(deletedIdentities)
      .set({ deletedAt: new Date(t.clock.now().getTime() - 366 * 24 * HOUR) })
      .where(eq(deletedIdentities.epicNo, victim.epicNo));
    const fresh = uniqueEmail('later');
    const saved = await register('process/tenant', { ...tenantBody(victim.epicNo), email: fresh });
    expect(saved.channelChange).toBeFalsy();
    expect((await tenantRow(t.db, saved.id)).email).toBe(fresh);
  });
});
