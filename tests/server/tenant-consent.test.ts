import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CITIZEN_APPLICATION_MESSAGES as MESSAGES,
  landlordGeneratedApplicationSchema,
  tenantConsentGivenSchema,
  tenantConsentResentSchema,
} from '../../src/contract/citizen-applications.contract';
import { applicationDetailSchema } from '../../src/contract/applications.contract';
import { tenantConsentOf } from '../../src/server/services/applications-detail.service';
import { applicationConsentCodes, applications, landlords, logRecords } from '../../src/server/db/schema';
import { withKey } from '../support/citizen-key';
import { bearer, signInStaff } from '../support/staff-signin';
import { otpKeyFor, requestOtpCall, validateOtpCall } from '../support/otp';
import {
  confirmTenantConsent,
  consentCodeFor,
  consentMessageFor,
  tenantConsentCall,
} from '../support/tenant-consent';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { landlordBody, MOD_WARD, unitBody } from './landlords-fixtures';
import { api, freshIdNumber, staffTokens, tenantBody } from './tenants-test-helpers';

// The tenant's consent to a landlord's application (docs/tenant-consent.md, issue 20 / pen-test F2): a stooge
// landlord's application reaches nothing of the tenant's until the tenant's own code is entered.

const GENERATE = 'process/anonymous/generateApplication';
const CONSENT = 'process/application/tenantConsent';
const RESEND = 'process/application/tenantConsent/resend';
const APPLY = 'process/application/DomesticHelperAndFamily';

