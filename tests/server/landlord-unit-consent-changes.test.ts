import { and, count, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CITIZEN_APPLICATION_MESSAGES } from '../../src/contract/citizen-applications.contract';
import { RENTAL_UNIT_MESSAGES as MESSAGES } from '../../src/contract/rental-units.contract';
import { applicationConsentCodes, rentalUnits } from '../../src/server/db/schema';
import {
  CONSENT_APPLICANT_LIMIT,
  CONSENT_CODE_TRIES,
  CONSENT_PERSON_LIMIT,
} from '../../src/server/services/consent-codes';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { unitConsentCodeFor, unitConsentMessageFor } from '../support/landlord-unit-consent';
import { testDatabases } from '../support/test-db';
import { otherThan, useStrangerLandlord } from './landlord-unit-consent-fixtures';
import { MOD_WARD, unitBody } from './landlords-fixtures';
import { useOfficeSuite, type Account } from './office-applications-fixtures';
import { api } from './tenants-test-helpers';

// What an official does to a unit awaiting the landlord's consent after its code was sent (attacks of 27-11-2026):
// F-A, deleting the unit gave the official's and the landlord's daily code budgets back (they were counted from
// the code rows joined to their unit, and the rows went with it), so add, guess, delete, add again sent 30 codes;
// F-C, an edit of the unit's address left its code alive, so the landlord "consented" to an address it was never
// shown. docs/tenant-consent.md "The budget", docs/reach.md "The landlord's consent to a rental unit".

