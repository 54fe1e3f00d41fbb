import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CITIZEN_APPLICATION_MESSAGES } from '../../src/contract/citizen-applications.contract';
import {
  OFFICE_APPLICATION_MESSAGES,
  officeGeneratedApplicationSchema,
} from '../../src/contract/office-applications.contract';
import { TENANT_MESSAGES } from '../../src/contract/tenants.contract';
import { applicationConsentCodes, landlords, logRecords, outboxMessages } from '../../src/server/db/schema';
import { withKey } from '../support/citizen-key';
import { confirmTenantConsent } from '../support/tenant-consent';
import { testDatabases } from '../support/test-db';
import { SAVE_OFFICE, SAVE_OWN, useOfficeSuite, WARD, type Account } from './office-applications-fixtures';
import { api, freshIdNumber, registerTenant, tenantBody, tenantRow } from './tenants-test-helpers';

// Attack F-B (docs/reach.md, docs/tenant-consent.md): an official that reached a tenant only through a landlord's
// consented application deleted the tenant and registered the same ID number again at its counter; the new record's
// `registered_area` then stood for the tenant's consent to every office application of that office and those above
// it. A counter registration stands for consent only on the person's first registration. The delete's side effects
// (the landlord's application gone untold, its unit left held) and F-D (a repeated save claiming a code was sent).

const GENERATE = 'process/anonymous/generateApplication';

