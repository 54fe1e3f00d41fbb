import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHANNEL_CHANGE_MESSAGES } from '../../src/contract/channel-changes.contract';
import { landlords, tenants } from '../../src/server/db/schema';
import { withKey } from '../support/citizen-key';
import { otpKeyFor } from '../support/otp';
import { useTestApp, type TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { freshEpic, landlordBody } from './landlords-fixtures';
import { api, freshIdNumber, tenantBody } from './tenants-test-helpers';

// Pen-test round 2 (27-11-2026), F1: a key bought through a mobile number the person has since left could move
// the channel again, at once, so whoever held the old phone (an agent who registered the tenant with its own
// number, a lost handset) took the OTPs of the new one. Now a key may move the channel only while the channel it was
// bought through is still the person's, and a change ends the person's other keys (docs/otp-channel-changes.md).

let serial = 0;
const freshMobile = () =>
  `7${String(process.pid % 1000).padStart(3, '0')}${String((serial += 1)).padStart(6, '0')}`;

interface Person {
  subject: 'tenant' | 'landlord';
  freshId: () => string;
  register: (id: string, mobile: string) => { url: string; payload: object };
  update: (recordId: number, id: string, mobile: string) => { url: string; payload: object };
  storedMobile: (t: TestApp, recordId: number) => Promise<string | null>;
}

const PEOPLE: Record<'tenant' | 'landlord', Person> = {
  tenant: {
    subject: 'tenant',
    freshId: freshIdNumber,
    register: (id, mobile) => ({ url: 'process/tenant', payload: { ...tenantBody(id), mobile } }),
    update: (recordId, id, mobile) => ({
      url: `process/tenant/${recordId}`,
      payload: { ...tenantBody(id), id: recordId, mobile },
    }),
    storedMobile: async (t, id) =>
      (await t.db.select({ mobile: tenants.mobile }).from(tenants).where(eq(tenants.id, id)))[0].mobile,
  },
  landlord: {
    subject: 'landlord',
    freshId: () => freshEpic('OCK'),
    register: (id, mobile) => ({ url: 'process/landlord', payload: landlordBody(id, { mobile }) }),
    update: (recordId, id, mobile) => ({
      url: 'process/updateLandlord',
      payload: { ...landlordBody(id, { mobile }), id: recordId },
    }),
    storedMobile: async (t, id) =>
      (await t.db.select({ mobile: landlords.mobile }).from(landlords).where(eq(landlords.id, id)))[0].mobile,
  },
};

describe.each(testDatabases())('a key from a channel the person left, on %s', (kind) => {
  const t = useTestApp(kind);

  it.each(['tenant', 'landlord'] as const)('cannot move the %s channel again', async (which) => {
    const person = PEOPLE[which];
    const id = person.freshId();
    const [first, second, attackers, third] = [freshMobile(), freshMobile(), freshMobile(), freshMobile()];
    const { url, payload } = person.register(id, first);
    const registered = await t.app.inject({ method: 'POST', url: api(url), payload });
    expect(registered.statusCode, registered.body).toBe(200);
    const reply = registered.json<{ id?: number; landlord_id?: number }>();
    const recordId = Number(reply.id ?? reply.landlord_id);
    const login = async (to: string) =>
      (await otpKeyFor(t.app, { subject: person.subject, id, to, clock: t.clock })).apiKey;
    const change = (key: string, to: string) => {
      const update = person.update(recordId, id, to);
      return t.app.inject({
        method: 'PUT',
        url: api(update.url),
        headers: withKey(key),
        payload: update.payload,
      });
    };

    // Two keys through the first number; one moves the channel to the second (the person's own change).
    const oldKey = await login(first);
    const spareOldKey = await login(first);
    const moved = await change(oldKey, second);
    expect(moved.statusCode, moved.body).toBe(200);
    // The other key bought through the first number ended with the change.
    expect((await change(spareOldKey, attackers)).statusCode).toBe(401);

    // The person signs in through the second number; the old key tries to move the channel to another phone.
    const currentKey = await login(second);
    const refused = await change(oldKey, attackers);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(CHANNEL_CHANGE_MESSAGES.oldChannelKey);
    expect(await person.storedMobile(t, recordId)).toBe(second);

    // The key bought through the current number still may.
    const again = await change(currentKey, third);
    expect(again.statusCode, again.body).toBe(200);
    expect(await person.storedMobile(t, recordId)).toBe(third);
  });
});
