import { and, count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CITIZEN_APPLICATION_MESSAGES } from '../../src/contract/citizen-applications.contract';
import {
  RENTAL_UNIT_CONSENT_PATHS,
  RENTAL_UNIT_MESSAGES as MESSAGES,
  unitConsentGivenSchema,
  unitConsentResentSchema,
} from '../../src/contract/rental-units.contract';
import { logRecords, rentalUnits } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { unitConsentCodeFor, unitConsentMessageFor } from '../support/landlord-unit-consent';
import { testDatabases } from '../support/test-db';
import { otherThan, useStrangerLandlord } from './landlord-unit-consent-fixtures';
import { MOD_WARD, unitBody } from './landlords-fixtures';
import { SAVE_OFFICE, SAVE_OWN, totals, useOfficeSuite } from './office-applications-fixtures';
import { api } from './tenants-test-helpers';

// Issue 20, attack F5 (docs/reach.md "The landlord's consent to a rental unit"): a ward official added a unit for a
// landlord registered elsewhere and made an office application in it, certified "as tenant of" a landlord who was
// never asked. Now such a unit carries no application until the landlord gives the official the code sent to the
// landlord's own channel, or generates an application on it with its own key.

const { confirm: CONFIRM, resend: RESEND } = RENTAL_UNIT_CONSENT_PATHS;
const GENERATE = 'process/anonymous/generateApplication';

