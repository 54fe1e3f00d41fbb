import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { replayFlowOutcome } from '../../machines/application/lifecycle.replay';
import { FLOW_TEXTS } from '../../machines/application/statuses';
import { API_BASE } from '../../src/contract/api';
import {
  appliedApplicationSchema,
  CITIZEN_APPLICATION_MESSAGES as MESSAGES,
  generatedApplicationSchema,
  landlordGeneratedApplicationSchema,
  tenantConsentGivenSchema,
  withdrawnApplicationSchema,
} from '../../src/contract/citizen-applications.contract';
import { LANDLORD_MESSAGES } from '../../src/contract/landlords.contract';
import { RENTAL_UNIT_MESSAGES } from '../../src/contract/rental-units.contract';
import type { Db } from '../../src/server/db/client';
import {
  applicationFlow,
  applicationMembers,
  applications,
  domesticHelpers,
  familyMembers,
  logRecords,
  outboxMessages,
  rentalUnits,
  tenants,
} from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { CONSENT_SUBJECT_PART, confirmTenantConsent } from '../support/tenant-consent';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { MOD2_WARD, MOD_WARD, unitBody } from './landlords-fixtures';

// The landlord's own clearance calls with its key (docs/citizen-applications-api.md): generate, apply
// (DomesticHelperAndFamily), withdraw (updateApplication), the one-live-application rule and double submissions.

const GENERATE = 'process/anonymous/generateApplication';

/** Vacant units (no live application) of landlords with at least two of them, grouped by landlord. */
async function vacantUnitsByLandlord(db: Db): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ landlordId: rentalUnits.landlordId, rentcode: rentalUnits.rentcode })
    .from(rentalUnits)
    .where(
      and(
        eq(rentalUnits.vacant, true),
        isNull(rentalUnits.disownedAt),
        sql`not exists (select 1 from applications a where a.rentcode = ${rentalUnits.rentcode}
          and a.deleted_at is null and a.status in ('LARP', 'LAVP', 'PLVP', 'RECT'))`,
      ),
    )
    .orderBy(rentalUnits.landlordId, rentalUnits.rentcode);
  const byLandlord = new Map<number, string[]>();
  for (const r of rows) byLandlord.set(r.landlordId, [...(byLandlord.get(r.landlordId) ?? []), r.rentcode]);
  return byLandlord;
}

async function totals(db: Db) {
  const [[a], [f], [m]] = await Promise.all([
    db.select({ n: count() }).from(applications),
    db.select({ n: count() }).from(applicationFlow),
    db.select({ n: count() }).from(applicationMembers),
  ]);
  return { applications: a.n, flow: f.n, members: m.n };
}

