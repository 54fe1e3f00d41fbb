import { count, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { CITIZEN_APPLICATION_MESSAGES as MESSAGES } from '../../src/contract/citizen-applications.contract';
import { OFFICE_CONSENT_PATHS } from '../../src/contract/office-applications.contract';
import { applicationConsentCodes, applications, outboxMessages } from '../../src/server/db/schema';
import { CONSENT_APPLICANT_LIMIT, CONSENT_PERSON_LIMIT } from '../../src/server/services/consent-codes';
import { withKey } from '../support/citizen-key';
import { testDatabases } from '../support/test-db';
import { SAVE_OWN, useOfficeSuite, type Account } from './office-applications-fixtures';
import { registerTenant } from './tenants-test-helpers';

// The tenant's consent-code budget (docs/tenant-consent.md, attack F4 of 27-11-2026): each applicant (the
// application's logby) has its own daily budget for a tenant, and the tenant-wide flood guard never stops an
// applicant below its floor, so a stranger who names the tenant spends its own codes, never the genuine landlord's.

const DAY_MINUTES = 24 * 60;
const applicantCap = MESSAGES.consentApplicantCap(DAY_MINUTES);
const tenantCap = MESSAGES.consentTenantCap(DAY_MINUTES);

describe.each(testDatabases())('the tenant’s consent-code budget on %s', (kind) => {
  const s = useOfficeSuite(kind);
  const { t } = s;
  let tenantId = 0;

  // A self-registered tenant: no office reaches it, so every application asks it for a code.
  beforeEach(async () => {
    tenantId = await registerTenant(t);
  });

  /** What a refusal must leave as it was: the tenant's applications, codes and messages. */
  const written = async () => {
    const mine = t.db
      .select({ applid: applications.applid })
      .from(applications)
      .where(eq(applications.tenantId, tenantId));
    const [[a], [c], [o]] = await Promise.all([
      t.db.select({ n: count() }).from(applications).where(eq(applications.tenantId, tenantId)),
      t.db
        .select({ n: count() })
        .from(applicationConsentCodes)
        .where(inArray(applicationConsentCodes.applid, mine)),
      t.db.select({ n: count() }).from(outboxMessages),
    ]);
    return { applications: a.n, codes: c.n, messages: o.n };
  };

  /** An official's office application for the tenant on a fresh unit: the reply. */
  const create = async (account: Account) =>
    s.call('POST', SAVE_OWN, account, { rentcode: await s.newUnit(), tenantid: tenantId });
  const resend = (account: Account, applid: number) =>
    s.call('POST', OFFICE_CONSENT_PATHS.resend, account, { applid });
  /** The suite's landlord generates with its own key for the tenant on a fresh unit. */
  const landlordGenerates = async () =>
    t.app.inject({
      method: 'POST',
      url: `${API_BASE}/process/anonymous/generateApplication`,
      headers: withKey(s.landlordKey),
      payload: { rentcode: await s.newUnit(), tenantid: tenantId },
    });

  /** `account` asks for `sends` codes: a create, then resends, then (past 4 per application) new applications. */
  async function spend(account: Account, sends: number): Promise<number[]> {
    const statuses: number[] = [];
    let applid = 0;
    let onApplication = 0;
    for (let i = 0; i < sends; i += 1) {
      const fresh = applid === 0 || onApplication === 4;
      const res = fresh ? await create(account) : await resend(account, applid);
      statuses.push(res.statusCode);
      if (res.statusCode === 200 && fresh) {
        applid = res.json<{ applid: number }>().applid;
        onApplication = 0;
      }
      if (res.statusCode === 200) onApplication += 1;
    }
    return statuses;
  }

  it('lets a stranger spend only its own budget: the genuine landlord’s first code still goes', async () => {
    expect(CONSENT_APPLICANT_LIMIT.max).toBe(4);
    // The attacker asks for the whole old tenant-wide cap (10): only its 4 go, the rest are its own 429.
    const statuses = await spend('user', 10);
    expect(statuses.filter((status) => status === 200)).toHaveLength(CONSENT_APPLICANT_LIMIT.max);
    expect(statuses.slice(CONSENT_APPLICANT_LIMIT.max).every((status) => status === 429)).toBe(true);

    const landlord = await landlordGenerates();
    expect(landlord.statusCode, landlord.body).toBe(200);
    expect(landlord.json()).toMatchObject({ tenantConsent: 'pending' });
  });

  it('answers the applicant’s own 429 past its budget, for a new application too, and writes nothing', async () => {
    const first = await create('verifier');
    const { applid } = first.json<{ applid: number }>();
    for (let i = 1; i < CONSENT_APPLICANT_LIMIT.max; i += 1)
      expect((await resend('verifier', applid)).statusCode).toBe(200);
    // Past its budget the official is answered in its own words, for a new application too: nothing written.
    const before = await written();
    const elsewhere = await create('verifier');
    expect(elsewhere.statusCode, elsewhere.body).toBe(429);
    expect(elsewhere.json().message).toBe(applicantCap);
    expect(await written()).toEqual(before);

    // The same official's budget for another tenant is untouched.
    tenantId = await registerTenant(t);
    expect((await create('verifier')).statusCode).toBe(200);
  });

  it('counts the codes of applications that were deleted outright (their rows outlive them)', async () => {
    const made: number[] = [];
    for (let i = 0; i < CONSENT_APPLICANT_LIMIT.max; i += 1) {
      const res = await create('verifier');
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json<{ applid: number }>().applid);
    }
    // No call hard-deletes an application (a withdraw marks it; a tenant's delete takes its applications with it);
    // whatever does, the codes' rows stay, with whom they went to and who asked (attack F-A of 27-11-2026).
    await t.db.delete(applications).where(inArray(applications.applid, made));
    const kept = await t.db
      .select()
      .from(applicationConsentCodes)
      .where(eq(applicationConsentCodes.person, `tenant:${tenantId}`));
    expect(kept.map((row) => [row.applid, row.applicant])).toEqual(made.map(() => [null, 'verifier']));
    const refused = await create('verifier');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().message).toBe(applicantCap);
  });

  it('keeps the tenant-wide flood guard, which never stops an applicant before its first code and one resend', async () => {
    expect(CONSENT_PERSON_LIMIT).toMatchObject({ max: 10, floor: 2 });
    // Three applicants spend 4 + 4 + 2: the tenant has had its 10 for the day.
    expect(await spend('user', 4)).toEqual([200, 200, 200, 200]);
    expect(await spend('verifier', 4)).toEqual([200, 200, 200, 200]);
    const third = await create('supermoderator');
    const thirdId = third.json<{ applid: number }>().applid;
    expect((await resend('supermoderator', thirdId)).statusCode).toBe(200);

    // The third has had its floor: the tenant-wide guard answers it, in its own words, and nothing is written.
    const before = await written();
    const capped = await resend('supermoderator', thirdId);
    expect(capped.statusCode, capped.body).toBe(429);
    expect(capped.json().message).toBe(tenantCap);
    const cappedCreate = await create('supermoderator');
    expect(cappedCreate.json().message).toBe(tenantCap);
    expect(await written()).toEqual(before);

    // A fourth applicant still gets its first code and one resend (the floor), then the guard.
    const fourth = await create('moderator');
    expect(fourth.statusCode, fourth.body).toBe(200);
    const fourthId = fourth.json<{ applid: number }>().applid;
    expect((await resend('moderator', fourthId)).statusCode).toBe(200);
    const past = await resend('moderator', fourthId);
    expect(past.statusCode).toBe(429);
    expect(past.json().message).toBe(tenantCap);
    // And the genuine landlord too: at most 12 codes reached the tenant from five applicants.
    expect((await landlordGenerates()).statusCode).toBe(200);
    expect((await written()).codes).toBe(13);
    expect(applicantCap).not.toBe(tenantCap);
  });
});