describe.each(testDatabases())('the landlord’s consent to a unit an official added on %s', (kind) => {
  const s = useOfficeSuite(kind);
  const { t } = s;
  const { stranger, addUnit, confirm, resend, codeRows } = useStrangerLandlord(s);

  it('refuses office applications in the unit (409, nothing written) until the landlord’s code is confirmed', async () => {
    const { reply, body } = await addUnit();
    expect(reply).toMatchObject({
      message: MESSAGES.savedAwaitingConsent,
      landlordReached: false,
      landlordConsent: 'pending',
      consentCodeSentTo: `mobile ••••••${stranger.mobile.slice(-4)}`,
    });
    const code = await unitConsentCodeFor(t.db, reply.rentcode);
    expect(body).not.toContain(code);
    const message = await unitConsentMessageFor(t.db, reply.rentcode);
    expect(message.recipient).toBe(stranger.mobile);
    expect(message.body).toContain(`(${MOD_WARD})`);
    expect(message.body).toContain('Near the church');
    expect(message.body).toContain('Give this code to the official only if you own this unit');
    expect(await s.unitOf(reply.rentcode)).toMatchObject({
      grantsReach: false,
      addedBy: 'moderator',
      landlordConsentedAt: null,
    });

    // Both creation paths, by the official who added it and by another of its jurisdiction: refused.
    const before = await totals(t.db);
    for (const [account, path] of [
      ['moderator', SAVE_OFFICE],
      ['moderator', SAVE_OWN],
      ['user', SAVE_OFFICE],
    ] as const) {
      const res = await s.call('POST', path, account, { rentcode: reply.rentcode, tenantid: s.tenantId });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(MESSAGES.landlordConsentMissing);
    }
    expect(await totals(t.db)).toEqual(before);
    expect((await s.unitOf(reply.rentcode)).vacant).toBe(true);

    const wrong = await confirm('moderator', reply.rentcode, otherThan(code));
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().message).toBe(CITIZEN_APPLICATION_MESSAGES.consentWrongCode(4));

    const right = await confirm('moderator', reply.rentcode, code);
    expect(right.statusCode, right.body).toBe(200);
    expect(unitConsentGivenSchema.parse(right.json())).toEqual({
      message: MESSAGES.landlordConsentGiven,
      rentcode: reply.rentcode,
      landlordConsent: 'given',
      landlordConsentedAt: t.clock.now().toISOString(),
    });
    expect(await s.unitOf(reply.rentcode)).toMatchObject({
      grantsReach: true,
      landlordConsentedAt: t.clock.now(),
    });
    const [audit] = await t.db
      .select()
      .from(logRecords)
      .where(like(logRecords.remark, `Rental unit ${reply.rentcode}: the landlord's consent confirmed%`));
    expect(audit).toMatchObject({ kind: 'workflow', username: 'moderator' });
    // The code is single use; the unit now carries applications and grants reach as if the landlord added it.
    const reused = await confirm('moderator', reply.rentcode, code);
    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json().message).toBe(MESSAGES.landlordConsentAlreadyGiven);
    const made = await s.call('POST', SAVE_OFFICE, 'moderator', {
      rentcode: reply.rentcode,
      tenantid: s.tenantId,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect((await s.call('GET', `register/landlord/${stranger.id}`, 'moderator')).statusCode).toBe(200);
  });

  it('takes the landlord’s own Generate on the unit as its consent', async () => {
    const { reply } = await addUnit();
    const key = await citizenKeyFor(t, { kind: 'landlord', landlordId: stranger.id });
    const res = await t.app.inject({
      method: 'POST',
      url: api(GENERATE),
      headers: withKey(key),
      payload: { rentcode: reply.rentcode, tenantid: s.tenantId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await s.unitOf(reply.rentcode)).toMatchObject({
      grantsReach: true,
      landlordConsentedAt: t.clock.now(),
    });
    const [audit] = await t.db
      .select()
      .from(logRecords)
      .where(like(logRecords.remark, `Rental unit ${reply.rentcode}: the landlord confirmed it%`));
    expect(audit).toMatchObject({ username: `landlord:${stranger.id}` });
    // The official's code is no longer needed.
    const late = await confirm('moderator', reply.rentcode, await unitConsentCodeFor(t.db, reply.rentcode));
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe(MESSAGES.landlordConsentAlreadyGiven);
  });

  it('lists a unit awaiting the landlord’s consent as such, and asks nothing of a unit the landlord added', async () => {
    const { reply } = await addUnit();
    const listed = await s.call('GET', `register/rentalUnit/landlord/${stranger.id}`, 'moderator');
    expect(listed.json()).toEqual([
      expect.objectContaining({ rentcode: reply.rentcode, landlordConsent: 'pending' }),
    ]);
    const own = await s.newUnit();
    expect((await s.unitOf(own)).addedBy).toBe(`landlord:${s.landlordId}`);
    const res = await s.call('POST', SAVE_OFFICE, 'moderator', { rentcode: own, tenantid: s.tenantId });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('lets only the official who added the unit confirm or resend; others are refused and audited', async () => {
    const { reply } = await addUnit();
    const code = await unitConsentCodeFor(t.db, reply.rentcode);
    // Another official whose jurisdiction holds the unit: 403, audited.
    for (const call of [() => confirm('user', reply.rentcode, code), () => resend('user', reply.rentcode)]) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(MESSAGES.notAddedByYou);
      expect((await s.lastAudit()).remark).toContain(MESSAGES.notAddedByYou);
    }
    // Outside its jurisdiction: the 404 of a missing unit, audited with the true reason.
    for (const call of [
      () => confirm('moderator2', reply.rentcode, code),
      () => resend('moderator2', reply.rentcode),
    ]) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(MESSAGES.notFound);
      expect((await s.lastAudit()).remark).toContain(MESSAGES.outsideJurisdiction);
    }
    const missing = await resend('moderator', 'RU999999999');
    expect(missing.statusCode, missing.body).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.notFound);
    // Roles that do not add units: the guard's 403.
    for (const account of ['police', 'admin'] as const)
      expect((await resend(account, reply.rentcode)).statusCode).toBe(403);
    // Nothing was spent: the code still works for the official who added the unit.
    expect((await confirm('moderator', reply.rentcode, code)).statusCode).toBe(200);
  });

  it('answers bad input with 400', async () => {
    const { reply } = await addUnit();
    for (const payload of [
      {},
      { rentalUnitId: 'XYZ', code: 'sealed' },
      { rentalUnitId: reply.rentcode },
      { rentalUnitId: reply.rentcode, code: '' },
      { rentalUnitId: reply.rentcode, code: 'not a sealed code' },
    ]) {
      const res = await s.call('POST', CONFIRM, 'moderator', payload);
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(400);
    }
    expect((await s.call('POST', RESEND, 'moderator', { rentalUnitId: 12 })).statusCode).toBe(400);
    expect((await s.unitOf(reply.rentcode)).grantsReach).toBe(false);
  });

  it('lets any official whose jurisdiction holds it confirm an unconfirmed unit older than added_by', async () => {
    const { reply } = await addUnit();
    await t.db
      .update(rentalUnits)
      .set({ addedBy: null })
      .where(and(eq(rentalUnits.rentcode, reply.rentcode)));
    const res = await resend('user', reply.rentcode);
    expect(res.statusCode, res.body).toBe(200);
    const code = await unitConsentCodeFor(t.db, reply.rentcode);
    expect((await confirm('user', reply.rentcode, code)).statusCode).toBe(200);
  });

  // Near the end: it moves the clock past the idle time of the sessions of the officials it does not use.
  it('limits codes as the tenant’s: replaced, expired, five tries, four a day from one official', async () => {
    const { reply } = await addUnit();
    const first = await unitConsentCodeFor(t.db, reply.rentcode);
    const again = await resend('moderator', reply.rentcode);
    expect(again.statusCode, again.body).toBe(200);
    expect(unitConsentResentSchema.parse(again.json())).toMatchObject({
      message: MESSAGES.landlordConsentResent,
      consentCodeSentTo: `mobile ••••••${stranger.mobile.slice(-4)}`,
    });
    const second = await unitConsentCodeFor(t.db, reply.rentcode);
    if (first !== second) {
      const replaced = await confirm('moderator', reply.rentcode, first);
      expect(replaced.statusCode, replaced.body).toBe(409);
      expect(replaced.json().message).toBe(MESSAGES.landlordConsentCodeReplaced);
    }
    // Five wrong tries end the code (the replaced guess took none).
    for (let triesLeft = 4; triesLeft >= 1; triesLeft -= 1) {
      const wrong = await confirm('moderator', reply.rentcode, otherThan(second));
      expect(wrong.json().message).toBe(CITIZEN_APPLICATION_MESSAGES.consentWrongCode(triesLeft));
    }
    const fifth = await confirm('moderator', reply.rentcode, otherThan(second));
    expect(fifth.statusCode, fifth.body).toBe(409);
    expect(fifth.json().message).toBe(MESSAGES.landlordConsentCodeEnded);
    expect((await confirm('moderator', reply.rentcode, second)).statusCode).toBe(409);

    // An expired code.
    expect((await resend('moderator', reply.rentcode)).statusCode).toBe(200);
    const third = await unitConsentCodeFor(t.db, reply.rentcode);
    t.clock.advance(10 * 60_000 + 1_000);
    const expired = await confirm('moderator', reply.rentcode, third);
    expect(expired.statusCode, expired.body).toBe(409);
    expect(expired.json().message).toBe(MESSAGES.landlordConsentCodeEnded);

    // Four codes (the first and three resends) in 15 minutes: the fifth waits for the unit's window; after it, for
    // the official's daily budget for this landlord (4 a day).
    expect((await resend('moderator', reply.rentcode)).statusCode).toBe(200);
    const tooMany = await resend('moderator', reply.rentcode);
    expect(tooMany.statusCode, tooMany.body).toBe(429);
    expect(tooMany.json().message).toMatch(/^Too many codes were sent for this rental unit/);
    t.clock.advance(15 * 60_000);
    const budget = await resend('moderator', reply.rentcode);
    expect(budget.statusCode, budget.body).toBe(429);
    expect(budget.json().message).toMatch(/^You have asked for too many codes for this landlord today/);
    expect(await codeRows(reply.rentcode)).toBe(4);
  });

  // Last: it spends the stranger's day of codes.
  it('spends only its own 4 codes a day: its fifth unit is refused with nothing written, another official still sends', async () => {
    const units: string[] = [];
    for (let i = 0; i < 4; i += 1) units.push((await addUnit()).reply.rentcode);
    const before = await t.db
      .select({ n: count() })
      .from(rentalUnits)
      .where(eq(rentalUnits.landlordId, stranger.id));
    const refused = await s.call('POST', 'register/rentalUnit', 'moderator', {
      ...unitBody(MOD_WARD),
      landlordId: stranger.id,
    });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().message).toMatch(/^You have asked for too many codes for this landlord today/);
    const after = await t.db
      .select({ n: count() })
      .from(rentalUnits)
      .where(eq(rentalUnits.landlordId, stranger.id));
    expect(after).toEqual(before);
    // A resend counts in the same budget.
    const resent = await resend('moderator', units[0]);
    expect(resent.statusCode, resent.body).toBe(429);
    expect(await codeRows(units[0])).toBe(1);
    // Another official's budget is its own: the moderator's sends did not stop it (docs/tenant-consent.md, "The
    // budget"; the landlord-wide guard of 10 is the tenant's, tested in tenant-consent-budget.test.ts).
    await s.signInAgain('user');
    const other = await addUnit('user');
    expect(other.reply.landlordConsent).toBe('pending');
    expect(await codeRows(other.reply.rentcode)).toBe(1);
  });
});