describe.each(testDatabases())('a landlord’s own clearance applications on %s', (kind) => {
  const t = useTestApp(kind);
  const call = (method: 'POST' | 'PUT', path: string, key: string, payload?: unknown) =>
    t.app.inject({ method, url: `${API_BASE}/${path}`, headers: withKey(key), payload: payload as object });

  let landlordA: number;
  let landlordB: number;
  let unitsA: string[];
  let unitB: string;
  let keyA: string;
  let keyB: string;
  /** A tenant with active family members and helpers. */
  let tenantId: number;
  let otherTenantId: number;
  let memberCodes: number[];
  let helperCodes: number[];

  beforeAll(async () => {
    const vacant = [...(await vacantUnitsByLandlord(t.db))].sort((x, y) => y[1].length - x[1].length);
    expect(vacant.length).toBeGreaterThan(1);
    [[landlordA, unitsA], [landlordB, [unitB]]] = vacant;
    unitsA = [...unitsA];
    keyA = await citizenKeyFor(t, { kind: 'landlord', landlordId: landlordA });
    keyB = await citizenKeyFor(t, { kind: 'landlord', landlordId: landlordB });
    const [withPeople] = await t.db
      .select({ id: tenants.id })
      .from(tenants)
      .where(
        sql`exists (select 1 from family_members f where f.tenant_id = ${tenants.id} and f.left_on is null)
          and exists (select 1 from domestic_helpers h where h.tenant_id = ${tenants.id} and h.left_on is null)`,
      )
      .limit(1);
    tenantId = withPeople.id;
    const [other] = await t.db
      .select({ id: tenants.id })
      .from(tenants)
      .where(sql`${tenants.id} <> ${tenantId}`)
      .limit(1);
    otherTenantId = other.id;
    memberCodes = (
      await t.db
        .select({ code: familyMembers.memberCode })
        .from(familyMembers)
        .where(and(eq(familyMembers.tenantId, tenantId), isNull(familyMembers.leftOn)))
    ).map((r) => r.code);
    helperCodes = (
      await t.db
        .select({ code: domesticHelpers.memberCode })
        .from(domesticHelpers)
        .where(and(eq(domesticHelpers.tenantId, tenantId), isNull(domesticHelpers.leftOn)))
    ).map((r) => r.code);
    // Two more vacant units of A's own, added as its Rental Units tab adds them.
    for (const ward of [MOD_WARD, MOD2_WARD]) {
      const res = await call('POST', 'process/rentalUnit', keyA, unitBody(ward));
      expect(res.statusCode, res.body).toBe(200);
      unitsA.push(res.json().rentcode as string);
    }
    expect(unitsA.length).toBeGreaterThanOrEqual(2);
  });

  const applicationOf = async (applid: number) =>
    (await t.db.select().from(applications).where(eq(applications.applid, applid)))[0];
  const flowOf = (applid: number) =>
    t.db.select().from(applicationFlow).where(eq(applicationFlow.applid, applid)).orderBy(applicationFlow.id);
  const unitOf = async (rentcode: string) =>
    (await t.db.select().from(rentalUnits).where(eq(rentalUnits.rentcode, rentcode)))[0];

  it('generates, applies and withdraws an application through the lifecycle, freeing the unit again', async () => {
    const rentcode = unitsA[0];
    const res = await call('POST', GENERATE, keyA, { rentcode, tenantid: tenantId, landlordid: landlordA });
    expect(res.statusCode, res.body).toBe(200);
    const generated = landlordGeneratedApplicationSchema.parse(res.json());
    expect(generated).toMatchObject({
      applstatus: 'LARP',
      complete: false,
      created: true,
      rentcode,
      tenantid: tenantId,
      landlordid: landlordA,
      message: MESSAGES.generatedAwaitingConsent,
      tenantConsent: 'pending',
      familyMembers: [],
      helpers: [],
    });
    // Apply waits for the tenant's consent; the consent reply carries the tenant's people.
    const early = await call('POST', 'process/application/DomesticHelperAndFamily', keyA, {
      applid: generated.applid,
      membercode: [],
      helperCode: [],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MESSAGES.consentMissing);
    const consent = tenantConsentGivenSchema.parse(
      (await confirmTenantConsent(t, keyA, generated.applid)).json(),
    );
    expect(consent.familyMembers.map((m) => m.memberCode).sort()).toEqual([...memberCodes].sort());
    expect(consent.helpers.map((h) => h.memberCode).sort()).toEqual([...helperCodes].sort());
    const stored = await applicationOf(generated.applid);
    expect(stored).toMatchObject({
      status: 'LARP',
      completedAt: null,
      logby: `landlord:${landlordA}`,
      officialActed: false,
      version: 0,
      deletedAt: null,
    });
    const flow = await flowOf(generated.applid);
    expect(flow.map((f) => [f.step, f.remarks, f.aplstatus, f.actor])).toEqual([
      ['submitted', FLOW_TEXTS.submitted, 'LARP', `landlord:${landlordA}`],
    ]);
    expect((await unitOf(rentcode)).vacant).toBe(false);

    // Apply: a code that is not the tenant's is refused first, nothing written.
    const stray = await call('POST', 'process/application/DomesticHelperAndFamily', keyA, {
      applid: generated.applid,
      membercode: [...memberCodes, 987_654_321],
      helperCode: helperCodes,
    });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().message).toBe(`membercode: 987654321 ${MESSAGES.memberNotOfTenant}`);
    expect((await applicationOf(generated.applid)).completedAt).toBeNull();

    const applied = await call('POST', 'process/application/DomesticHelperAndFamily', keyA, {
      applid: generated.applid,
      membercode: memberCodes,
      helperCode: helperCodes,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(appliedApplicationSchema.parse(applied.json()).message).toBe(MESSAGES.applied);
    expect((await applicationOf(generated.applid)).completedAt).not.toBeNull();
    const members = await t.db
      .select()
      .from(applicationMembers)
      .where(eq(applicationMembers.applid, generated.applid));
    expect(members.filter((m) => m.familyMemberCode !== null).length).toBe(memberCodes.length);
    expect(members.filter((m) => m.helperCode !== null).length).toBe(helperCodes.length);
    const again = await call('POST', 'process/application/DomesticHelperAndFamily', keyA, {
      applid: generated.applid,
      membercode: [],
      helperCode: [],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.alreadyApplied);

    // Withdraw: soft delete through the machine, one more flow entry, the unit vacant again.
    const withdrawn = await call(
      'PUT',
      `process/anonymous/updateApplication/${generated.applid}/${landlordA}`,
      keyA,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawnApplicationSchema.parse(withdrawn.json())).toMatchObject({
      applid: generated.applid,
      applstatus: 'LARP',
      deleted: true,
    });
    const after = await applicationOf(generated.applid);
    expect(after.deletedAt).not.toBeNull();
    expect(after.deletedBy).toBe(`landlord:${landlordA}`);
    expect((await flowOf(generated.applid)).map((f) => f.step)).toEqual(['submitted', 'deleted']);
    // The flow log is the truth: replayed through the machine it ends withdrawn, at the status kept.
    const replayed = replayFlowOutcome(
      (await flowOf(generated.applid)).map((f) => ({ id: f.id, aplstatus: f.aplstatus, remarks: f.remarks })),
      { wardCode: after.wardCode, logby: after.logby, landlordId: String(landlordA) },
    );
    expect([replayed.status, replayed.closed]).toEqual([after.status, 'deleted']);
    expect((await unitOf(rentcode)).vacant).toBe(true);

    // The freed unit may be applied for again.
    const next = await call('POST', GENERATE, keyA, { rentcode, tenantid: otherTenantId });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().applid).not.toBe(generated.applid);
  });

  it('refuses a unit that is not vacant (a live application of another tenant) with 409, nothing written', async () => {
    const rentcode = unitsA[0]; // holds the other tenant's application from the test above
    const before = await totals(t.db);
    const res = await call('POST', 'process/SaveApplication', keyA, { rentcode, tenantid: tenantId });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.unitNotVacant);
    expect(await totals(t.db)).toEqual(before);
  });

  it('answers a tenant that does not exist with 404 "Tenant does not exist!", nothing written', async () => {
    const before = await totals(t.db);
    const res = await call('POST', GENERATE, keyA, { rentcode: unitsA[1], tenantid: 987_654_321 });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.tenantNotFound);
    expect(await totals(t.db)).toEqual(before);
    expect((await unitOf(unitsA[1])).vacant).toBe(true);
  });

  it('makes exactly one application and one flow entry from a double submission sent at once', async () => {
    const rentcode = unitsA[1];
    const before = await totals(t.db);
    const body = { rentcode, tenantid: tenantId };
    const replies = await Promise.all([
      call('POST', GENERATE, keyA, body),
      call('POST', GENERATE, keyA, body),
      call('POST', 'process/SaveApplication', keyA, body),
    ]);
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const ids = new Set(replies.map((r) => generatedApplicationSchema.parse(r.json()).applid));
    expect(ids.size).toBe(1);
    expect(replies.filter((r) => r.json().created).length).toBe(1);
    const live = await t.db
      .select()
      .from(applications)
      .where(and(eq(applications.rentcode, rentcode), isNull(applications.deletedAt)));
    expect(live.length).toBe(1);
    expect((await flowOf(live[0].applid)).length).toBe(1);
    const after = await totals(t.db);
    expect(after.applications - before.applications).toBe(1);
    expect(after.flow - before.flow).toBe(1);

    // Applied, the same tenant's application still holds the unit: a later submission is refused, not answered again.
    const [applid] = ids;
    await confirmTenantConsent(t, keyA, applid);
    const applied = await call('POST', 'process/application/DomesticHelperAndFamily', keyA, {
      applid,
      membercode: [],
      helperCode: [],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const late = await call('POST', GENERATE, keyA, body);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(MESSAGES.unitNotVacant);
    expect((await totals(t.db)).applications).toBe(after.applications);
  });

  it('applies exactly once from two Applies sent at once: one 200, one 409, the members and the notice once', async () => {
    const rentcode = unitsA[unitsA.length - 1];
    const generated = await call('POST', GENERATE, keyA, { rentcode, tenantid: tenantId });
    expect(generated.statusCode, generated.body).toBe(200);
    const { applid } = generatedApplicationSchema.parse(generated.json());
    await confirmTenantConsent(t, keyA, applid);
    const body = { applid, membercode: memberCodes, helperCode: helperCodes };
    const replies = await Promise.all([
      call('POST', 'process/application/DomesticHelperAndFamily', keyA, body),
      call('POST', 'process/application/DomesticHelperAndFamily', keyA, body),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)?.json().message).toBe(MESSAGES.alreadyApplied);
    const [members] = await t.db
      .select({ n: count() })
      .from(applicationMembers)
      .where(eq(applicationMembers.applid, applid));
    expect(members.n).toBe(memberCodes.length + helperCodes.length);
    const notices = await t.db
      .select()
      .from(outboxMessages)
      .where(
        sql`${outboxMessages.body} like ${`%${applid}%`} and ${outboxMessages.subject} not like ${`%${CONSENT_SUBJECT_PART}`}`,
      );
    expect(notices.length).toBe(1);
    expect((await applicationOf(applid)).completedAt).not.toBeNull();
  });

  it("refuses landlord A's key on B's unit and B's application with 403, audited, nothing changed", async () => {
    const made = await call('POST', GENERATE, keyB, { rentcode: unitB, tenantid: tenantId });
    expect(made.statusCode, made.body).toBe(200);
    const bApplid: number = made.json().applid;
    const bBefore = await applicationOf(bApplid);
    const before = await totals(t.db);

    const attempts = [
      [
        () => call('POST', GENERATE, keyA, { rentcode: unitB, tenantid: otherTenantId }),
        RENTAL_UNIT_MESSAGES.notYours,
      ],
      [
        () =>
          call('POST', GENERATE, keyA, {
            rentcode: unitsA[1],
            tenantid: otherTenantId,
            landlordid: landlordB,
          }),
        LANDLORD_MESSAGES.notYours,
      ],
      [
        () =>
          call('POST', 'process/application/DomesticHelperAndFamily', keyA, {
            applid: bApplid,
            membercode: memberCodes,
            helperCode: [],
          }),
        MESSAGES.notYourApplication,
      ],
      [
        () => call('PUT', `process/anonymous/updateApplication/${bApplid}/${landlordB}`, keyA),
        LANDLORD_MESSAGES.notYours,
      ],
      [
        () => call('PUT', `process/anonymous/updateApplication/${bApplid}/${landlordA}`, keyA),
        MESSAGES.notYourApplication,
      ],
      [
        () => call('PUT', `process/anonymous/updateApplication/987654321/${landlordA}`, keyA),
        MESSAGES.notYourApplication,
      ],
    ] as const;
    for (const [send, message] of attempts) {
      const res = await send();
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(message);
      const [last] = await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1);
      expect(last.remark).toContain(message);
      expect(last.username).toBe(`landlord:${landlordA}`);
    }
    expect(await totals(t.db)).toEqual(before);
    expect(await applicationOf(bApplid)).toEqual(bBefore);
    expect((await unitOf(unitB)).vacant).toBe(false);
  });

  it('refuses a withdrawal after an official acted (409, the message + ". Application already forwarded."), nothing changed', async () => {
    const [acted] = await t.db
      .select()
      .from(applications)
      .where(
        and(
          sql`${applications.logby} like 'landlord:%'`,
          eq(applications.officialActed, true),
          isNull(applications.deletedAt),
          inArray(applications.status, ['LARP', 'LAVP', 'RECT']),
        ),
      )
      .limit(1);
    expect(acted).toBeDefined();
    const key = await citizenKeyFor(t, { kind: 'landlord', landlordId: acted.landlordId });
    const flowBefore = await flowOf(acted.applid);
    const res = await call(
      'PUT',
      `process/anonymous/updateApplication/${acted.applid}/${acted.landlordId}`,
      key,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/[^.]\. Application already forwarded\.$/);
    expect(await applicationOf(acted.applid)).toEqual(acted);
    expect(await flowOf(acted.applid)).toEqual(flowBefore);
  });

  it('refuses the landlord’s Delete of an application an official made for its unit (403, audited), nothing changed', async () => {
    const [open] = await t.db
      .select()
      .from(applications)
      .where(
        and(
          sql`${applications.logby} like 'landlord:%'`,
          eq(applications.officialActed, false),
          isNull(applications.deletedAt),
          eq(applications.status, 'LARP'),
        ),
      )
      .limit(1);
    expect(open).toBeDefined();
    // The same application as an official's office application (logby: the official's username).
    await t.db.update(applications).set({ logby: 'moderator' }).where(eq(applications.applid, open.applid));
    const made = await applicationOf(open.applid);
    const key = await citizenKeyFor(t, { kind: 'landlord', landlordId: open.landlordId });
    const flowBefore = await flowOf(open.applid);
    const res = await call(
      'PUT',
      `process/anonymous/updateApplication/${open.applid}/${open.landlordId}`,
      key,
    );
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(MESSAGES.madeByAnotherUser);
    expect(await applicationOf(open.applid)).toEqual(made);
    expect(await flowOf(open.applid)).toEqual(flowBefore);
  });

  it("answers bad input with 400 'field: message'", async () => {
    const before = await totals(t.db);
    const cases: [Promise<{ statusCode: number; json(): { message: string } }>, string][] = [
      [
        call('POST', GENERATE, keyA, { rentcode: 'house 1', tenantid: tenantId }),
        'rentcode: Give a rent code, e.g. RU000000001.',
      ],
      [
        call('POST', GENERATE, keyA, { rentcode: unitsA[1], tenantid: 'abc' }),
        `tenantid: ${MESSAGES.tenantNotFound}`,
      ],
      [
        call('POST', 'process/application/DomesticHelperAndFamily', keyA, {
          applid: 1,
          membercode: ['x'],
          helperCode: [],
        }),
        'membercode.0: Give a whole number id.',
      ],
      [
        call('PUT', `process/anonymous/updateApplication/abc/${landlordA}`, keyA),
        'applid: The application id must be a whole number.',
      ],
    ];
    for (const [pending, message] of cases) {
      const res = await pending;
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await totals(t.db)).toEqual(before);
  });

  it('refuses a call without a key (401) and a tenant’s key (403)', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/${GENERATE}`,
      payload: { rentcode: unitsA[1], tenantid: tenantId },
    });
    expect(none.statusCode).toBe(401);
    const tenantKey = await citizenKeyFor(t, { kind: 'tenant', tenantId });
    expect(
      (await call('POST', GENERATE, tenantKey, { rentcode: unitsA[1], tenantid: tenantId })).statusCode,
    ).toBe(403);
  });
});