describe.each(testDatabases())('a counter re-registration is not consent on %s', (kind) => {
  const s = useOfficeSuite(kind);
  const { t } = s;

  /** The landlord's own application in the moderator's ward for `tenantid`, consented by the tenant's code. */
  const consentedLandlordApplication = async (tenantid: number) => {
    const rentcode = await s.newUnit(WARD);
    const res = await t.app.inject({
      method: 'POST',
      url: api(GENERATE),
      headers: withKey(s.landlordKey),
      payload: { rentcode, tenantid },
    });
    expect(res.statusCode, res.body).toBe(200);
    const applid = res.json<{ applid: number }>().applid;
    await confirmTenantConsent(t, s.landlordKey, applid);
    return { applid, rentcode };
  };
  const officeApplication = async (account: Account, tenantid: number, path = SAVE_OFFICE) => {
    const res = await s.call('POST', path, account, { rentcode: await s.newUnit(WARD), tenantid });
    expect(res.statusCode, res.body).toBe(200);
    return officeGeneratedApplicationSchema.parse(res.json());
  };
  const registerAtCounter = async (account: Account, epicNo: string) => {
    const res = await s.call('POST', 'register/tenant', account, tenantBody(epicNo));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number; message: string }>();
  };

  it('deletes the consented tenant: its unit is vacant again and the landlord is told', async () => {
    const tenantId = await registerTenant(t);
    const { applid, rentcode } = await consentedLandlordApplication(tenantId);
    expect((await s.unitOf(rentcode)).vacant).toBe(false);
    const notices = () =>
      t.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.body, `%application ${applid}: the tenant's record was deleted%`));

    // An official of another locality does not reach the tenant: the 404 of a missing one, nothing freed or told.
    const refused = await s.call('DELETE', `register/tenant/${tenantId}`, 'moderator2');
    expect(refused.statusCode, refused.body).toBe(404);
    expect((await s.unitOf(rentcode)).vacant).toBe(false);
    expect(await notices()).toEqual([]);

    const res = await s.call('DELETE', `register/tenant/${tenantId}`, 'moderator');
    expect(res.statusCode, res.body).toBe(200);

    expect((await s.unitOf(rentcode)).vacant).toBe(true);
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    const [landlord] = await t.db
      .select({ email: landlords.email })
      .from(landlords)
      .where(eq(landlords.id, s.landlordId));
    expect(notice.recipient).toBe(landlord.email?.trim());
    expect(notice.body).toContain(rentcode);
    expect(notice.body).toContain('is vacant again');
    // The landlord may apply for the unit again at once (it got 409 until "Update Status" before).
    const again = await t.app.inject({
      method: 'POST',
      url: api(GENERATE),
      headers: withKey(s.landlordKey),
      payload: { rentcode, tenantid: await registerTenant(t) },
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('registers the deleted ID number again at the counter without registered_area: office applications ask the code', async () => {
    const epicNo = freshIdNumber();
    const tenantId = await registerTenant(t, epicNo);
    await consentedLandlordApplication(tenantId);
    const deleted = await s.call('DELETE', `register/tenant/${tenantId}`, 'moderator');
    expect(deleted.statusCode, deleted.body).toBe(200);

    // Any spelling of the same ID number is the same person.
    const saved = await registerAtCounter('moderator', `${epicNo.slice(0, 3)}-${epicNo.slice(3)}`);
    expect((await tenantRow(t.db, saved.id)).registeredArea).toBeNull();
    // Held like a self-registered tenant: the office reaches the record only through consented applications.
    expect((await s.call('GET', `register/tenant/${saved.id}`, 'moderator')).statusCode).toBe(404);
    for (const [account, path] of [
      ['moderator', SAVE_OFFICE],
      ['user', SAVE_OWN],
      ['verifier', SAVE_OWN],
    ] as const) {
      const reply = await officeApplication(account, saved.id, path);
      expect(reply, account).toMatchObject({ tenantReached: false, tenantConsent: 'pending' });
      expect(reply.message).toBe(OFFICE_APPLICATION_MESSAGES.createdAwaitingConsent);
      expect((await s.applicationOf(reply.applid)).grantsReach).toBe(false);
    }
    expect(saved.message).toBe(`${TENANT_MESSAGES.saved} ${TENANT_MESSAGES.registeredBefore}`);
    const [audit] = await t.db
      .select()
      .from(logRecords)
      .where(and(eq(logRecords.kind, 'admin'), like(logRecords.remark, `Registered tenant ${saved.id} %`)));
    expect(audit).toMatchObject({ username: 'moderator' });
  });

  it('still lets a first counter registration stand for consent (control)', async () => {
    const saved = await registerAtCounter('moderator', freshIdNumber());
    expect(saved.message).toBe(TENANT_MESSAGES.saved);
    expect((await tenantRow(t.db, saved.id)).registeredArea).toBe(WARD);
    const reply = await officeApplication('moderator', saved.id);
    expect(reply).toMatchObject({ tenantReached: true, tenantConsent: 'given' });
  });

  it('answers a repeated save truthfully: no new code, where the earlier one went (F-D)', async () => {
    const tenantId = await registerTenant(t);
    const first = await officeApplication('moderator', tenantId);
    expect(first.message).toBe(OFFICE_APPLICATION_MESSAGES.createdAwaitingConsent);
    const unit = (await s.applicationOf(first.applid)).rentcode;
    const codes = () =>
      t.db.select().from(applicationConsentCodes).where(eq(applicationConsentCodes.applid, first.applid));
    const before = (await codes()).length;

    const again = await s.call('POST', SAVE_OFFICE, 'moderator', { rentcode: unit, tenantid: tenantId });
    expect(again.statusCode, again.body).toBe(200);
    const reply = officeGeneratedApplicationSchema.parse(again.json());
    expect(reply).toMatchObject({ applid: first.applid, created: false, tenantConsent: 'pending' });
    expect(reply.message).toBe(CITIZEN_APPLICATION_MESSAGES.consentCodeNotSentAgain(first.consentCodeSentTo));
    expect(reply.message).toContain(first.consentCodeSentTo!);
    expect(reply.message).not.toContain('A code was sent');
    expect((await codes()).length).toBe(before);
  });

  it('answers the landlord’s repeated Generate the same way (F-D)', async () => {
    const tenantid = await registerTenant(t);
    const rentcode = await s.newUnit(WARD);
    const generate = () =>
      t.app.inject({
        method: 'POST',
        url: api(GENERATE),
        headers: withKey(s.landlordKey),
        payload: { rentcode, tenantid },
      });
    const first = (await generate()).json<{ message: string; consentCodeSentTo: string }>();
    expect(first.message).toBe(CITIZEN_APPLICATION_MESSAGES.generatedAwaitingConsent);
    const again = await generate();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      created: false,
      message: CITIZEN_APPLICATION_MESSAGES.consentCodeNotSentAgain(first.consentCodeSentTo),
    });
  });
});
