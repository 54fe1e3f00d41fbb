import { describe, expect, it } from 'vitest';
import { replayFlowOutcome } from '../../machines/application/lifecycle.replay';
import { REASON_MESSAGES } from '../../machines/application/rejection-reasons';
import { FLOW_TEXTS } from '../../machines/application/statuses';
import { CITIZEN_APPLICATION_MESSAGES as MESSAGES } from '../../src/contract/citizen-applications.contract';
import {
  MAY_BE_ACCEPTED,
  OFFICE_APPLICATION_MESSAGES,
  officeAppliedApplicationSchema,
} from '../../src/contract/office-applications.contract';
import { testDatabases } from '../support/test-db';
import { APPLY, totals, useOfficeSuite, type Account } from './office-applications-fixtures';

// The officials' Apply (docs/office-applications.md): only the official who logged the application applies it;
// a recommendation (the ward's MODERATOR only, as the lifecycle machine says) forwards it to the locality in the
// same transaction, with two flow entries that replay through the machine, and the landlord's notice.

const PENDING_AT_WARD = 'Application is pending at Sub-Locality/Wards.';
const PENDING_AT_LOCALITY = 'Application is pending at Local Authority.';

describe.each(testDatabases())('officials apply clearance applications on %s', (kind) => {
  const s = useOfficeSuite(kind);
  const apply = (account: Account, applid: number, extra: object = {}) =>
    s.call('POST', APPLY, account, {
      applid,
      membercode: s.memberCodes,
      helperCode: s.helperCodes,
      ...extra,
    });

  /** The flow replayed through the lifecycle machine ends where the application is stored. */
  const expectReplayMatches = async (applid: number) => {
    const stored = await s.applicationOf(applid);
    const flow = await s.flowOf(applid);
    const replayed = replayFlowOutcome(
      flow.map((f) => ({ id: f.id, aplstatus: f.aplstatus, remarks: f.remarks })),
      { wardCode: stored.wardCode, logby: stored.logby, landlordId: String(stored.landlordId) },
    );
    expect(replayed.status).toBe(stored.status);
  };

  it.each(['user', 'moderator', 'supermoderator', 'verifier'] as const)(
    'lets %s apply its application without a recommendation: complete, LARP at the ward, the landlord told',
    async (account) => {
      const applid = await s.create(account);
      const res = await apply(account, applid);
      expect(res.statusCode, res.body).toBe(200);
      expect(officeAppliedApplicationSchema.parse(res.json())).toEqual({
        message: OFFICE_APPLICATION_MESSAGES.applied,
        applid,
        complete: true,
        membercode: s.memberCodes,
        helperCode: s.helperCodes,
        applstatus: 'LARP',
        remarks: '(Submitted)',
      });
      const stored = await s.applicationOf(applid);
      expect([stored.status, stored.completedAt !== null, stored.officialActed]).toEqual([
        'LARP',
        true,
        false,
      ]);
      expect((await s.membersOf(applid)).length).toBe(s.memberCodes.length + s.helperCodes.length);
      expect((await s.flowOf(applid)).map((f) => f.step)).toEqual(['submitted']);
      const notices = await s.noticesOf(applid);
      expect(notices.map((n) => n.body)).toEqual([expect.stringContaining(PENDING_AT_WARD)]);
    },
  );

  it('refuses an Apply by another official than the one who logged it: audited 403, nothing applied', async () => {
    const applid = await s.create('user');
    const before = await totals(s.t.db);
    for (const account of ['verifier', 'moderator', 'supermoderator'] as const) {
      const res = await apply(account, applid);
      expect([res.statusCode, res.json().message]).toEqual([403, MESSAGES.notYourApplication]);
      const audit = await s.lastAudit();
      expect([audit.username, audit.remark]).toEqual([
        account,
        expect.stringContaining(MESSAGES.notYourApplication),
      ]);
    }
    expect(await totals(s.t.db)).toEqual(before);
    expect((await s.applicationOf(applid)).completedAt).toBeNull();
  });

  it.each(['user', 'supermoderator', 'verifier'] as const)(
    'refuses a recommendation from %s (not the ward’s MODERATOR): audited 403, nothing applied',
    async (account) => {
      const applid = await s.create(account);
      const before = await totals(s.t.db);
      for (const recommendation of [
        { kind: 'approval' },
        { kind: 'rejection', remarks: 'Documents unclear' },
      ]) {
        const res = await apply(account, applid, { recommendation });
        expect([res.statusCode, res.json().message]).toEqual([
          403,
          OFFICE_APPLICATION_MESSAGES.onlyWardModeratorRecommends,
        ]);
        const audit = await s.lastAudit();
        expect(audit.username).toBe(account);
        expect(audit.remark).toContain(OFFICE_APPLICATION_MESSAGES.onlyWardModeratorRecommends);
      }
      expect(await totals(s.t.db)).toEqual(before);
      const stored = await s.applicationOf(applid);
      expect([stored.status, stored.completedAt, stored.version]).toEqual(['LARP', null, 0]);
      expect(await s.noticesOf(applid)).toEqual([]);
      // Without the recommendation the same official applies it.
      expect((await apply(account, applid)).statusCode).toBe(200);
    },
  );

  it('applies and recommends approval in one step from the ward’s MODERATOR: LAVP, two flow entries, the notice', async () => {
    const applid = await s.create('moderator');
    const res = await apply('moderator', applid, { recommendation: { kind: 'approval' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(officeAppliedApplicationSchema.parse(res.json())).toMatchObject({
      message: OFFICE_APPLICATION_MESSAGES.appliedAndForwarded,
      applid,
      complete: true,
      applstatus: 'LAVP',
      remarks: MAY_BE_ACCEPTED,
    });
    const stored = await s.applicationOf(applid);
    expect(stored).toMatchObject({
      status: 'LAVP',
      remarks: MAY_BE_ACCEPTED,
      officialActed: true,
      version: 1,
    });
    expect(stored.completedAt).not.toBeNull();
    const flow = await s.flowOf(applid);
    expect(flow.map((f) => [f.step, f.remarks, f.aplstatus, f.actor, f.actorRole])).toEqual([
      ['submitted', FLOW_TEXTS.submitted, 'LARP', 'moderator', 'MODERATOR'],
      ['recommendedApproval', FLOW_TEXTS.recommendedApproval, 'LAVP', 'moderator', 'MODERATOR'],
    ]);
    await expectReplayMatches(applid);
    // One message to the landlord, for the step: pending at the locality (no separate 'submitted' one).
    const notices = await s.noticesOf(applid);
    expect(notices.map((n) => n.body)).toEqual([expect.stringContaining(PENDING_AT_LOCALITY)]);
  });

  it('applies and recommends rejection with the remarks: LAVP, the remark and comments, replayable', async () => {
    const applid = await s.create('moderator');
    const remarks = 'Tenant could not show the original ID card.';
    const res = await apply('moderator', applid, {
      recommendation: { kind: 'rejection', remarks: ` ${remarks} ` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const expectedRemark = `(Recommended for rejection: ${remarks})`;
    expect(res.json()).toMatchObject({ applstatus: 'LAVP', remarks: expectedRemark });
    expect(await s.applicationOf(applid)).toMatchObject({ status: 'LAVP', remarks: expectedRemark });
    const flow = await s.flowOf(applid);
    expect(flow.map((f) => [f.step, f.aplstatus, f.applRemarks, f.comments])).toEqual([
      ['submitted', 'LARP', '(Submitted)', null],
      ['recommendedRejection', 'LAVP', expectedRemark, remarks],
    ]);
    expect(flow[1].payload).toEqual({ reason: 'Others', otherReason: remarks, remarks });
    await expectReplayMatches(applid);
    expect((await s.noticesOf(applid)).map((n) => n.body)).toEqual([
      expect.stringContaining(PENDING_AT_LOCALITY),
    ]);
  });

  it('refuses a rejection without remarks, or with more than the machine’s 200 characters, with 400, nothing applied', async () => {
    const applid = await s.create('moderator');
    const before = await totals(s.t.db);
    for (const recommendation of [{ kind: 'rejection' }, { kind: 'rejection', remarks: '' }]) {
      const res = await apply('moderator', applid, { recommendation });
      expect([res.statusCode, res.json().message]).toEqual([
        400,
        `recommendation.remarks: ${OFFICE_APPLICATION_MESSAGES.remarksRequired}`,
      ]);
    }
    // The machine's 'Others' reason holds 200 characters: longer remarks are its 400, before anything is written.
    const long = await apply('moderator', applid, {
      recommendation: { kind: 'rejection', remarks: 'x'.repeat(201) },
    });
    expect([long.statusCode, long.json().message]).toEqual([
      400,
      `recommendation.remarks: ${REASON_MESSAGES.otherReasonTooLong}`,
    ]);
    expect(await totals(s.t.db)).toEqual(before);
    expect((await s.applicationOf(applid)).completedAt).toBeNull();
  });

  it('applies exactly once from two Applies with a recommendation sent at once: one 200, one 409', async () => {
    const applid = await s.create('moderator');
    const body = { recommendation: { kind: 'approval' } };
    const replies = await Promise.all([apply('moderator', applid, body), apply('moderator', applid, body)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.statusCode === 409)?.json().message).toBe(MESSAGES.alreadyApplied);
    expect((await s.flowOf(applid)).map((f) => f.step)).toEqual(['submitted', 'recommendedApproval']);
    expect((await s.membersOf(applid)).length).toBe(s.memberCodes.length + s.helperCodes.length);
    expect((await s.noticesOf(applid)).length).toBe(1);
    expect(await s.applicationOf(applid)).toMatchObject({ status: 'LAVP', version: 1 });
  });

  it('refuses a second Apply, and codes that are not the tenant’s, nothing written', async () => {
    const applid = await s.create('user');
    const stray = await apply('user', applid, { membercode: [987_654_321] });
    expect([stray.statusCode, stray.json().message]).toEqual([
      400,
      `membercode: 987654321 ${MESSAGES.memberNotOfTenant}`,
    ]);
    expect((await apply('user', applid)).statusCode).toBe(200);
    const before = await totals(s.t.db);
    const again = await apply('user', applid);
    expect([again.statusCode, again.json().message]).toEqual([409, MESSAGES.alreadyApplied]);
    expect(await totals(s.t.db)).toEqual(before);
  });
});
