import { count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenantSchema, TENANT_MESSAGES } from '../../src/contract/tenants.contract';
import { logRecords, tenants } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/demo-hierarchy';
import { ADDRESS_LOOKUP_LIMIT } from '../../src/server/security/lookup-limit';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import {
  api,
  freshIdNumber,
  registerTenant,
  registerTenantAtCounter,
  staffTokens,
  tenantBody,
  tenantCount,
  tenantHeldInside,
  tenantHeldOutside,
  tenantRow,
} from './tenants-test-helpers';

// Tenant records through both twins: the anonymous registration and existence check, the tenant's own key,
// and officials by role and jurisdiction (docs/tenants-api.md).

type Body = ReturnType<typeof tenantBody>;
const set = (path: string, value: unknown) => (body: Body) => {
  const keys = path.split('.');
  let at = body as unknown as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  if (value === undefined) delete at[keys.at(-1)!];
  else at[keys.at(-1)!] = value;
  return body;
};

/** [what, change, the message the 400 must carry] */
const BAD_INPUTS: [string, (b: Body) => Body, string][] = [
  ['empty ID', set('epicNo', ''), 'ID required'],
  ['missing ID', set('epicNo', undefined), 'ID required'],
  ['an Aadhaar number as ID', set('epicNo', '123412341234'), 'Aadhaar'],
  ['a malformed ID', set('epicNo', 'AB#12'), 'The ID must be 8 to 20'],
  ['empty first name', set('firstName', '  '), 'firstName required'],
  ['empty parent or spouse', set('parentOrspouseName', ''), 'Parent or Spouse name required'],
  ['empty occupation', set('occupation', ''), 'Occupation required'],
  ['empty mobile', set('mobile', ''), 'Mobile Number required'],
  ['letters in mobile', set('mobile', '98630abc12'), 'Only numbers are allowed'],
  ['an 11-digit mobile', set('mobile', '98630123456'), 'at most 10 digits'],
  ['empty permanent address line 1', set('permanentAddress.address1', ''), 'Address Line 1 required!'],
  ['empty present address line 1', set('presentAddress.address1', ''), 'Address Line 1 required!'],
  ['no permanent state', set('permanentAddress.district.statename.stateCode', ''), 'State required'],
  ['no present district', set('presentAddress.district.districtCode', ''), 'District required'],
  ['empty pincode', set('permanentAddress.pinCode', ''), 'Pincode required'],
  ['a 5-digit pincode', set('presentAddress.pinCode', '79300'), 'Pincode must be 6 digits.'],
  ['no type', set('type', ''), 'Type required'],
  ['another nationality', set('nationality', 'Martian'), 'Nationality must be Indian or Others.'],
  ['a future date of birth', set('age', '2999-01-01'), 'Date of birth'],
  ['a bad email', set('email', 'not-an-email'), 'Invalid email address.'],
  [
    'a district of another state',
    set('permanentAddress.district.statename.stateCode', '18'),
    'not in the state',
  ],
  ['an unknown district', set('presentAddress.district.districtCode', '9999'), 'Unknown district'],
];

