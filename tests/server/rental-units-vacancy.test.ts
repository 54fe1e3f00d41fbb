import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FLOW_TEXTS } from '../../machines/application';
import { API_BASE } from '../../src/contract/api';
import { RENTAL_UNIT_MESSAGES, vacancyReplySchema } from '../../src/contract/rental-units.contract';
import { applicationFlow, applications, rentalUnits } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { MOD_WARD } from './landlords-fixtures';

// "Update Status" of a rental unit: marking it vacant closes the application that holds it through the lifecycle
// (tenant.vacate: cancelled before a decision, shifted tenant after approval), with its flow entry, in one write.

describe.each(testDatabases())('vacancy update on %s', (kind) => {
  const t = useTestApp(kind);
  const staff = async (username: string) => bearer((await signInStaff(t.app, username)).accessToken);
  const vacate = (area: string, landlordId: number, rentcode: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `${API_BASE}/${area}/rentalUnit/changestatus/${landlordId}/${rentcode}`,
      headers,
    });
  const holding = async (status: string, ward?: string) => {
    const rows = await t.db
      .select()
      .from(applications)
      .where(and(eq(applications.status, status as 'LARP'), isNull(applications.deletedAt)))
      .orderBy(asc(applications.applid));
    const found = rows.find((a) => !ward || a.wardCode === ward);
    if (!found) throw new Error(`no live ${status} application${ward ? ` in ${ward}` : ''}`);
    return found;
  };
  const lastFlow = async (applid: number) =>
    (
      await t.db
        .select()
        .from(applicationFlow)
        .where(eq(applicationFlow.applid, applid))
        .orderBy(desc(applicationFlow.id))
        .limit(1)
    )[0];
  const unit = async (rentcode: string) =>
    (await t.db.select().from(rentalUnits).where(eq(rentalUnits.rentcode, rentcode)))[0];

  it('lets the landlord vacate its unit: the pending application is cancelled through the lifecycle', async () => {
    const app = await holding('LARP');
    const key = await citizenKeyFor(t, { kind: 'landlord', landlordId: app.landlordId });
    expect((await unit(app.rentcode)).vacant).toBe(false);
    const res = await vacate('process', app.landlordId, app.rentcode, withKey(key));
    expect(res.statusCode, res.body).toBe(200);
    const reply = vacancyReplySchema.parse(res.json());
    expect(reply.message).toBe(RENTAL_UNIT_MESSAGES.vacancyUpdated);
    expect(reply.closedApplications).toEqual([{ applid: app.applid, status: 'LARP' }]);

    const [after] = await t.db.select().from(applications).where(eq(applications.applid, app.applid));
    expect(after.deletedAt).not.toBeNull();
    expect(after.deletedReason).toBe(FLOW_TEXTS.cancelled);
    expect(after.version).toBe(app.version + 1);
    const flow = await lastFlow(app.applid);
    expect(flow).toMatchObject({
      step: 'cancelled',
      action: 'tenant.vacate',
      actor: `landlord:${app.landlordId}`,
      actorRole: null,
    });
    expect((await unit(app.rentcode)).vacant).toBe(true);

    const again = await vacate('process', app.landlordId, app.rentcode, withKey(key));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RENTAL_UNIT_MESSAGES.alreadyVacant);
  });

  it('lets the ward officer vacate an approved tenant’s unit: the application becomes a shifted tenant', async () => {
    const app = await holding('PLVP', MOD_WARD);
    const res = await vacate('register', app.landlordId, app.rentcode, await staff('moderator'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().closedApplications).toEqual([{ applid: app.applid, status: 'APARV' }]);
    const [after] = await t.db.select().from(applications).where(eq(applications.applid, app.applid));
    expect(after.status).toBe('APARV');
    expect(after.leftLocalityOn).not.toBeNull();
    expect(await lastFlow(app.applid)).toMatchObject({
      step: 'tenantShifted',
      aplstatus: 'APARV',
      actor: 'moderator',
      actorRole: 'MODERATOR',
    });
    expect((await unit(app.rentcode)).vacant).toBe(true);
  });

  it('refuses officials outside the ward, other roles, another landlord’s key, a tenant key and no key', async () => {
    const held = await t.db
      .select()
      .from(applications)
      .where(
        and(
          eq(applications.wardCode, MOD_WARD),
          isNull(applications.deletedAt),
          inArray(applications.status, ['LARP', 'LAVP', 'PLVP', 'RECT']),
        ),
      );
    expect(held.length).toBeGreaterThan(0);
    const app = held[0];
    const otherLandlord = app.landlordId === 1 ? 2 : 1;
    const refusals: [string, number, Record<string, string>, number][] = [
      // Outside the ward: the 404 of a missing unit (docs/reach.md).
      ['register', app.landlordId, await staff('moderator2'), 404],
      ['register', app.landlordId, await staff('verifier'), 403],
      ['register', app.landlordId, await staff('admin'), 403],
      [
        'process',
        app.landlordId,
        withKey(await citizenKeyFor(t, { kind: 'landlord', landlordId: otherLandlord })),
        403,
      ],
      [
        'process',
        otherLandlord,
        withKey(await citizenKeyFor(t, { kind: 'landlord', landlordId: otherLandlord })),
        403,
      ],
      [
        'process',
        app.landlordId,
        withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId: app.tenantId })),
        403,
      ],
      ['process', app.landlordId, {}, 401],
      ['register', app.landlordId, {}, 401],
    ];
    for (const [area, landlordId, headers, status] of refusals) {
      expect((await vacate(area, landlordId, app.rentcode, headers)).statusCode, `${area} ${status}`).toBe(
        status,
      );
    }
    const [after] = await t.db.select().from(applications).where(eq(applications.applid, app.applid));
    expect(after).toEqual(app);
    expect((await unit(app.rentcode)).vacant).toBe(false);
  });

  it('lets the locality officer vacate a unit whose application is pending at the locality', async () => {
    const app = await holding('LAVP', MOD_WARD);
    const res = await vacate('register', app.landlordId, app.rentcode, await staff('supermoderator'));
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.db.select().from(applications).where(eq(applications.applid, app.applid));
    expect(after.deletedReason).toBe(FLOW_TEXTS.cancelled);
    expect(after.status).toBe('LAVP');
    expect((await lastFlow(app.applid)).actor).toBe('supermoderator');
  });
  it('closes a held unit once when the landlord and the ward officer update its vacancy at the same moment', async () => {
    const app = await holding('LARP', MOD_WARD);
    const key = await citizenKeyFor(t, { kind: 'landlord', landlordId: app.landlordId });
    const flowBefore = await t.db
      .select()
      .from(applicationFlow)
      .where(eq(applicationFlow.applid, app.applid));
    const replies = await Promise.all([
      vacate('process', app.landlordId, app.rentcode, withKey(key)),
      vacate('register', app.landlordId, app.rentcode, await staff('moderator')),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const flowAfter = await t.db.select().from(applicationFlow).where(eq(applicationFlow.applid, app.applid));
    expect(flowAfter.length).toBe(flowBefore.length + 1);
    const [after] = await t.db.select().from(applications).where(eq(applications.applid, app.applid));
    expect(after.version).toBe(app.version + 1);
    expect((await unit(app.rentcode)).vacant).toBe(true);
  });
});
