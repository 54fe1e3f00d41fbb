import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { helperSchema, LANDLORD_MESSAGES } from '../../src/contract/landlords.contract';
import { domesticHelpers } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { countOf, helperBody, landlordOnlyIn, MOD2_WARD, MOD_WARD } from './landlords-fixtures';

// Landlords' domestic helpers: create (owner type landlord), list, remove (sets leftOn), through the landlord's key
// and through officials, with the spec's messages and the same refusals as the landlord record.

describe.each(testDatabases())('landlord helpers on %s', (kind) => {
  const t = useTestApp(kind);
  const staff = async (username: string) => bearer((await signInStaff(t.app, username)).accessToken);
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, headers = {}, payload?: unknown) =>
    t.app.inject({ method, url: `${API_BASE}/${path}`, headers, payload: payload as object });
  const helperRow = async (memberCode: number) =>
    (await t.db.select().from(domesticHelpers).where(eq(domesticHelpers.memberCode, memberCode)))[0];

  let owner: number;
  let ownerKey: string;
  let strangerKey: string;
  beforeAll(async () => {
    owner = await landlordOnlyIn(t.db, MOD_WARD);
    ownerKey = await citizenKeyFor(t, { kind: 'landlord', landlordId: owner });
    strangerKey = await citizenKeyFor(t, {
      kind: 'landlord',
      landlordId: await landlordOnlyIn(t.db, MOD2_WARD),
    });
  });

  it('adds a helper with the key, lists it, and removes it by setting leftOn', async () => {
    const before = await countOf(t.db, domesticHelpers);
    const res = await call('POST', 'process/landlordHelper', withKey(ownerKey), helperBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(LANDLORD_MESSAGES.helperSaved);
    const memberCode = res.json().memberCode as number;
    expect(await helperRow(memberCode)).toMatchObject({
      ownerType: 'landlord',
      landlordId: owner,
      tenantId: null,
    });
    expect(await countOf(t.db, domesticHelpers)).toBe(before + 1);

    const list = await call('GET', `process/landlordHelpers/${owner}`, withKey(ownerKey));
    const helpers = helperSchema.array().parse(list.json());
    expect(helpers.find((h) => h.memberCode === memberCode)).toMatchObject({
      memberName: 'Phrang Lyngdoh',
      age: '1990-04-01',
      leftOn: null,
      permanentAddress: { district: { districtCode: '1701' }, statename: { stateCode: '17' } },
      landlordId: owner,
    });

    const removed = await call('PUT', `process/landlordHelper/remove/${memberCode}`, withKey(ownerKey));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(LANDLORD_MESSAGES.helperRemoved);
    expect((await helperRow(memberCode)).leftOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await countOf(t.db, domesticHelpers)).toBe(before + 1);
  });

  it.each([
    [{ memberName: '' }, 'memberName: Member Name required'],
    [{ age: '' }, 'age: Age is required'],
    [{ age: '1990-02-31' }, 'age: Age is required'],
    [
      { permanentAddress: { ...helperBody().permanentAddress, pinCode: '12345' } },
      'permanentAddress.pinCode: Invalid Pincode. Must be 6 digits.',
    ],
    [
      { permanentAddress: { ...helperBody().permanentAddress, address1: '' } },
      'permanentAddress.address1: Address Line 1 required!',
    ],
    [
      { permanentAddress: { ...helperBody().permanentAddress, statename: undefined } },
      'permanentAddress.statename: State required',
    ],
    [
      { permanentAddress: { ...helperBody().permanentAddress, statename: { stateCode: '18' } } },
      LANDLORD_MESSAGES.helperInvalid,
    ],
  ])('refuses a helper with %j: 400 with its message, nothing written', async (change, message) => {
    const before = await countOf(t.db, domesticHelpers);
    const res = await call('POST', 'process/landlordHelper', withKey(ownerKey), helperBody(change));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await countOf(t.db, domesticHelpers)).toBe(before);
  });

  it('lets officials in the jurisdiction manage helpers and refuses everyone else', async () => {
    const made = await call('POST', 'register/landlordHelper', await staff('moderator'), {
      ...helperBody(),
      landlordId: owner,
    });
    expect(made.statusCode, made.body).toBe(200);
    const memberCode = made.json().memberCode as number;
    const before = await countOf(t.db, domesticHelpers);
    const tenantKey = await citizenKeyFor(t, { kind: 'tenant', tenantId: 1 });
    const refusals: [string, Record<string, string>, number][] = [
      ['process', withKey(strangerKey), 403],
      ['process', withKey(tenantKey), 403],
      ['process', {}, 401],
      // Outside the jurisdiction: the 404 of a missing id (docs/reach.md).
      ['register', await staff('moderator2'), 404],
      ['register', await staff('police'), 403],
      ['register', {}, 401],
    ];
    for (const [area, headers, status] of refusals) {
      const create = await call('POST', `${area}/landlordHelper`, headers, {
        ...helperBody(),
        landlordId: owner,
      });
      expect(create.statusCode, `${area} create`).toBe(status);
      expect((await call('GET', `${area}/landlordHelpers/${owner}`, headers)).statusCode).toBe(status);
      const remove = await call('PUT', `${area}/landlordHelper/remove/${memberCode}`, headers);
      expect(remove.statusCode, `${area} remove`).toBe(status);
    }
    expect(await countOf(t.db, domesticHelpers)).toBe(before);
    expect((await helperRow(memberCode)).leftOn).toBeNull();
    const listed = await call('GET', `register/landlordHelpers/${owner}`, await staff('supermoderator'));
    expect(
      helperSchema
        .array()
        .parse(listed.json())
        .some((h) => h.memberCode === memberCode),
    ).toBe(true);
  });
});
