import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isWithinJurisdiction } from '../../machines/application/jurisdiction';
import { API_BASE } from '../../src/contract/api';
import { countReplySchema } from '../../src/contract/register.contract';
import { applications, landlords, rentalUnits, tenants } from '../../src/server/db/schema';
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/demo-hierarchy';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// GET register/counttenant and register/countlandlord, checked against counts computed here from the raw rows
// with the lifecycle machine's own jurisdiction rule (not the server's SQL).

const STATEWIDE = new Set(['ADMIN', 'SUPERVISOR']);

describe.each(testDatabases())('register counts on %s', (kind) => {
  const t = useTestApp(kind);
  const tokens = new Map<string, string>();
  const tokenOf = async (username: string) => {
    if (!tokens.has(username)) tokens.set(username, (await signInStaff(t.app, username)).accessToken);
    return tokens.get(username)!;
  };
  const countOf = async (path: 'counttenant' | 'countlandlord', username: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/register/${path}`,
      headers: bearer(await tokenOf(username)),
    });
    expect(res.statusCode, res.body).toBe(200);
    return countReplySchema.parse(res.json()).count;
  };

  const expectedTenants = async (role: string, usercode: string) => {
    if (STATEWIDE.has(role)) return (await t.db.select({ id: tenants.id }).from(tenants)).length;
    const rows = await t.db
      .select({
        tenantId: applications.tenantId,
        ward: applications.wardCode,
        deletedAt: applications.deletedAt,
      })
      .from(applications);
    return new Set(
      rows.filter((r) => !r.deletedAt && isWithinJurisdiction(usercode, r.ward)).map((r) => r.tenantId),
    ).size;
  };
  const expectedLandlords = async (role: string, usercode: string) => {
    if (STATEWIDE.has(role)) return (await t.db.select({ id: landlords.id }).from(landlords)).length;
    const rows = await t.db
      .select({
        landlordId: rentalUnits.landlordId,
        ward: rentalUnits.wardCode,
        disownedAt: rentalUnits.disownedAt,
      })
      .from(rentalUnits);
    return new Set(
      rows.filter((r) => !r.disownedAt && isWithinJurisdiction(usercode, r.ward)).map((r) => r.landlordId),
    ).size;
  };

  it.each(DEMO_ACCOUNTS.map((a) => [a.username, a.role, a.usercode] as const))(
    'counts tenants and landlords in the jurisdiction of %s (%s)',
    async (username, role, usercode) => {
      const tenantsExpected = await expectedTenants(role, usercode);
      const landlordsExpected = await expectedLandlords(role, usercode);
      // The demo puts people in every jurisdiction of an account: a zero here would make the check hollow.
      expect(tenantsExpected).toBeGreaterThan(0);
      expect(landlordsExpected).toBeGreaterThan(0);
      expect(await countOf('counttenant', username)).toBe(tenantsExpected);
      expect(await countOf('countlandlord', username)).toBe(landlordsExpected);
    },
  );

  it('gives neighbouring wards different counts and the state more than any ward', async () => {
    const moderator = await countOf('counttenant', 'moderator');
    const moderator2 = await countOf('counttenant', 'moderator2');
    const admin = await countOf('counttenant', 'admin');
    const police = await countOf('counttenant', 'police');
    expect(admin).toBeGreaterThan(police);
    expect(police).toBeGreaterThanOrEqual(moderator + moderator2);
  });

  it('follows live rows: a deleted application and a disowned unit stop counting', async () => {
    const [app] = await t.db
      .select({ applid: applications.applid, tenantId: applications.tenantId })
      .from(applications)
      .where(and(eq(applications.wardCode, 'PS1701001LA02W01'), isNull(applications.deletedAt)));
    const before = await countOf('counttenant', 'moderator2');
    // Every application of that tenant goes, so exactly one tenant leaves the ward's count.
    await t.db
      .update(applications)
      .set({ deletedAt: new Date(), deletedBy: 'test', deletedReason: 'test' })
      .where(eq(applications.tenantId, app.tenantId));
    expect(await countOf('counttenant', 'moderator2')).toBe(before - 1);

    const landlordsBefore = await countOf('countlandlord', 'moderator2');
    await t.db
      .update(rentalUnits)
      .set({ disownedAt: new Date() })
      .where(eq(rentalUnits.wardCode, 'PS1701001LA02W01'));
    expect(landlordsBefore).toBeGreaterThan(0);
    expect(await countOf('countlandlord', 'moderator2')).toBe(0);
    expect(await countOf('countlandlord', 'admin')).toBe(await expectedLandlords('ADMIN', '17'));
  });

  it.each(['counttenant', 'countlandlord'])('answers 401 to %s without a session', async (path) => {
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}/register/${path}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Authentication Failed');
  });
});
