import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ClearanceTenant } from '../../src/contract/citizen-applications.contract';
import { TENANT_MESSAGES } from '../../src/contract/tenants.contract';
import { tenants } from '../../src/server/db/schema';
import { readOutbox, requestOtpCall } from '../support/otp';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import {
  api,
  freshIdNumber,
  registerTenant,
  staffTokens,
  tenantBody,
  tenantCount,
} from './tenants-test-helpers';

// A tenant's ID number is one person's, whatever dashes, slashes, spaces or case it is typed with: a
// near-duplicate (`VT-760174377`, `VT760174377/` for `VT760174377`) is refused as the same ID by the registration
// (anonymous and at the counter) and by the database's unique index, and the OTP and clearance lookups find the
// person by it.

/** The same ID with a dash after the letters and a trailing slash: the pen-tester's two variants. */
const variantsOf = (id: string) => [`${id.slice(0, 3)}-${id.slice(3)}`, `${id}/`, `${id.toLowerCase()}-`];

describe.each(testDatabases())('tenant ID numbers compared normalized on %s', (kind) => {
  const t = useTestApp(kind);
  const staff = staffTokens(t);

  it('refuses a near-duplicate on the anonymous and the counter registration with the duplicate message', async () => {
    const id = freshIdNumber();
    await registerTenant(t, id);
    const before = await tenantCount(t.db);
    for (const variant of variantsOf(id)) {
      const anonymous = await t.app.inject({
        method: 'POST',
        url: api('process/tenant'),
        payload: { ...tenantBody(variant), mobile: '9863099999', email: 'attacker@example.org' },
        remoteAddress: '10.77.0.1',
      });
      expect(anonymous.statusCode, `${variant}: ${anonymous.body}`).toBe(409);
      expect(anonymous.json().message).toBe(TENANT_MESSAGES.alreadyExists);
      const counter = await t.app.inject({
        method: 'POST',
        url: api('register/tenant'),
        headers: await staff('moderator'),
        payload: tenantBody(variant),
      });
      expect(counter.statusCode, `${variant}: ${counter.body}`).toBe(409);
      expect(counter.json().message).toBe(TENANT_MESSAGES.alreadyExists);
    }
    expect(await tenantCount(t.db)).toBe(before);
  });

  it('has the database refuse a near-duplicate written past the service', async () => {
    const id = freshIdNumber();
    const tenantId = await registerTenant(t, id);
    const [row] = await t.db.select().from(tenants).where(eq(tenants.id, tenantId));
    const { id: _id, searchName: _name, createdAt: _c, updatedAt: _u, ...copy } = row;
    await expect(t.db.insert(tenants).values({ ...copy, epicNo: `${id}/` })).rejects.toThrow();
  });

  it('finds the tenant by a variant of the ID for the OTP and the clearance lookup', async () => {
    const id = freshIdNumber();
    const email = `${id.toLowerCase()}@example.org`;
    const res = await t.app.inject({
      method: 'POST',
      url: api('process/tenant'),
      payload: { ...tenantBody(id), email },
      remoteAddress: '10.77.0.2',
    });
    expect(res.statusCode, res.body).toBe(200);
    const tenantId = res.json<{ id: number }>().id;

    const otp = await requestOtpCall(t.app, { subject: 'tenant', id: `${id.slice(0, 3)}-${id.slice(3)}` });
    expect(otp.statusCode, otp.body).toBe(200);
    expect(await readOutbox(t.app, email)).toHaveLength(1);

    const clearance = await t.app.inject({
      method: 'GET',
      url: api(`process/user/clearanceTenant/${encodeURIComponent(`${id}/`)}`),
      headers: await staff('moderator'),
    });
    expect(clearance.statusCode, clearance.body).toBe(200);
    expect(clearance.json<ClearanceTenant>().id).toBe(tenantId);
  });
});
