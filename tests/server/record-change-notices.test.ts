import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { landlords, outboxMessages, tenants } from '../../src/server/db/schema';
import { RECORD_NOTICE_SUBJECT } from '../../src/server/services/record-change-notice';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { testDatabases } from '../support/test-db';
import { useStrangerLandlord } from './landlord-unit-consent-fixtures';
import { landlordBody, MOD_WARD, unitBody } from './landlords-fixtures';
import { useOfficeSuite } from './office-applications-fixtures';
import { api, registerTenantAtCounter, tenantBody } from './tenants-test-helpers';

// Issue 20's re-attack, L2 (docs/notifications.md "An official's change to a citizen's record"): an official that
// reaches a landlord renamed it and no one was told. Now each official's edit that changes a told field keeps a
// notice to the person's own channel, naming the office and what changed, never the new values. The person's own
// key, an edit that changes nothing and a refused edit tell nobody.

const OFFICE = `(${MOD_WARD})`;

describe.each(testDatabases())('telling a citizen of an official’s change to its record on %s', (kind) => {
  const s = useOfficeSuite(kind);
  const { t } = s;
  const { stranger } = useStrangerLandlord(s);

  const noticesTo = (recipient: string) =>
    t.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, recipient), eq(outboxMessages.subject, RECORD_NOTICE_SUBJECT)))
      .orderBy(outboxMessages.id);

  it('tells the landlord what an official changed, not what the landlord changed itself', async () => {
    const key = withKey(await citizenKeyFor(t, { kind: 'landlord', landlordId: stranger.id }));
    const own = await t.app.inject({
      method: 'POST',
      url: api('process/rentalUnit'),
      headers: key,
      payload: unitBody(MOD_WARD),
    });
    expect(own.statusCode, own.body).toBe(200);
    const [row] = await t.db.select().from(landlords).where(eq(landlords.id, stranger.id));
    const body = (overrides: Record<string, unknown>) => ({
      ...landlordBody(row.epicNo, { mobile: stranger.mobile }),
      id: stranger.id,
      ...overrides,
    });

    const renamed = await s.call(
      'PUT',
      'register/updateLandlord',
      'moderator',
      body({ firstName: 'Renamed' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const [notice] = await noticesTo(stranger.mobile);
    expect(notice).toMatchObject({ channel: 'sms', subject: RECORD_NOTICE_SUBJECT });
    expect(notice.body).toContain(`an official of`);
    expect(notice.body).toContain(OFFICE);
    expect(notice.body).toContain('changed your landlord record: name.');
    expect(notice.body).not.toContain('Renamed');

    // The same again, another ward's official, and the landlord's own key: no notice.
    expect(
      (await s.call('PUT', 'register/updateLandlord', 'moderator', body({ firstName: 'Renamed' })))
        .statusCode,
    ).toBe(200);
    expect(
      (await s.call('PUT', 'register/updateLandlord', 'moderator2', body({ firstName: 'Other' }))).statusCode,
    ).toBe(404);
    const keyEdit = await t.app.inject({
      method: 'PUT',
      url: api('process/updateLandlord'),
      headers: key,
      payload: body({ firstName: 'Iba', occupation: 'Farmer' }),
    });
    expect(keyEdit.statusCode, keyEdit.body).toBe(200);
    expect(await noticesTo(stranger.mobile)).toHaveLength(1);

    const moved = await s.call(
      'PUT',
      'register/updateLandlord',
      'moderator',
      body({
        firstName: 'Iba',
        occupation: 'Trader',
        presentAddress: { ...landlordBody('X').presentAddress, address1: 'Elsewhere' },
      }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const second = (await noticesTo(stranger.mobile))[1];
    expect(second.body).toContain('changed your landlord record: occupation, present address.');
  });

  it('tells a tenant what an official changed in its record', async () => {
    const tenantId = await registerTenantAtCounter(t, 'moderator');
    const [row] = await t.db.select().from(tenants).where(eq(tenants.id, tenantId));
    const edit = (overrides: Record<string, unknown>) =>
      s.call('PUT', `register/tenant/${tenantId}`, 'moderator', { ...tenantBody(row.epicNo), ...overrides });
    const before = (await noticesTo(row.mobile)).length;
    const changed = await edit({ occupation: 'Nurse', age: '1990-01-01' });
    expect(changed.statusCode, changed.body).toBe(200);
    const notices = await noticesTo(row.mobile);
    expect(notices).toHaveLength(before + 1);
    expect(notices.at(-1)!.body).toContain('changed your tenant record: occupation, date of birth');
    expect(notices.at(-1)!.body).not.toContain('Nurse');
    expect((await edit({ occupation: 'Nurse', age: '1990-01-01' })).statusCode).toBe(200);
    expect(await noticesTo(row.mobile)).toHaveLength(before + 1);
  });
});
