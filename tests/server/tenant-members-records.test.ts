import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { familyMemberSchema, helperSchema, TENANT_MESSAGES } from '../../src/contract/tenants.contract';
import { domesticHelpers, familyMembers } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import {
  api,
  registerTenant,
  registerTenantAtCounter,
  staffTokens,
  tenantHeldOutside,
} from './tenants-test-helpers';

// Family members and domestic helpers of a tenant: add, list, remove (left on), through the tenant's key and
// through officials, with every refusal leaving the rows as they were.

const family = () => ({
  memberName: 'Wanda Kharkongor',
  age: '2015-02-11',
  occupation: 'Student',
  relationship: 'Daughter',
});
const helper = () => ({
  memberName: 'Bah Kyrmen',
  age: '1980-07-01',
  permanentAddress: {
    address1: 'Mawlai Mawroh',
    address2: '',
    pinCode: '793008',
    district: { districtCode: '1701', districtName: 'East Khasi Hills' },
    statename: { stateCode: '17', stateName: 'Meghalaya' },
  },
  presentAddress: { pinCode: '793003' },
});

const FAMILY_BAD: [string, Record<string, unknown>, string][] = [
  ['no name', { memberName: '' }, 'Member Name required'],
  ['no occupation', { occupation: ' ' }, 'Occupation required'],
  ['no relationship', { relationship: undefined }, 'Relationship required'],
];
const HELPER_BAD: [string, (h: ReturnType<typeof helper>) => unknown, string][] = [
  ['no name', (h) => ({ ...h, memberName: '' }), 'Member Name required'],
  ['no age', (h) => ({ ...h, age: '' }), 'Age is required'],
  [
    'no address line 1',
    (h) => ({ ...h, permanentAddress: { ...h.permanentAddress, address1: '' } }),
    'Address Line 1 required!',
  ],
  [
    'no state',
    (h) => ({ ...h, permanentAddress: { ...h.permanentAddress, statename: { stateCode: '' } } }),
    'State required',
  ],
  [
    'no district',
    (h) => ({ ...h, permanentAddress: { ...h.permanentAddress, district: { districtCode: '' } } }),
    'District required',
  ],
  [
    'a 5-digit pincode',
    (h) => ({ ...h, permanentAddress: { ...h.permanentAddress, pinCode: '79300' } }),
    'Invalid Pincode. Must be 6 digits.',
  ],
  [
    'a district of another state',
    (h) => ({ ...h, permanentAddress: { ...h.permanentAddress, statename: { stateCode: '18' } } }),
    TENANT_MESSAGES.recheck,
  ],
];