describe.each(testDatabases())('the tenant’s consent on %s', (kind) => {
  const t = useTestApp(kind);
  const token = staffTokens(t);
  let host = 0;
  const from = () => `10.88.${Math.floor(++host / 250)}.${host % 250}`;
  const post = (key: string, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: api(path), headers: withKey(key), payload, remoteAddress: from() });

  let landlordKey: string;
  let otherKey: string;
  let landlordEpic: string;
  const tenantEmail = 'rita.consent@example.com';
  let tenantEpic: string;
  let tenantId: number;

  /** A self-registered landlord (the "stooge") with its key, from its own OTP. */
  async function selfRegisteredLandlord(email: string): Promise<{ key: string; id: number; epic: string }> {
    const epic = `CNS${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const res = await t.app.inject({
      method: 'POST',
      url: api('process/landlord'),
      payload: landlordBody(epic, { email }),
      remoteAddress: from(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const key = (await otpKeyFor(t.app, { subject: 'landlord', id: epic, to: email, clock: t.clock })).apiKey;
    return { key, id: res.json<{ landlord_id: number }>().landlord_id, epic };
  }

  async function generated(key: string, tenant = tenantId) {
    const unit = await post(key, 'process/rentalUnit', unitBody(MOD_WARD));
    expect(unit.statusCode, unit.body).toBe(200);
    const res = await post(key, GENERATE, {
      rentcode: unit.json<{ rentcode: string }>().rentcode,
      tenantid: tenant,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { reply: landlordGeneratedApplicationSchema.parse(res.json()), body: res.body };
  }

  const applicationOf = async (applid: number) =>
    (await t.db.select().from(applications).where(eq(applications.applid, applid)))[0];

  beforeAll(async () => {
    const stooge = await selfRegisteredLandlord('stooge.landlord@example.org');
    landlordKey = stooge.key;
    landlordEpic = stooge.epic;
    otherKey = (await selfRegisteredLandlord('other.landlord@example.org')).key;
    tenantEpic = freshIdNumber();
    const tenant = await t.app.inject({
      method: 'POST',
      url: api('process/tenant'),
      payload: { ...tenantBody(tenantEpic), email: tenantEmail },
      remoteAddress: from(),
    });
    expect(tenant.statusCode, tenant.body).toBe(200);
    tenantId = tenant.json<{ id: number }>().id;
  });

  it('keeps the application without reach, the tenant’s people and the code out of the landlord’s reply', async () => {
    const { reply, body } = await generated(landlordKey);
    expect(reply).toMatchObject({
      message: MESSAGES.generatedAwaitingConsent,
      tenantConsent: 'pending',
      consentCodeSentTo: 'email r•••@example.com',
      familyMembers: [],
      helpers: [],
    });
    const row = await applicationOf(reply.applid);
    expect(row).toMatchObject({ grantsReach: false, tenantConsentedAt: null });
    const code = await consentCodeFor(t.db, reply.applid);
    expect(body).not.toContain(code);
    // The message goes to the tenant and names the landlord, its EPIC and the unit's address.
    const message = await consentMessageFor(t.db, reply.applid);
    expect(message.recipient).toBe(tenantEmail);
    expect(message.body).toContain(`(EPIC ${landlordEpic})`);
    expect(message.body).toContain(unitBody(MOD_WARD).address1);
    expect(message.body).toContain('Give this code to the landlord only if you agree to police verification');
    expect(message.body).toContain('If you did not expect this, do not share it.');
    // Only a keyed hash is stored.
    const [stored] = await t.db
      .select()
      .from(applicationConsentCodes)
      .where(eq(applicationConsentCodes.applid, reply.applid));
    expect(stored.codeHash).not.toContain(code);
    expect(stored.triesLeft).toBe(5);

    // The unit's ward does not reach the tenant, and the landlord cannot Apply (so no form either).
    const officer = await token('moderator');
    const read = await t.app.inject({
      method: 'GET',
      url: api(`register/tenant/${tenantId}`),
      headers: officer,
    });
    expect([403, 404]).toContain(read.statusCode);
    const apply = await post(landlordKey, APPLY, { applid: reply.applid, membercode: [], helperCode: [] });
    expect(apply.statusCode).toBe(409);
    expect(apply.json().message).toBe(MESSAGES.consentMissing);
    const form = await t.app.inject({
      method: 'GET',
      url: api(`process/GetCompletedApplicationForm/${reply.applid}`),
      headers: withKey(landlordKey),
    });
    expect(form.statusCode).toBe(409);

    // The code is no OTP: at the tenant's OTP validation it buys no key.
    await requestOtpCall(t.app, { subject: 'tenant', id: tenantEpic, remoteAddress: from() });
    const asOtp = await validateOtpCall(t.app, { subject: 'tenant', id: tenantEpic }, code);
    expect(asOtp.statusCode).toBe(400);

    // Another landlord's key is refused (audited), the tenant's consent is given with the right code.
    const foreign = await tenantConsentCall(t.app, otherKey, reply.applid, code);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(MESSAGES.notYourApplication);
    const [audit] = await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1);
    expect(audit.remark).toContain(MESSAGES.notYourApplication);
    const given = tenantConsentGivenSchema.parse(
      (await confirmTenantConsent(t, landlordKey, reply.applid)).json(),
    );
    expect(given).toMatchObject({
      applid: reply.applid,
      tenantConsent: 'given',
      message: MESSAGES.consentGiven,
    });
    const after = await applicationOf(reply.applid);
    expect(after.grantsReach).toBe(true);
    expect(after.tenantConsentedAt).not.toBeNull();
    const reached = await t.app.inject({
      method: 'GET',
      url: api(`register/tenant/${tenantId}`),
      headers: officer,
    });
    expect(reached.statusCode, reached.body).toBe(200);

    // The same code again: consent is already given; the code is spent anyway.
    const again = await tenantConsentCall(t.app, landlordKey, reply.applid, code);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.consentAlreadyGiven);
    const applied = await post(landlordKey, APPLY, { applid: reply.applid, membercode: [], helperCode: [] });
    expect(applied.statusCode, applied.body).toBe(200);
  });

  it('counts wrong codes (400 with the tries left), ends the code after five, and a resend gives a new one', async () => {
    const { reply } = await generated(landlordKey);
    const code = await consentCodeFor(t.db, reply.applid);
    const wrong = code === '000000' ? '000001' : '000000';
    for (const left of [4, 3, 2, 1]) {
      const res = await tenantConsentCall(t.app, landlordKey, reply.applid, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.consentWrongCode(left));
    }
    const fifth = await tenantConsentCall(t.app, landlordKey, reply.applid, wrong);
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().message).toBe(MESSAGES.consentCodeEnded);
    const used = await tenantConsentCall(t.app, landlordKey, reply.applid, code);
    expect(used.statusCode).toBe(409);
    expect((await applicationOf(reply.applid)).grantsReach).toBe(false);

    const resent = await post(landlordKey, RESEND, { applid: reply.applid });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(tenantConsentResentSchema.parse(resent.json())).toMatchObject({
      consentCodeSentTo: 'email r•••@example.com',
      tenantConsent: 'pending',
    });
    expect(resent.body).not.toContain(await consentCodeFor(t.db, reply.applid));
    await confirmTenantConsent(t, landlordKey, reply.applid);
  });

  it('ends a code after 10 minutes (409, asking for a resend) and limits resends (429)', async () => {
    const { reply } = await generated(landlordKey, await freshTenant('ended.code@example.org'));
    const code = await consentCodeFor(t.db, reply.applid);
    t.clock.advance(10 * 60_000 + 1_000);
    const late = await tenantConsentCall(t.app, landlordKey, reply.applid, code);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MESSAGES.consentCodeEnded);

    for (let i = 0; i < 3; i += 1) {
      const res = await post(landlordKey, RESEND, { applid: reply.applid });
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await post(landlordKey, RESEND, { applid: reply.applid });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many codes were sent for this application\. Please try again after \d+ minutes?\.$/,
    );
    // Past the application's 15 minutes, the landlord's own daily budget for this tenant (4) still holds.
    t.clock.advance(15 * 60_000);
    const budget = await post(landlordKey, RESEND, { applid: reply.applid });
    expect(budget.statusCode).toBe(429);
    expect(budget.json().message).toMatch(/^You have asked for too many codes for this tenant today\. /);
  });

  it('answers another landlord 403, a withdrawn application 404, bad input 400', async () => {
    const { reply } = await generated(landlordKey, await freshTenant('withdrawn.code@example.org'));
    const foreign = await post(otherKey, RESEND, { applid: reply.applid });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(MESSAGES.notYourApplication);
    const [landlord] = await t.db
      .select({ id: landlords.id })
      .from(landlords)
      .where(eq(landlords.epicNo, landlordEpic));
    const withdrawn = await t.app.inject({
      method: 'PUT',
      url: api(`process/anonymous/updateApplication/${reply.applid}/${landlord.id}`),
      headers: withKey(landlordKey),
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const deleted = await tenantConsentCall(t.app, landlordKey, reply.applid, '123456');
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().message).toBe(MESSAGES.applicationDeleted);
    expect((await post(landlordKey, RESEND, { applid: reply.applid })).statusCode).toBe(404);
    const bad = await post(landlordKey, CONSENT, { applid: 'x', otp: 'y' });
    expect(bad.statusCode).toBe(400);
    const unsealed = await post(landlordKey, CONSENT, { applid: reply.applid, otp: '123456' });
    expect(unsealed.statusCode).toBe(400);
  });

  it('sends the code by SMS, masked, to a tenant without an email address', async () => {
    const tenant = await t.app.inject({
      method: 'POST',
      url: api('process/tenant'),
      payload: { ...tenantBody(freshIdNumber()), email: '', mobile: '9863055512' },
      remoteAddress: from(),
    });
    expect(tenant.statusCode, tenant.body).toBe(200);
    const { reply } = await generated(landlordKey, tenant.json<{ id: number }>().id);
    expect(reply.consentCodeSentTo).toBe('mobile ••••••5512');
    expect((await consentMessageFor(t.db, reply.applid)).channel).toBe('sms');
  });

  /** A tenant of its own (the suite's landlord would spend its daily budget of codes for the suite's tenant). */
  async function freshTenant(email: string): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: api('process/tenant'),
      payload: { ...tenantBody(freshIdNumber()), email },
      remoteAddress: from(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number }>().id;
  }

  it('answers a code a resend replaced with 409 asking for the latest, taking no try; the consent says when', async () => {
    const tenant = await freshTenant('replaced.code@example.org');
    const { key } = await selfRegisteredLandlord('replaced.landlord@example.org');
    const { reply } = await generated(key, tenant);
    const first = await consentCodeFor(t.db, reply.applid);
    expect((await post(key, RESEND, { applid: reply.applid })).statusCode).toBe(200);
    const latest = await consentCodeFor(t.db, reply.applid);
    const old = await tenantConsentCall(t.app, key, reply.applid, first);
    expect(old.statusCode, old.body).toBe(409);
    expect(old.json().message).toBe(MESSAGES.consentCodeReplaced);
    const [newest] = await t.db
      .select()
      .from(applicationConsentCodes)
      .where(eq(applicationConsentCodes.applid, reply.applid))
      .orderBy(desc(applicationConsentCodes.id))
      .limit(1);
    expect(newest.triesLeft).toBe(5);
    // A code that never was one is still a wrong code, with its try taken.
    const wrong = ['000000', '000001', '000002'].find((c) => c !== first && c !== latest) as string;
    const miss = await tenantConsentCall(t.app, key, reply.applid, wrong);
    expect(miss.statusCode).toBe(400);
    expect(miss.json().message).toBe(MESSAGES.consentWrongCode(4));
    const given = tenantConsentGivenSchema.parse(
      (await tenantConsentCall(t.app, key, reply.applid, latest)).json(),
    );
    expect(given.tenantConsentedAt).toBe(t.clock.now().toISOString());
    expect((await applicationOf(reply.applid)).tenantConsentedAt?.toISOString()).toBe(
      given.tenantConsentedAt,
    );
  });

  it('frees the unit when the landlord withdraws an application awaiting consent (Reset on the consent step)', async () => {
    const tenant = await freshTenant('withdrawn.pending@example.org');
    const landlord = await selfRegisteredLandlord('withdrawing.landlord@example.org');
    const unit = await post(landlord.key, 'process/rentalUnit', unitBody(MOD_WARD));
    const rentcode = unit.json<{ rentcode: string }>().rentcode;
    const vacancy = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: api(`process/rentalUnit/landlord/${landlord.id}`),
        headers: withKey(landlord.key),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ rentcode: string; vacant: boolean }[]>().find((u) => u.rentcode === rentcode)?.vacant;
    };
    const first = await post(landlord.key, GENERATE, { rentcode, tenantid: tenant });
    expect(first.statusCode, first.body).toBe(200);
    const applid = first.json<{ applid: number }>().applid;
    expect(await vacancy()).toBe(false);
    const withdrawn = await t.app.inject({
      method: 'PUT',
      url: api(`process/anonymous/updateApplication/${applid}/${landlord.id}`),
      headers: withKey(landlord.key),
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await vacancy()).toBe(true);
    const again = await post(landlord.key, GENERATE, { rentcode, tenantid: tenant });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: true, tenantConsent: 'pending', tenantConsentedAt: null });
    expect(again.json<{ applid: number }>().applid).not.toBe(applid);
  });

  it('tells officials in the application detail whether and when the tenant consented', async () => {
    const tenant = await freshTenant('detail.consent@example.org');
    const { key } = await selfRegisteredLandlord('detail.landlord@example.org');
    const { reply } = await generated(key, tenant);
    // A session of its own: the suite's earlier tests moved the clock past a cached token's idle time.
    const officer = bearer((await signInStaff(t.app, 'moderator')).accessToken);
    const detailOf = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: api(`process/GetApplicationDetail/${reply.applid}`),
        headers: officer,
      });
      expect(res.statusCode, res.body).toBe(200);
      return applicationDetailSchema.parse(res.json());
    };
    expect(await detailOf()).toMatchObject({ tenantConsent: 'pending', tenantConsentedAt: null });
    t.clock.advance(60_000);
    const given = tenantConsentGivenSchema.parse((await confirmTenantConsent(t, key, reply.applid)).json());
    expect(await detailOf()).toMatchObject({
      tenantConsent: 'given',
      tenantConsentedAt: given.tenantConsentedAt,
    });
    // The landlord's repeated Generate says when, too.
    const repeated = await post(key, GENERATE, { rentcode: reply.rentcode, tenantid: tenant });
    expect(repeated.json()).toMatchObject({
      tenantConsent: 'given',
      tenantConsentedAt: given.tenantConsentedAt,
    });
    // Office applications and those made before consent codes were never asked.
    const row = { logby: 'moderator', grantsReach: true, tenantConsentedAt: null };
    expect(tenantConsentOf(row)).toEqual({ tenantConsent: 'notAsked', tenantConsentedAt: null });
    expect(tenantConsentOf({ ...row, logby: 'landlord:7' })).toEqual({
      tenantConsent: 'notAsked',
      tenantConsentedAt: null,
    });
  });
});