describe.each(testDatabases())('tenant records on %s', (kind) => {
  const t = useTestApp(kind);
  const staff = staffTokens(t);
  const post = (body: unknown, remoteAddress = '10.1.0.1') =>
    t.app.inject({ method: 'POST', url: api('process/tenant'), payload: body as object, remoteAddress });

  it('registers a tenant anonymously: the spec message, its id as registration number, type T1', async () => {
    const body = tenantBody();
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json();
    expect(reply.message).toBe(TENANT_MESSAGES.saved);
    const tenant = tenantSchema.parse(reply.tenant);
    expect(tenant.id).toBe(reply.id);
    const row = await tenantRow(t.db, reply.id);
    expect(row).toMatchObject({ epicNo: body.epicNo, tenancyType: 'T1', middleName: null, email: null });
    expect(tenant).toMatchObject({
      epicNo: body.epicNo,
      type: 'T1',
      individualEpic: true,
      exist: true,
      age: '1994-05-17',
      permanentAddress: {
        pinCode: '793003',
        district: { districtCode: '1701', districtName: 'East Khasi Hills', statename: { stateCode: '17' } },
      },
      presentAddress: { address1: 'Flat 2, Nongrim Hills' },
    });
  });

  it('refuses an ID that is registered already and writes nothing', async () => {
    const epicNo = freshIdNumber();
    await registerTenant(t, epicNo);
    const before = await tenantCount(t.db);
    const res = await post(tenantBody(epicNo.toLowerCase()));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TENANT_MESSAGES.alreadyExists);
    expect(await tenantCount(t.db)).toBe(before);
  });

  it('lets exactly one of several simultaneous registrations of one ID through, the others 409', async () => {
    const epicNo = freshIdNumber();
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post(tenantBody(epicNo), `10.1.1.${i + 1}`)),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await t.db.select().from(tenants).where(eq(tenants.epicNo, epicNo))).toHaveLength(1);
  });

  it.each(BAD_INPUTS)('refuses %s with its message and writes nothing', async (_what, change, message) => {
    const before = await tenantCount(t.db);
    const res = await post(change(tenantBody()), '10.1.0.2');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await tenantCount(t.db)).toBe(before);
  });

  it('answers the existence check with 404 when absent and no personal data when present', async () => {
    const epicNo = freshIdNumber();
    const absent = await t.app.inject({
      url: api(`process/tenantExists/${epicNo}`),
      remoteAddress: '10.1.0.3',
    });
    expect(absent.statusCode).toBe(404);
    expect(absent.json().message).toBe(TENANT_MESSAGES.absent);
    await registerTenant(t, epicNo);
    const present = await t.app.inject({
      url: api(`process/tenantExists/${epicNo}`),
      remoteAddress: '10.1.0.3',
    });
    expect(present.statusCode).toBe(200);
    expect(present.json()).toEqual({ exists: true, message: TENANT_MESSAGES.alreadyExists });
  });

  it('counts anonymous existence checks per address and refuses past the limit', async () => {
    const address = '10.1.0.4';
    const statuses: number[] = [];
    for (let i = 0; i <= ADDRESS_LOOKUP_LIMIT.max; i++) {
      const res = await t.app.inject({
        url: api(`process/tenantExists/${freshIdNumber()}`),
        remoteAddress: address,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, ADDRESS_LOOKUP_LIMIT.max).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const refused = await post(tenantBody(), address);
    expect(refused.statusCode).toBe(429);
  });

  it("gives a tenant's key its own record by id and by ID number, and nobody else's", async () => {
    const epicA = freshIdNumber();
    const a = await registerTenant(t, epicA);
    const epicB = freshIdNumber();
    const b = await registerTenant(t, epicB);
    const key = withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId: a }));
    const own = await t.app.inject({ url: api(`process/tenant/${a}`), headers: key });
    expect(own.statusCode).toBe(200);
    expect(tenantSchema.parse(own.json()).epicNo).toBe(epicA);
    const byNumber = await t.app.inject({ url: api(`process/tenantByIdNumber/${epicA}`), headers: key });
    expect(byNumber.json().id).toBe(a);

    const auditBefore = (
      await t.db
        .select({ n: count() })
        .from(logRecords)
        .where(like(logRecords.remark, 'Refused: You may only%'))
    )[0].n;
    for (const url of [
      `process/tenant/${b}`,
      `process/tenantByIdNumber/${epicB}`,
      `process/tenantByIdNumber/${freshIdNumber()}`,
    ]) {
      const res = await t.app.inject({ url: api(url), headers: key });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('You may only open your own tenant record.');
    }
    const auditAfter = (
      await t.db
        .select({ n: count() })
        .from(logRecords)
        .where(like(logRecords.remark, 'Refused: You may only%'))
    )[0].n;
    expect(auditAfter - auditBefore).toBe(3);

    const noKey = await t.app.inject({ url: api(`process/tenant/${a}`) });
    expect(noKey.statusCode).toBe(401);
    const landlordKey = withKey(await citizenKeyFor(t, { kind: 'landlord', landlordId: 1 }));
    expect((await t.app.inject({ url: api(`process/tenant/${a}`), headers: landlordKey })).statusCode).toBe(
      403,
    );
  });

  it("updates a tenant's own record with the chosen type and refuses another's, changing nothing", async () => {
    const a = await registerTenant(t);
    const epicB = freshIdNumber();
    const b = await registerTenant(t, epicB);
    const key = withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId: a }));
    const rowA = await tenantRow(t.db, a);
    const update = { ...tenantBody(rowA.epicNo), firstName: 'Ibarisha', type: 'T2' };
    const res = await t.app.inject({
      method: 'PUT',
      url: api(`process/tenant/${a}`),
      headers: key,
      payload: update,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(TENANT_MESSAGES.updated);
    expect(await tenantRow(t.db, a)).toMatchObject({ firstName: 'Ibarisha', tenancyType: 'T2' });

    const beforeB = await tenantRow(t.db, b);
    const other = await t.app.inject({
      method: 'PUT',
      url: api(`process/tenant/${b}`),
      headers: key,
      payload: { ...tenantBody(epicB), firstName: 'Changed' },
    });
    expect(other.statusCode).toBe(403);
    expect(await tenantRow(t.db, b)).toEqual(beforeB);

    const idChange = await t.app.inject({
      method: 'PUT',
      url: api(`process/tenant/${a}`),
      headers: key,
      payload: { ...update, epicNo: freshIdNumber() },
    });
    expect(idChange.statusCode).toBe(400);
    expect(idChange.json().message).toBe(TENANT_MESSAGES.idChanged);
    const badType = await t.app.inject({
      method: 'PUT',
      url: api(`process/tenant/${a}`),
      headers: key,
      payload: { ...update, type: 'T9' },
    });
    expect(badType.statusCode).toBe(400);
    expect(await tenantRow(t.db, a)).toMatchObject({ tenancyType: 'T2' });
  });

  it('lets officials reach tenants by role and jurisdiction', async () => {
    const moderator = DEMO_ACCOUNTS.find((a) => a.username === 'moderator')!;
    const unattached = await registerTenant(t);
    const outside = await tenantHeldOutside(t.db, moderator.usercode);
    const inside = await tenantHeldInside(t.db, moderator.usercode);
    const read = async (username: string, id: number) =>
      (await t.app.inject({ url: api(`register/tenant/${id}`), headers: await staff(username) })).statusCode;
    // A tenant that registered itself and has no application: no area holds it yet (docs/reach.md). A tenant
    // outside reach is answered as a missing one (404).
    expect(await read('moderator', unattached)).toBe(404);
    expect(await read('moderator', inside)).toBe(200);
    expect(await read('moderator', outside)).toBe(404);
    expect(await read('verifier', inside)).toBe(200);
    expect(await read('police', inside)).toBe(403);
    expect(await read('admin', inside)).toBe(403);
    expect((await t.app.inject({ url: api(`register/tenant/${inside}`) })).statusCode).toBe(401);

    const epicNo = freshIdNumber();
    const created = await t.app.inject({
      method: 'POST',
      url: api('register/tenant'),
      headers: await staff('supermoderator'),
      payload: tenantBody(epicNo),
    });
    expect(created.statusCode, created.body).toBe(200);
    const byVerifier = await t.app.inject({
      method: 'POST',
      url: api('register/tenant'),
      headers: await staff('verifier'),
      payload: tenantBody(),
    });
    expect(byVerifier.statusCode).toBe(403);
    const exists = await t.app.inject({
      url: api(`register/tenantExists/${epicNo}`),
      headers: await staff('verifier'),
    });
    expect(exists.statusCode).toBe(200);
    // The registering official's locality reaches it; another locality does not.
    const byNumber = await t.app.inject({
      url: api(`register/tenantByIdNumber/${epicNo}`),
      headers: await staff('supermoderator'),
    });
    expect(byNumber.json().id).toBe(created.json().id);
    const elsewhere = await t.app.inject({
      url: api(`register/tenantByIdNumber/${epicNo}`),
      headers: await staff('moderator2'),
    });
    expect([elsewhere.statusCode, elsewhere.json().message]).toEqual([
      404,
      TENANT_MESSAGES.notInJurisdiction,
    ]);
    const updated = await t.app.inject({
      method: 'PUT',
      url: api(`register/tenant/${created.json().id}`),
      headers: await staff('supermoderator'),
      payload: { ...tenantBody(epicNo), occupation: 'Nurse', type: 'T4' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().message).toBe(TENANT_MESSAGES.updated);
    expect(await tenantRow(t.db, created.json().id)).toMatchObject({
      occupation: 'Nurse',
      tenancyType: 'T4',
    });
    const byVerifierUpdate = await t.app.inject({
      method: 'PUT',
      url: api(`register/tenant/${created.json().id}`),
      headers: await staff('verifier'),
      payload: tenantBody(epicNo),
    });
    expect(byVerifierUpdate.statusCode).toBe(403);
    expect(await tenantRow(t.db, created.json().id)).toMatchObject({ occupation: 'Nurse' });
  });

  it('deletes a tenant in the jurisdiction and refuses one held elsewhere', async () => {
    const id = await registerTenantAtCounter(t);
    const res = await t.app.inject({
      method: 'DELETE',
      url: api(`register/tenant/${id}`),
      headers: await staff('moderator'),
    });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(tenants).where(eq(tenants.id, id))).toEqual([]);
    const outside = await tenantHeldOutside(t.db, 'PS1701001LA01W01');
    const refused = await t.app.inject({
      method: 'DELETE',
      url: api(`register/tenant/${outside}`),
      headers: await staff('moderator'),
    });
    expect(refused.statusCode).toBe(404);
    expect(await tenantRow(t.db, outside)).toBeDefined();
  });
});