describe.each(testDatabases())('family members and helpers on %s', (kind) => {
  const t = useTestApp(kind);
  const staff = staffTokens(t);
  const rows = async () => ({
    family: (await t.db.select({ n: count() }).from(familyMembers))[0].n,
    helpers: (await t.db.select({ n: count() }).from(domesticHelpers))[0].n,
  });

  it('adds, lists and removes family members and helpers with a tenant key', async () => {
    const id = await registerTenant(t);
    const key = withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId: id }));
    const added = await t.app.inject({
      method: 'POST',
      url: api(`process/tenant/${id}/familymembers`),
      headers: key,
      payload: family(),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().message).toBe(TENANT_MESSAGES.familySaved);
    const memberCode: number = added.json().memberCode;
    const list = z
      .array(familyMemberSchema)
      .parse((await t.app.inject({ url: api(`process/tenant/${id}/familymembers`), headers: key })).json());
    expect(list).toEqual([
      expect.objectContaining({
        memberCode,
        tenantId: id,
        relationship: 'Daughter',
        leftOn: null,
        active: true,
        documents: [],
      }),
    ]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: api(`process/tenant/${id}/familymembers/${memberCode}`),
      headers: key,
    });
    expect(removed.json().message).toBe(TENANT_MESSAGES.familyRemoved);
    const [row] = await t.db.select().from(familyMembers).where(eq(familyMembers.memberCode, memberCode));
    expect(row.leftOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const again = await t.app.inject({
      method: 'DELETE',
      url: api(`process/tenant/${id}/familymembers/${memberCode}`),
      headers: key,
    });
    expect(again.statusCode).toBe(409);

    const h = await t.app.inject({
      method: 'POST',
      url: api(`process/tenant/${id}/helpers`),
      headers: key,
      payload: helper(),
    });
    expect(h.statusCode, h.body).toBe(200);
    expect(h.json().message).toBe(TENANT_MESSAGES.helperSaved);
    const helpers = z
      .array(helperSchema)
      .parse((await t.app.inject({ url: api(`process/tenant/${id}/helpers`), headers: key })).json());
    expect(helpers[0]).toMatchObject({
      memberCode: h.json().memberCode,
      age: '1980-07-01',
      permanentAddress: {
        address2: null,
        district: { districtName: 'East Khasi Hills' },
        statename: { stateName: 'Meghalaya' },
      },
      presentAddress: { pinCode: '793003' },
      active: true,
    });
    const hr = await t.app.inject({
      method: 'DELETE',
      url: api(`process/tenant/${id}/helpers/${h.json().memberCode}`),
      headers: key,
    });
    expect(hr.json().message).toBe(TENANT_MESSAGES.helperRemoved);
    const after = z
      .array(helperSchema)
      .parse((await t.app.inject({ url: api(`process/tenant/${id}/helpers`), headers: key })).json());
    expect(after[0].active).toBe(false);
  });

  it.each(FAMILY_BAD)('refuses a family member with %s and writes nothing', async (_w, change, message) => {
    const id = await registerTenant(t);
    const key = withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId: id }));
    const before = await rows();
    const res = await t.app.inject({
      method: 'POST',
      url: api(`process/tenant/${id}/familymembers`),
      headers: key,
      payload: { ...family(), ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await rows()).toEqual(before);
  });

  it.each(HELPER_BAD)('refuses a helper with %s and writes nothing', async (_w, change, message) => {
    const id = await registerTenant(t);
    const key = withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId: id }));
    const before = await rows();
    const res = await t.app.inject({
      method: 'POST',
      url: api(`process/tenant/${id}/helpers`),
      headers: key,
      payload: change(helper()) as object,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await rows()).toEqual(before);
  });

  it("refuses tenant A's key on every member call of tenant B, changing nothing", async () => {
    const a = await registerTenant(t);
    const b = await registerTenant(t);
    const keyA = withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId: a }));
    const keyB = withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId: b }));
    const fB = (
      await t.app.inject({
        method: 'POST',
        url: api(`process/tenant/${b}/familymembers`),
        headers: keyB,
        payload: family(),
      })
    ).json().memberCode;
    const hB = (
      await t.app.inject({
        method: 'POST',
        url: api(`process/tenant/${b}/helpers`),
        headers: keyB,
        payload: helper(),
      })
    ).json().memberCode;
    const before = await rows();
    const calls: [string, string, object?][] = [
      ['GET', `process/tenant/${b}/familymembers`],
      ['GET', `process/tenant/${b}/helpers`],
      ['POST', `process/tenant/${b}/familymembers`, family()],
      ['POST', `process/tenant/${b}/helpers`, helper()],
      ['DELETE', `process/tenant/${b}/familymembers/${fB}`],
      ['DELETE', `process/tenant/${b}/helpers/${hB}`],
      ['DELETE', `process/tenant/${a}/familymembers/${fB}`],
      ['DELETE', `process/tenant/${a}/helpers/${hB}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url: api(url), headers: keyA, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await rows()).toEqual(before);
    const [f] = await t.db.select().from(familyMembers).where(eq(familyMembers.memberCode, fB));
    expect(f.leftOn).toBeNull();
    const landlordKey = withKey(await citizenKeyFor(t, { kind: 'landlord', landlordId: 1 }));
    expect(
      (await t.app.inject({ url: api(`process/tenant/${b}/helpers`), headers: landlordKey })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: api(`process/tenant/${b}/helpers`) })).statusCode).toBe(401);
  });

  it('lets officials add, list and remove by role and jurisdiction', async () => {
    const id = await registerTenantAtCounter(t);
    const outside = await tenantHeldOutside(t.db, 'PS1701001LA01W01');
    const add = async (username: string, tenantId: number) =>
      t.app.inject({
        method: 'POST',
        url: api(`register/tenant/${tenantId}/familymembers`),
        headers: await staff(username),
        payload: family(),
      });
    const byModerator = await add('moderator', id);
    expect(byModerator.statusCode).toBe(200);
    expect((await add('verifier', id)).statusCode).toBe(403);
    expect((await add('police', id)).statusCode).toBe(403);
    const before = await rows();
    // Outside reach: the 404 of a missing tenant (docs/reach.md).
    expect((await add('moderator', outside)).statusCode).toBe(404);
    expect(await rows()).toEqual(before);
    const list = await t.app.inject({
      url: api(`register/tenant/${id}/familymembers`),
      headers: await staff('verifier'),
    });
    expect(list.json()).toHaveLength(1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: api(`register/tenant/${id}/familymembers/${byModerator.json().memberCode}`),
      headers: await staff('verifier'),
    });
    expect(removed.statusCode).toBe(200);
    const helperRes = await t.app.inject({
      method: 'POST',
      url: api(`register/tenant/${id}/helpers`),
      headers: await staff('supermoderator'),
      payload: helper(),
    });
    expect(helperRes.statusCode).toBe(200);
    const helpers = await t.app.inject({
      url: api(`register/tenant/${id}/helpers`),
      headers: await staff('moderator'),
    });
    expect(helpers.json().map((h: { memberCode: number }) => h.memberCode)).toEqual([
      helperRes.json().memberCode,
    ]);
    const helperGone = await t.app.inject({
      method: 'DELETE',
      url: api(`register/tenant/${id}/helpers/${helperRes.json().memberCode}`),
      headers: await staff('supermoderator'),
    });
    expect(helperGone.json().message).toBe(TENANT_MESSAGES.helperRemoved);
    const [gone] = await t.db
      .select()
      .from(domesticHelpers)
      .where(eq(domesticHelpers.memberCode, helperRes.json().memberCode));
    expect(gone.leftOn).not.toBeNull();
    expect(
      (
        await t.app.inject({
          url: api(`register/tenant/${outside}/helpers`),
          headers: await staff('moderator'),
        })
      ).statusCode,
    ).toBe(404);
  });
});
