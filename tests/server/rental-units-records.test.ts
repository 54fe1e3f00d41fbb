import { and, desc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { RENTAL_UNIT_MESSAGES, rentalUnitSchema } from '../../src/contract/rental-units.contract';
import { applications, logRecords, rentalUnits } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { countOf, landlordOnlyIn, MOD2_WARD, MOD_WARD, unitBody } from './landlords-fixtures';

// Rental units: create, list, edit, delete or disown through the landlord's key and through officials, with
// the spec's messages, ownership and jurisdiction refusals, and nothing written on any refusal.

describe.each(testDatabases())('rental units on %s', (kind) => {
  const t = useTestApp(kind);
  const tokens = new Map<string, string>();
  const staff = async (username: string) => {
    if (!tokens.has(username)) tokens.set(username, (await signInStaff(t.app, username)).accessToken);
    return bearer(tokens.get(username)!);
  };
  const call = (method: 'GET' | 'POST' | 'PUT', path: string, headers = {}, payload?: unknown) =>
    t.app.inject({ method, url: `${API_BASE}/${path}`, headers, payload: payload as object });
  const unitRow = async (rentcode: string) =>
    (await t.db.select().from(rentalUnits).where(eq(rentalUnits.rentcode, rentcode)))[0];

  let owner: number;
  let ownerKey: string;
  let stranger: number;
  let strangerKey: string;
  beforeAll(async () => {
    owner = await landlordOnlyIn(t.db, MOD_WARD);
    stranger = await landlordOnlyIn(t.db, MOD2_WARD);
    ownerKey = await citizenKeyFor(t, { kind: 'landlord', landlordId: owner });
    strangerKey = await citizenKeyFor(t, { kind: 'landlord', landlordId: stranger });
  });

  const create = async (headers: Record<string, string>, body: object) => {
    const res = await call('POST', 'process/rentalUnit', headers, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().rentcode as string;
  };

  it('creates a unit with the landlord key and lists it as the Rental unit entity', async () => {
    const before = await countOf(t.db, rentalUnits);
    const res = await call('POST', 'process/rentalUnit', withKey(ownerKey), unitBody(MOD_WARD));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(RENTAL_UNIT_MESSAGES.saved);
    expect(await countOf(t.db, rentalUnits)).toBe(before + 1);
    const list = await call('GET', `process/rentalUnit/landlord/${owner}`, withKey(ownerKey));
    const units = rentalUnitSchema.array().parse(list.json());
    const made = units.find((u) => u.rentcode === res.json().rentcode);
    expect(made).toMatchObject({
      houseNo: '12',
      address2: null,
      vacant: true,
      laCode: MOD_WARD,
      landlordId: owner,
      district: { districtCode: '1701' },
      la: {
        localAuthorityCode: MOD_WARD,
        ps: { policeStationCode: 'PS1701001' },
        dist: { districtCode: '1701' },
      },
    });
    expect(made?.la.headManName.length).toBeGreaterThan(0);
  });

  it.each([
    [{ la: undefined }, 'la: Police Station required'],
    [{ laCode: undefined }, 'laCode: Sub-Locality/Ward required'],
    [{ district: undefined }, 'district: District required'],
    [{ address1: '' }, 'address1: Address Line 1 required!'],
    [{ pinCode: '79300' }, 'pinCode: Invalid Pincode. Must be 6 digits.'],
    [
      { la: { ps: { policeStationCode: 'PS1701002' } } },
      `la.ps.policeStationCode: ${RENTAL_UNIT_MESSAGES.wardNotInStation}`,
    ],
    [
      { district: { districtCode: '1702' } },
      `district.districtCode: ${RENTAL_UNIT_MESSAGES.wardNotInDistrict}`,
    ],
    [{ laCode: 'PS1701001LA01W99' }, `laCode: ${RENTAL_UNIT_MESSAGES.unknownWard}`],
  ])(
    'refuses a key holder’s unit with %j: 400 with its message, nothing written',
    async (change, message) => {
      const before = await countOf(t.db, rentalUnits);
      const res = await call('POST', 'process/rentalUnit', withKey(ownerKey), unitBody(MOD_WARD, change));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect(await countOf(t.db, rentalUnits)).toBe(before);
    },
  );

  it('lets an official add a unit with ward, address 1 and pincode only, inside its jurisdiction', async () => {
    const before = await countOf(t.db, rentalUnits);
    const minimal = { landlordId: owner, laCode: MOD_WARD, address1: 'Lower road', pinCode: '793003' };
    const res = await call('POST', 'register/rentalUnit', await staff('moderator'), minimal);
    expect(res.statusCode, res.body).toBe(200);
    expect((await unitRow(res.json().rentcode)).districtCode).toBe('1701');
    const outside = await call('POST', 'register/rentalUnit', await staff('moderator'), {
      ...minimal,
      laCode: MOD2_WARD,
    });
    expect(outside.statusCode).toBe(403);
    const missing = await call('POST', 'register/rentalUnit', await staff('moderator'), {
      ...minimal,
      pinCode: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('pinCode: Pincode required');
    for (const role of ['police', 'admin']) {
      expect((await call('POST', 'register/rentalUnit', await staff(role), minimal)).statusCode, role).toBe(
        403,
      );
    }
    expect(await countOf(t.db, rentalUnits)).toBe(before + 1);
  });

  it("lets a second ward's officer add a unit in its own ward to a landlord it cannot otherwise reach", async () => {
    // `stranger` owns units only in moderator2's ward: moderator may neither read nor edit it...
    const mod = await staff('moderator');
    expect((await call('GET', `register/landlord/${stranger}`, mod)).statusCode).toBe(404);
    const before = await countOf(t.db, rentalUnits);
    const second = { landlordId: stranger, laCode: MOD_WARD, address1: 'Second house', pinCode: '793003' };
    // ...but may add the landlord's house in its own ward (the unit's ward is what its jurisdiction governs),
    const res = await call('POST', 'register/rentalUnit', mod, second);
    expect(res.statusCode, res.body).toBe(200);
    expect(await unitRow(res.json().rentcode)).toMatchObject({ landlordId: stranger, wardCode: MOD_WARD });
    // not in another ward, and not for a landlord that does not exist (nothing written either time).
    const away = await call('POST', 'register/rentalUnit', mod, { ...second, laCode: MOD2_WARD });
    expect(away.statusCode).toBe(403);
    const unknown = await call('POST', 'register/rentalUnit', mod, { ...second, landlordId: 99_999_999 });
    expect(unknown.statusCode).toBe(404);
    // A landlord's key still adds units only to its own landlord.
    const foreign = await call('POST', 'process/rentalUnit', withKey(ownerKey), {
      ...unitBody(MOD_WARD),
      landlordId: stranger,
    });
    expect(foreign.statusCode).toBe(403);
    expect(await countOf(t.db, rentalUnits)).toBe(before + 1);
  });

  it('edits a unit, and refuses another landlord’s key, an official outside, a tenant key and no key', async () => {
    const rentcode = await create(withKey(ownerKey), unitBody(MOD_WARD));
    const edit = { ...unitBody(MOD_WARD, { houseNo: '14B' }), rentcode };
    const res = await call('PUT', 'process/rentalUnit', withKey(ownerKey), edit);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(RENTAL_UNIT_MESSAGES.edited);
    expect((await unitRow(rentcode)).houseNo).toBe('14B');

    const before = await unitRow(rentcode);
    const tenantKey = await citizenKeyFor(t, { kind: 'tenant', tenantId: 1 });
    const refusals: [Record<string, string>, number][] = [
      [withKey(strangerKey), 403],
      // An official outside: the 404 of a missing unit (docs/reach.md).
      [await staff('moderator2'), 404],
      [withKey(tenantKey), 403],
      [{}, 401],
    ];
    for (const [headers, status] of refusals) {
      const area = 'authorization' in headers ? 'register' : 'process';
      const hostile = { ...edit, houseNo: 'X' };
      expect((await call('PUT', `${area}/rentalUnit`, headers, hostile)).statusCode).toBe(status);
      expect((await call('PUT', `${area}/rentalUnit`, headers, { rentcode, delete: true })).statusCode).toBe(
        status,
      );
      // An official outside gets the landlord's units of its own jurisdiction: none (docs/reach.md).
      const listed = await call('GET', `${area}/rentalUnit/landlord/${owner}`, headers);
      if (area === 'register') expect([listed.statusCode, listed.json()]).toEqual([200, []]);
      else expect(listed.statusCode).toBe(status);
      expect(
        (await call('GET', `${area}/rentalUnit/changestatus/${owner}/${rentcode}`, headers)).statusCode,
      ).toBe(status);
    }
    expect(await unitRow(rentcode)).toEqual(before);
    const [last] = await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1);
    expect(last.remark).toMatch(/^Refused/);

    const bad = await call('PUT', 'process/rentalUnit', withKey(ownerKey), { ...edit, address1: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('address1: Address Line 1 required!');
    expect(await unitRow(rentcode)).toEqual(before);
  });

  it('lets an official list, edit and delete units in its jurisdiction only', async () => {
    const rentcode = await create(withKey(ownerKey), unitBody(MOD_WARD));
    const mod = await staff('moderator');
    const list = await call('GET', `register/rentalUnit/landlord/${owner}`, mod);
    expect(list.statusCode, list.body).toBe(200);
    const units = rentalUnitSchema.array().parse(list.json());
    expect(units.some((u) => u.rentcode === rentcode)).toBe(true);
    expect(units.every((u) => u.laCode === MOD_WARD)).toBe(true);

    const edit = { rentcode, laCode: MOD_WARD, address1: 'Edited by the ward', pinCode: '793004' };
    const res = await call('PUT', 'register/rentalUnit', mod, edit);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(RENTAL_UNIT_MESSAGES.edited);
    expect(await unitRow(rentcode)).toMatchObject({
      address1: 'Edited by the ward',
      pinCode: '793004',
      houseNo: null,
    });
    // Moving the unit out of the official's jurisdiction is refused like placing it there.
    const away = await call('PUT', 'register/rentalUnit', mod, { ...edit, laCode: MOD2_WARD });
    expect(away.statusCode).toBe(403);
    expect((await unitRow(rentcode)).wardCode).toBe(MOD_WARD);

    const del = await call('PUT', 'register/rentalUnit', mod, { rentcode, delete: true });
    expect(del.json()).toMatchObject({ message: RENTAL_UNIT_MESSAGES.deleted, outcome: 'deleted' });
    expect(await unitRow(rentcode)).toBeUndefined();
    expect((await call('PUT', 'register/rentalUnit', mod, { rentcode, delete: true })).statusCode).toBe(404);
    const malformed = await call('PUT', 'register/rentalUnit', mod, { rentcode: 'X1', delete: true });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('rentcode: Give a rent code, e.g. RU000000001.');
  });

  it('deletes a unit without history, disowns one with history, refuses one an application holds', async () => {
    const fresh = await create(withKey(ownerKey), unitBody(MOD_WARD));
    const del = await call('PUT', 'process/rentalUnit', withKey(ownerKey), { rentcode: fresh, delete: true });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ message: RENTAL_UNIT_MESSAGES.deleted, outcome: 'deleted' });
    expect(await unitRow(fresh)).toBeUndefined();

    const apps = await t.db.select().from(applications).where(eq(applications.landlordId, owner));
    const live = apps.find((a) => !a.deletedAt && ['LARP', 'LAVP', 'PLVP', 'RECT'].includes(a.status));
    expect(live, 'a demo application holding a unit of this landlord').toBeDefined();
    const held = await call('PUT', 'process/rentalUnit', withKey(ownerKey), {
      rentcode: live!.rentcode,
      delete: true,
    });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(RENTAL_UNIT_MESSAGES.liveApplication);
    expect((await unitRow(live!.rentcode)).disownedAt).toBeNull();

    // A unit with history only: give a fresh unit an old, closed application.
    const old = await create(withKey(ownerKey), unitBody(MOD_WARD));
    const template = apps[0];
    await t.db.insert(applications).values({
      tenantId: template.tenantId,
      landlordId: owner,
      rentcode: old,
      wardCode: MOD_WARD,
      logby: `landlord:${owner}`,
      status: 'RJT',
    });
    const disown = await call('PUT', 'process/rentalUnit', withKey(ownerKey), {
      rentcode: old,
      delete: true,
    });
    expect(disown.json()).toMatchObject({ message: RENTAL_UNIT_MESSAGES.deleted, outcome: 'disowned' });
    expect((await unitRow(old)).disownedAt).not.toBeNull();
    const listed = rentalUnitSchema
      .array()
      .parse((await call('GET', `process/rentalUnit/landlord/${owner}`, withKey(ownerKey))).json());
    expect(listed.some((u) => u.rentcode === old)).toBe(false);
    const again = await call('PUT', 'process/rentalUnit', withKey(ownerKey), { rentcode: old, delete: true });
    expect(again.statusCode).toBe(403);
    const unitsLeft = await t.db
      .select()
      .from(rentalUnits)
      .where(and(eq(rentalUnits.landlordId, owner), isNull(rentalUnits.disownedAt)));
    expect(unitsLeft.length).toBe(listed.length);
  });
});