describe.each(testDatabases())('a unit awaiting the landlord’s consent, deleted or edited, on %s', (kind) => {
  const s = useOfficeSuite(kind);
  const { t } = s;
  const { stranger, addUnit, confirm, resend, deleteUnit } = useStrangerLandlord(s);

  const addAttempt = (account: Account) =>
    s.call('POST', 'register/rentalUnit', account, { ...unitBody(MOD_WARD), landlordId: stranger.id });
  const strangerUnits = async () =>
    (await t.db.select({ n: count() }).from(rentalUnits).where(eq(rentalUnits.landlordId, stranger.id)))[0].n;
  /** The codes the stranger was sent, by who asked, whatever became of their units. */
  const codesSent = (applicant?: string) =>
    t.db
      .select()
      .from(applicationConsentCodes)
      .where(
        and(
          eq(applicationConsentCodes.person, `landlord:${stranger.id}`),
          applicant === undefined ? undefined : eq(applicationConsentCodes.applicant, applicant),
        ),
      );

  /** `account` adds a unit (one code), spends every try of its code on wrong guesses, and deletes the unit. */
  async function addGuessDelete(account: Account): Promise<number> {
    const { reply } = await addUnit(account);
    expect(reply.landlordConsent).toBe('pending');
    const code = await unitConsentCodeFor(t.db, reply.rentcode);
    let guesses = 0;
    for (let tries = CONSENT_CODE_TRIES; tries >= 1; tries -= 1) {
      const wrong = await confirm(account, reply.rentcode, otherThan(code));
      guesses += 1;
      expect(wrong.statusCode, wrong.body).toBe(tries > 1 ? 400 : 409);
    }
    const deleted = await deleteUnit(account, reply.rentcode);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ outcome: 'deleted' });
    return guesses;
  }

  it('keeps the landlord-wide guard over deleted units: 4 + 4 + 2, then the guard in its own words', async () => {
    for (const account of ['moderator', 'user'] as const)
      for (let i = 0; i < CONSENT_APPLICANT_LIMIT.max; i += 1) await addGuessDelete(account);
    for (let i = 0; i < CONSENT_PERSON_LIMIT.floor; i += 1) await addGuessDelete('verifier');
    expect(await codesSent()).toHaveLength(CONSENT_PERSON_LIMIT.max);

    const capped = await addAttempt('verifier');
    expect(capped.statusCode, capped.body).toBe(429);
    expect(capped.json().message).toMatch(/^This landlord has been sent too many consent codes today/);
    expect(await strangerUnits()).toBe(0);
    expect(await codesSent()).toHaveLength(CONSENT_PERSON_LIMIT.max);
  });

  it('ends the code when the official edits the unit’s address; Resend code names the new address', async () => {
    const { reply } = await addUnit();
    const { rentcode } = reply;
    const old = await unitConsentCodeFor(t.db, rentcode);
    const edit = (account: Account, overrides: Record<string, unknown>) =>
      s.call('PUT', 'register/rentalUnit', account, {
        ...unitBody(MOD_WARD),
        landlordId: stranger.id,
        rentcode,
        ...overrides,
      });

    // Nothing changed, refused, or bad input: the code lives on (a wrong guess still leaves 4 tries).
    const same = await edit('moderator', {});
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().message).toBe(MESSAGES.edited);
    const outside = await edit('moderator2', { address1: 'Police Bazar' });
    expect(outside.statusCode, outside.body).toBe(404);
    expect((await edit('moderator', { address1: 'Police Bazar', pinCode: '12' })).statusCode).toBe(400);
    const live = await confirm('moderator', rentcode, otherThan(old));
    expect(live.json().message).toBe(CITIZEN_APPLICATION_MESSAGES.consentWrongCode(4));

    const moved = await edit('moderator', { houseNo: '7B', address1: 'Police Bazar', pinCode: '793001' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ message: MESSAGES.editedAwaitingNewCode, rentcode, outcome: 'edited' });
    const ended = await confirm('moderator', rentcode, old);
    expect(ended.statusCode, ended.body).toBe(409);
    expect(ended.json().message).toBe(MESSAGES.landlordConsentCodeEnded);

    expect((await resend('moderator', rentcode)).statusCode).toBe(200);
    const message = await unitConsentMessageFor(t.db, rentcode);
    expect(message.body).toContain('7B');
    expect(message.body).toContain('Police Bazar');
    expect(message.body).toContain('793001');
    expect(message.body).not.toContain('Near the church');
    const fresh = await confirm('moderator', rentcode, await unitConsentCodeFor(t.db, rentcode));
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('judges an edit and a confirmation sent together one after the other: never confirmed at an address unshown', async () => {
    // Re-attack R-1 (27-11-2026): on PostgreSQL the two ran side by side and 8 of 30 rounds confirmed the unit at
    // the edited address while the edit said a new code was needed. Both now take the unit's lock first.
    for (let round = 0; round < CONSENT_APPLICANT_LIMIT.max; round += 1) {
      const { reply } = await addUnit();
      const { rentcode } = reply;
      const code = await unitConsentCodeFor(t.db, rentcode);
      const [edited, confirmed] = await Promise.all([
        s.call('PUT', 'register/rentalUnit', 'moderator', {
          ...unitBody(MOD_WARD),
          landlordId: stranger.id,
          rentcode,
          address1: `Raced street ${round}`,
        }),
        confirm('moderator', rentcode, code),
      ]);
      expect(edited.statusCode, edited.body).toBe(200);
      const unit = await s.unitOf(rentcode);
      if (confirmed.statusCode === 200) {
        // Confirmed first: the landlord saw the first address; the edit after it is a plain edit.
        expect(edited.json().message).toBe(MESSAGES.edited);
        expect(unit.landlordConsentedAt).not.toBeNull();
      } else {
        expect(confirmed.statusCode, confirmed.body).toBe(409);
        expect(edited.json().message).toBe(MESSAGES.editedAwaitingNewCode);
        expect(unit.landlordConsentedAt).toBeNull();
      }
    }
  });

  it('ends the code on the landlord’s own edit too, which it is told as any edit', async () => {
    const { reply } = await addUnit();
    const old = await unitConsentCodeFor(t.db, reply.rentcode);
    const key = await citizenKeyFor(t, { kind: 'landlord', landlordId: stranger.id });
    const res = await t.app.inject({
      method: 'PUT',
      url: api('process/rentalUnit'),
      headers: withKey(key),
      payload: { ...unitBody(MOD_WARD), rentcode: reply.rentcode, address1: 'Mawlai' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MESSAGES.edited);
    const live = await t.db
      .select()
      .from(applicationConsentCodes)
      .where(
        and(eq(applicationConsentCodes.rentcode, reply.rentcode), isNull(applicationConsentCodes.usedAt)),
      );
    expect(live.every((row) => row.expiresAt.getTime() <= t.clock.now().getTime())).toBe(true);
    expect((await confirm('moderator', reply.rentcode, old)).statusCode).toBe(409);
  });

  // Last: it moves the clock a day, past the idle time of the other officials' sessions.
  it('refuses the official’s fifth code of the day for the landlord whatever it deleted; guesses stay bounded', async () => {
    let guesses = 0;
    for (let i = 0; i < CONSENT_APPLICANT_LIMIT.max; i += 1) guesses += await addGuessDelete('moderator');
    // The deleted units' code rows stay, with whom they went to and who asked, and no unit.
    const kept = await codesSent('moderator');
    expect(kept).toHaveLength(CONSENT_APPLICANT_LIMIT.max);
    expect(kept.every((row) => row.rentcode === null && row.applid === null)).toBe(true);

    const refused = await addAttempt('moderator');
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().message).toMatch(/^You have asked for too many codes for this landlord today/);
    expect(await strangerUnits()).toBe(0);
    expect(await codesSent()).toHaveLength(CONSENT_APPLICANT_LIMIT.max);
    // 4 codes x 5 tries: all the guesses the official had at this landlord's codes today.
    expect(guesses).toBe(CONSENT_APPLICANT_LIMIT.max * CONSENT_CODE_TRIES);

    // A day later the budget is back (the clock moved: sign in again).
    t.clock.advance(24 * 60 * 60_000);
    await s.signInAgain('moderator');
    expect((await addAttempt('moderator')).statusCode).toBe(200);
  });
});
