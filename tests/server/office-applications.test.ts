import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FLOW_TEXTS } from '../../machines/application/statuses';
import { CITIZEN_APPLICATION_MESSAGES as MESSAGES } from '../../src/contract/citizen-applications.contract';
import {
  OFFICE_APPLICATION_MESSAGES,
  officeGeneratedApplicationSchema,
} from '../../src/contract/office-applications.contract';
import { RENTAL_UNIT_MESSAGES } from '../../src/contract/rental-units.contract';
import { applications, otpRequests } from '../../src/server/db/schema';
import { NOT_ALLOWED_MESSAGE } from '../../src/server/security/auth-guard';
import { TOO_MANY_LOOKUPS_MESSAGE } from '../../src/server/security/lookup-limit';
import {
  ENTERED_AT_OFFICE,
  LANDLORD_NOT_OF_UNIT,
} from '../../src/server/services/office-applications.service';
import { testDatabases } from '../support/test-db';
import {
  APPLICANTS,
  APPLY,
  NOT_APPLICANTS,
  OTHER_DISTRICT_WARD,
  SAVE_OFFICE,
  SAVE_OWN,
  TENANT_LOOKUP,
  totals,
  useOfficeSuite,
  WARD,
} from './office-applications-fixtures';

// The officials' clearance applications, creation side (docs/office-applications.md): SaveApplication on both
// channels, the tenant lookup, who may call them, jurisdiction, vacancy, double submissions and bad bodies.

const USERCODES = {
  user: '1701',
  moderator: WARD,
  supermoderator: 'PS1701001LA01',
  verifier: '1701',
} as const;

