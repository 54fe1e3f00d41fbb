import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RENTAL_UNIT_MESSAGES as MESSAGES } from '../../src/contract/rental-units.contract';
import { landlords, outboxMessages } from '../../src/server/db/schema';
import { unitNoticeSubject } from '../../src/server/services/rental-unit-notices';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { testDatabases } from '../support/test-db';
import { useStrangerLandlord } from './landlord-unit-consent-fixtures';
import { MOD_WARD, unitBody } from './landlords-fixtures';
import { useOfficeSuite } from './office-applications-fixtures';
import { api } from './tenants-test-helpers';

// Issue 20, re-attack R-2 (docs/reach.md "Telling the landlord"): an official that reaches a landlord adds, edits
// and deletes units in its name without a code, so each such change keeps a notice to the landlord's own channel in
// the change's transaction. The landlord's own key tells nobody; a refused change tells nobody either.

const OFFICE = `(${MOD_WARD})`;
const FIRST_ADDRESS = '12, 1, Near the church, 793003';

describe.each(testDatabases())('telling the landlord of an official’s change to its units on %s', (kind) => {
  const s = useOfficeSuite(kind);
  const { t } = s;
  const { stranger, addUnit } = useStrangerLandlord(s);

  /** The unit notices kept for `recipient`, oldest first. */
  const noticesTo = (recipient: string) =>
    t.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.recipient, recipient),
          like(outboxMessages.subject, '%: rental unit % changed'),
        ),
      )
      .orderBy(outboxMessages.id);
  const ownKey = () => citizenKeyFor(t, { kind: 'landlord', landlordId: stranger.id });
  const byKey = (key: string, method: 'POST' | 'PUT', body: object) =>
    t.app.inject({ method, url: api('process/rentalUnit'), headers: withKey(key), payload: body });

  it('tells of each unit an official adds, edits and deletes in the landlord’s name, and not of its own', async () => {
    const key = await ownKey();
    const own = await byKey(key, 'POST', unitBody(MOD_WARD));
    expect(own.statusCode, own.body).toBe(200);
    expect(await noticesTo(stranger.mobile)).toEqual([]);

    // The landlord's own unit in the ward gives the ward's official reach: its unit is the landlord's at once.
    const { reply } = await addUnit('moderator');
    expect(reply).toMatchObject({ message: MESSAGES.saved, landlordReached: true });
    const [added] = await noticesTo(stranger.mobile);
    expect(added).toMatchObject({ channel: 'sms', subject: unitNoticeSubject(reply.rentcode) });
    expect(added.body).toContain(`an official of`);
    expect(added.body).toContain(OFFICE);
    expect(added.body).toContain(
      `added rental unit ${reply.rentcode} at ${FIRST_ADDRESS} to your landlord record`,
    );
    expect(added.body).toContain('If you did not ask for this, contact that police office.');

    const edit = (account: 'moderator' | 'moderator2', overrides = {}) =>
      s.call('PUT', 'register/rentalUnit', account, {
        ...unitBody(MOD_WARD, overrides),
        rentcode: reply.rentcode,
        landlordId: stranger.id,
      });
    const moved = await edit('moderator', { address1: 'By the river' });
    expect(moved.statusCode, moved.body).toBe(200);
    const edited = (await noticesTo(stranger.mobile))[1];
    expect(edited.body).toContain(
      `changed the address of your rental unit ${reply.rentcode} from ${FIRST_ADDRESS} to 12, 1, By the river, 793003`,
    );

    // An edit that changes nothing, a refused edit, another ward's official and the landlord's own key: no notice.
    expect((await edit('moderator', { address1: 'By the river' })).statusCode).toBe(200);
    expect((await edit('moderator', { pinCode: '79300' })).statusCode).toBe(400);
    expect((await edit('moderator2', { address1: 'Elsewhere' })).statusCode).toBe(404);
    const keyEdit = await byKey(key, 'PUT', {
      ...unitBody(MOD_WARD, { address1: 'By the bridge' }),
      rentcode: reply.rentcode,
    });
    expect(keyEdit.statusCode, keyEdit.body).toBe(200);
    expect(await noticesTo(stranger.mobile)).toHaveLength(2);

    const gone = await s.call('PUT', 'register/rentalUnit', 'moderator', {
      rentcode: reply.rentcode,
      delete: true,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().outcome).toBe('deleted');
    const deleted = (await noticesTo(stranger.mobile))[2];
    expect(deleted.subject).toBe(unitNoticeSubject(reply.rentcode));
    expect(deleted.body).toContain(
      `deleted your rental unit ${reply.rentcode} at 12, 1, By the bridge, 793003 from your landlord record`,
    );
    expect(await noticesTo(stranger.mobile)).toHaveLength(3);
  });

  it('does not announce a unit that awaits the landlord’s code twice: the code message names it', async () => {
    const { reply } = await addUnit('moderator');
    expect(reply.landlordReached).toBe(false);
    expect(await noticesTo(stranger.mobile)).toEqual([]);
  });

  it('tells of a disowned unit, and of nothing when a held unit’s delete is refused', async () => {
    const [suiteLandlord] = await t.db
      .select({ email: landlords.email })
      .from(landlords)
      .where(eq(landlords.id, s.landlordId));
    const applid = await s.create('moderator');
    const { rentcode } = await s.applicationOf(applid);
    const before = (await noticesTo(suiteLandlord.email!)).length;

    const held = await s.call('PUT', 'register/rentalUnit', 'moderator', { rentcode, delete: true });
    expect(held.statusCode, held.body).toBe(409);
    expect(await noticesTo(suiteLandlord.email!)).toHaveLength(before);

    const vacated = await s.call(
      'GET',
      `register/rentalUnit/changestatus/${s.landlordId}/${rentcode}`,
      'moderator',
    );
    expect(vacated.statusCode, vacated.body).toBe(200);
    const disowned = await s.call('PUT', 'register/rentalUnit', 'moderator', { rentcode, delete: true });
    expect(disowned.json().outcome).toBe('disowned');
    const notices = await noticesTo(suiteLandlord.email!);
    expect(notices).toHaveLength(before + 1);
    expect(notices.at(-1)!.body).toContain(`removed your rental unit ${rentcode} at`);
    expect(notices.at(-1)!.body).toContain('its past applications keep it');
  });
});