describe.each(testDatabases())('officials create clearance applications on %s', (kind) => {
  const s = useOfficeSuite(kind);

  it.each(APPLICANTS.flatMap((account) => [SAVE_OWN, SAVE_OFFICE].map((path) => [account, path] as const)))(
    'lets %s create an application through %s: LARP, incomplete, logged by the official',
    async (account, path) => {
      const rentcode = await s.newUnit();
      const res = await s.call('POST', path, account, {
        rentcode,
        tenantid: s.tenantId,
        landlordid: s.landlordId,
      });
      expect(res.statusCode, res.body).toBe(200);
      const created = officeGeneratedApplicationSchema.parse(res.json());
      expect(created).toMatchObject({
        message: OFFICE_APPLICATION_MESSAGES.created,
        applstatus: 'LARP',
        complete: false,
        created: true,
        rentcode,
        tenantid: s.tenantId,
        landlordid: s.landlordId,
      });
      expect(created.familyMembers.map((m) => m.memberCode).sort()).toEqual([...s.memberCodes].sort());
      expect(await s.applicationOf(created.applid)).toMatchObject({
        status: 'LARP',
        completedAt: null,
        logby: account,
        landlordId: s.landlordId,
        officialActed: false,
        wardCode: WARD,
      });
      const flow = await s.flowOf(created.applid);
      expect(
        flow.map((f) => [f.step, f.remarks, f.aplstatus, f.actor, f.actorRole, f.actorUsercode]),
      ).toEqual([
        ['submitted', FLOW_TEXTS.submitted, 'LARP', account, account.toUpperCase(), USERCODES[account]],
      ]);
      expect(flow[0].comments).toBe(path === SAVE_OFFICE ? ENTERED_AT_OFFICE : null);
      expect((await s.unitOf(rentcode)).vacant).toBe(false);
      // A draft: the landlord is told when it is applied, not now.
      expect(await s.noticesOf(created.applid)).toEqual([]);
    },
  );

  it.each(NOT_APPLICANTS)(
    'refuses %s every office call with an audited 403, nothing written',
    async (account) => {
      const rentcode = await s.newUnit();
      const before = await totals(s.t.db);
      const replies = [
        await s.call('POST', SAVE_OWN, account, { rentcode, tenantid: s.tenantId }),
        await s.call('POST', SAVE_OFFICE, account, { rentcode, tenantid: s.tenantId }),
        await s.call('POST', APPLY, account, { applid: 1, membercode: [], helperCode: [] }),
        await s.call('GET', `${TENANT_LOOKUP}/${s.tenantIdNumber}`, account),
      ];
      for (const res of replies) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe(NOT_ALLOWED_MESSAGE);
      }
      const audit = await s.lastAudit();
      expect([audit.username, audit.remark]).toEqual([account, expect.stringMatching(/^Refused: role /)]);
      expect(await totals(s.t.db)).toEqual(before);
      expect((await s.unitOf(rentcode)).vacant).toBe(true);
    },
  );

  it('answers a unit outside the official’s jurisdiction as a missing one (audited 404), nothing written', async () => {
    const ownWard = await s.newUnit(WARD);
    const otherDistrict = await s.newUnit(OTHER_DISTRICT_WARD);
    const attempts = [
      ['moderator2', ownWard],
      ['supermoderator2', ownWard],
      ['user', otherDistrict],
      ['verifier', otherDistrict],
      ['moderator', otherDistrict],
    ] as const;
    const before = await totals(s.t.db);
    for (const [account, rentcode] of attempts) {
      for (const path of [SAVE_OWN, SAVE_OFFICE]) {
        const res = await s.call('POST', path, account, { rentcode, tenantid: s.tenantId });
        expect(res.statusCode, `${account} ${path} ${res.body}`).toBe(404);
        expect(res.json().message).toBe(RENTAL_UNIT_MESSAGES.notFound);
        const audit = await s.lastAudit();
        expect(audit.username).toBe(account);
        expect(audit.remark).toContain(RENTAL_UNIT_MESSAGES.outsideJurisdiction);
      }
    }
    expect(await totals(s.t.db)).toEqual(before);
    expect((await s.unitOf(ownWard)).vacant).toBe(true);
    expect((await s.unitOf(otherDistrict)).vacant).toBe(true);
  });

  it('refuses a unit that is not vacant with the landlord’s 409, and a missing tenant or unit with 404', async () => {
    const held = await s.newUnit();
    const first = await s.call('POST', SAVE_OWN, 'moderator', { rentcode: held, tenantid: s.tenantId });
    expect(first.statusCode, first.body).toBe(200);
    const before = await totals(s.t.db);
    // Another official, or the same one for another tenant: the unit holds a live application.
    const replies = [
      [
        await s.call('POST', SAVE_OFFICE, 'user', { rentcode: held, tenantid: s.tenantId }),
        409,
        MESSAGES.unitNotVacant,
      ],
      [
        await s.call('POST', SAVE_OWN, 'moderator', { rentcode: held, tenantid: 987_654_321 }),
        404,
        MESSAGES.tenantNotFound,
      ],
      [
        await s.call('POST', SAVE_OWN, 'moderator', { rentcode: 'RU999999999', tenantid: s.tenantId }),
        404,
        RENTAL_UNIT_MESSAGES.notFound,
      ],
    ] as const;
    for (const [res, status, message] of replies) {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
    // Occupied by the landlord's own choice (not vacant, no application): refused alike.
    const occupied = await s.newUnit();
    await s.t.db.execute(`update rental_units set vacant = false where rentcode = '${occupied}'`);
    const res = await s.call('POST', SAVE_OWN, 'moderator', { rentcode: occupied, tenantid: s.tenantId });
    expect([res.statusCode, res.json().message]).toEqual([409, MESSAGES.unitNotVacant]);
    expect(await totals(s.t.db)).toEqual(before);
  });

  it('makes exactly one application and one flow entry from a double submission on both channels', async () => {
    const rentcode = await s.newUnit();
    const before = await totals(s.t.db);
    const body = { rentcode, tenantid: s.tenantId };
    const replies = await Promise.all([
      s.call('POST', SAVE_OWN, 'user', body),
      s.call('POST', SAVE_OWN, 'user', body),
      s.call('POST', SAVE_OFFICE, 'user', body),
    ]);
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const ids = new Set(replies.map((r) => officeGeneratedApplicationSchema.parse(r.json()).applid));
    expect(ids.size).toBe(1);
    expect(replies.filter((r) => r.json().created).length).toBe(1);
    const live = await s.t.db
      .select()
      .from(applications)
      .where(and(eq(applications.rentcode, rentcode), isNull(applications.deletedAt)));
    expect(live.length).toBe(1);
    expect((await s.flowOf(live[0].applid)).length).toBe(1);
    const after = await totals(s.t.db);
    expect([after.applications - before.applications, after.flow - before.flow]).toEqual([1, 1]);
  });

  it("answers bad bodies with 400 'field: message', nothing written", async () => {
    const rentcode = await s.newUnit();
    const before = await totals(s.t.db);
    const cases = [
      [
        SAVE_OWN,
        { rentcode: 'house 1', tenantid: s.tenantId },
        'rentcode: Give a rent code, e.g. RU000000001.',
      ],
      [SAVE_OFFICE, { rentcode, tenantid: 'abc' }, `tenantid: ${MESSAGES.tenantNotFound}`],
      [SAVE_OWN, { rentcode, tenantid: s.tenantId, landlordid: s.landlordId + 1 }, LANDLORD_NOT_OF_UNIT],
      [
        APPLY,
        { applid: 'x', membercode: [], helperCode: [] },
        'applid: The application id must be a whole number.',
      ],
      [
        APPLY,
        { applid: 1, membercode: [], helperCode: [], recommendation: { kind: 'rejection' } },
        `recommendation.remarks: ${OFFICE_APPLICATION_MESSAGES.remarksRequired}`,
      ],
      [
        APPLY,
        { applid: 1, membercode: [], helperCode: [], recommendation: { kind: 'rejection', remarks: '   ' } },
        `recommendation.remarks: ${OFFICE_APPLICATION_MESSAGES.remarksRequired}`,
      ],
    ] as const;
    for (const [path, body, message] of cases) {
      const res = await s.call('POST', path, 'moderator', body);
      expect(res.statusCode, `${path} ${res.body}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await totals(s.t.db)).toEqual(before);
    expect((await s.unitOf(rentcode)).vacant).toBe(true);
  });

  it('names the tenant by its ID number for each applicant role, counted against the address’s lookup budget', async () => {
    for (const account of APPLICANTS) {
      const res = await s.call('GET', `${TENANT_LOOKUP}/${s.tenantIdNumber}`, account);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ id: s.tenantId, name: expect.any(String) });
    }
    const unknown = await s.call('GET', `${TENANT_LOOKUP}/ZZZ9999999`, 'user');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, MESSAGES.tenantNotFound]);
    const [recorded] = await s.t.db
      .select()
      .from(otpRequests)
      .where(eq(otpRequests.subjectKey, `tenant:${s.tenantId}`))
      .limit(1);
    expect(recorded.outcome).toBe('lookup');
    // The key's budget: 30 lookups per address in 10 minutes, then 429.
    const address = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push(
        (await s.call('GET', `${TENANT_LOOKUP}/${s.tenantIdNumber}`, 'user', undefined, address)).statusCode,
      );
    expect(statuses.slice(0, 30).every((code) => code === 200)).toBe(true);
    const over = await s.call('GET', `${TENANT_LOOKUP}/${s.tenantIdNumber}`, 'user', undefined, address);
    expect([over.statusCode, over.json().message]).toEqual([429, TOO_MANY_LOOKUPS_MESSAGE]);
  });
});
