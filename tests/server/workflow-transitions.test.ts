import { and, asc, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  applicationDetailSchema,
  updateApplicationReplySchema,
  type UpdateApplicationReply,
} from '../../src/contract/applications.contract';
import { applicationFlow, applications, logRecords, rentalUnits } from '../../src/server/db/schema';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import {
  api,
  footprints,
  insertApplications,
  prepareFixture,
  replayMismatches,
  sessions,
  WARD_A,
  type Shape,
} from './applications-fixtures';

// Each lifecycle step through POST/PUT process/updateApplication writes status, remark, version + 1, exactly one
// flow entry and one audit line, in one transaction; the legacy body (a target status and a remark) and our web
// client's named events reach the same steps.

describe.each(testDatabases())('workflow transitions on %s', (kind) => {
  const t = useTestApp(kind);
  const headersOf = sessions(() => t.app);

  /** A fresh application on a unit of its own (so vacancy checks see only this application). */
  const fresh = async (shape: Shape, logby = 'landlord', completed = true) => {
    const fixture = await prepareFixture(t.db, [WARD_A]);
    const [id] = await insertApplications(t.db, fixture, [{ shape, wardCode: WARD_A, logby, completed }]);
    return { id, rentcode: fixture.rentcodeOf[WARD_A] };
  };
  const update = async (username: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: api('process/updateApplication'),
      headers: await headersOf(username),
      payload,
    });
  const remove = async (username: string, id: number | string) =>
    t.app.inject({
      method: 'PUT',
      url: api(`process/updateApplication/${id}`),
      headers: await headersOf(username),
    });
  /** The reply's status fields are the ones the detail shows after the step; returns the detail. */
  const detailMatching = async (reply: UpdateApplicationReply, username: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: api(`process/GetApplicationDetail/${reply.applid}`),
      headers: await headersOf(username),
    });
    const detail = applicationDetailSchema.parse(res.json());
    const { message: _message, ...statusFields } = reply;
    expect(detail).toMatchObject(statusFields);
    return detail;
  };
  const stored = async (id: number) =>
    (await t.db.select().from(applications).where(eq(applications.applid, id)))[0];
  const flowOf = (id: number) =>
    t.db
      .select()
      .from(applicationFlow)
      .where(eq(applicationFlow.applid, id))
      .orderBy(asc(applicationFlow.id));
  const unitVacant = async (rentcode: string) =>
    (await t.db.select().from(rentalUnits).where(eq(rentalUnits.rentcode, rentcode)))[0].vacant;

  it('forwards with approval the legacy way: status, remark, version, one flow entry, one audit line', async () => {
    const { id } = await fresh('LARP');
    const res = await update('moderator', {
      applid: id,
      applStatus: { applstatus: 'LAVP' },
      appltype: 'APPLPS',
      remarks: '(May be Accepted)',
    });
    expect(res.statusCode).toBe(200);
    const reply = updateApplicationReplySchema.parse(res.json());
    expect(reply).toMatchObject({
      message: `Application ${id} was recommended for approval and forwarded to the Locality.`,
      status: 'LAVP',
      statusLabel: 'Pending at Locality/Cantonment level',
      version: 1,
      remarks: '(May be Accepted)',
      allowedEvents: ['tenant.vacate'],
    });
    expect(await stored(id)).toMatchObject({
      status: 'LAVP',
      remarks: '(May be Accepted)',
      version: 1,
      officialActed: true,
    });
    const flow = await flowOf(id);
    expect(flow).toHaveLength(2);
    expect(flow[1]).toMatchObject({
      aplstatus: 'LAVP',
      step: 'recommendedApproval',
      remarks: 'Application forwarded to Locality by Sub-Locality/Wards',
      applRemarks: '(May be Accepted)',
      action: 'application.recommendApproval',
      actor: 'moderator',
      actorRole: 'MODERATOR',
      actorUsercode: WARD_A,
    });
    const detail = await detailMatching(reply, 'moderator');
    expect(detail.flow.at(-1)).toMatchObject({ aplstatus: 'LAVP', actor: 'moderator' });
    const audit = await t.db
      .select()
      .from(logRecords)
      .where(eq(logRecords.remark, `Application ${id}: application.recommendApproval (LARP -> LAVP)`));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      username: 'moderator',
      url: '/mrssapi/mrss/v-1/process/updateApplication',
    });
  });

  it.each([
    ['(Recommended for rejection: Invalid Documents)', { reason: 'Invalid Documents' }, 'Invalid Documents'],
    [
      '(Recommended for rejection: Tenant not reachable)',
      { reason: 'Others', otherReason: 'Tenant not reachable' },
      'Tenant not reachable',
    ],
  ])('reads the legacy remark %s as a recommendation of rejection', async (remarks, reason, text) => {
    const { id } = await fresh('LARP');
    const res = await update('moderator', { applid: id, applStatus: { applstatus: 'LAVP' }, remarks });
    expect(res.statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({
      status: 'LAVP',
      remarks: `(Recommended for rejection: ${text})`,
    });
    expect((await flowOf(id))[1]).toMatchObject({
      step: 'recommendedRejection',
      comments: text,
      payload: { ...reason, remarks: text },
    });
  });

  it('takes a named rejection with typed remarks, trimmed, from the web client', async () => {
    const { id } = await fresh('LARP');
    const res = await update('moderator', {
      applid: id,
      event: 'application.recommendRejection',
      reason: 'Others',
      otherReason: 'Address mismatch',
      remarks: '  Checked the rental agreement twice.  ',
      version: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().remarks).toBe('(Recommended for rejection: Address mismatch)');
    expect((await flowOf(id))[1].comments).toBe('Checked the rental agreement twice.');
  });

  it('accepts with the spec’s message, then certifies exactly once', async () => {
    const { id } = await fresh('LAVP');
    const accepted = await update('supermoderator', {
      applid: id,
      applStatus: { applstatus: 'PLVP' },
      remarks: '',
    });
    expect(accepted.json()).toMatchObject({
      message: 'Successfully Approved Application',
      status: 'PLVP',
      version: 2,
    });
    expect(accepted.json().allowedEvents).toEqual(['application.certify', 'tenant.vacate']);

    const certified = await update('supermoderator', {
      applid: id,
      event: 'application.certify',
      applStatus: { applstatus: 'PLVP' },
    });
    expect(certified.statusCode).toBe(200);
    const reply = updateApplicationReplySchema.parse(certified.json());
    expect(reply.certificateNo).toMatch(new RegExp(`^CC/PS1701001/\\d{4}/${String(id).padStart(6, '0')}$`));
    expect(reply).toMatchObject({
      certified: true,
      certifiedBy: 'supermoderator',
      status: 'PLVP',
      allowedEvents: ['tenant.vacate'],
    });
    expect(reply.message).toBe(`Clearance certificate ${reply.certificateNo} issued for application ${id}.`);
    expect(reply.certifiedAt).not.toBeNull();
    await detailMatching(reply, 'supermoderator');

    const again = await update('supermoderator', { applid: id, event: 'application.certify' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'The clearance certificate for this application has already been issued.',
    );
  });

  it('certifies only when asked by name: a legacy body naming PLVP on a PLVP application is refused', async () => {
    const { id } = await fresh('LAVP');
    const legacyAccept = { applid: id, applStatus: { applstatus: 'PLVP' }, remarks: '' };
    expect((await update('supermoderator', legacyAccept)).statusCode).toBe(200);
    const before = await footprints(t.db, [id]);
    // A second officer's accept, or the same client retrying an accept whose reply it lost.
    for (const username of ['locality', 'supermoderator']) {
      const again = await update(username, legacyAccept);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        `Application ${id} is already at status PLVP (Approved by Locality (pending at Police)): nothing was changed. To issue the clearance certificate, name the action: event 'application.certify'.`,
      );
    }
    expect(await footprints(t.db, [id])).toEqual(before);
    expect(await stored(id)).toMatchObject({ status: 'PLVP', certifiedAt: null, certificateNo: null });

    const certified = await update('supermoderator', { applid: id, event: 'application.certify' });
    expect(certified.statusCode).toBe(200);
    expect(certified.json()).toMatchObject({ certified: true, status: 'PLVP' });
  });

  it.each([
    ['(Rejected by Locality/Cantonment: Criminal Issues)', 'Criminal Issues'],
    ['Duplicate Application', 'Duplicate Application'],
    ['(Rejected by Locality/Cantonment: Tenant absconding)', 'Tenant absconding'],
  ])('declines the legacy way with %s and offers the unit again', async (remarks, reason) => {
    const { id, rentcode } = await fresh('LAVP');
    const res = await update('verifier', { applid: id, applStatus: { applstatus: 'RJT' }, remarks });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'RJT',
      remarks: `(Rejected by Locality/Cantonment: ${reason})`,
      allowedEvents: [],
    });
    expect(await unitVacant(rentcode)).toBe(true);
  });

  it('returns for rectification, and the official who logged it resubmits', async () => {
    const { id } = await fresh('LARP', 'user');
    const returned = await update('moderator', {
      applid: id,
      applStatus: { applstatus: 'RECT' },
      remarks: '(Returned for rectification: Upload the tenant photograph.)',
    });
    expect(returned.json()).toMatchObject({
      status: 'RECT',
      remarks: '(Returned for rectification: Upload the tenant photograph.)',
    });
    expect((await update('moderator', { applid: id, applStatus: { applstatus: 'LARP' } })).statusCode).toBe(
      409,
    );
    const resubmitted = await update('user', { applid: id, applStatus: { applstatus: 'LARP' } });
    expect(resubmitted.json()).toMatchObject({
      status: 'LARP',
      version: 2,
      message: `Application ${id} was resubmitted to the Sub-Locality/Ward.`,
    });
    expect(await stored(id)).toMatchObject({ officialActed: true });
  });

  it('marks a shifted tenant: APARV with the date it left, unit vacant', async () => {
    const { id, rentcode } = await fresh('PLVP.certified');
    const res = await update('moderator', { applid: id, applStatus: { applstatus: 'APARV' } });
    expect(res.json()).toMatchObject({
      status: 'APARV',
      leftLocalityOn: t.clock.now().toISOString().slice(0, 10),
      certified: true,
    });
    expect(await unitVacant(rentcode)).toBe(true);
  });

  it('cancels an undecided application when the unit is vacated, and it leaves the lists', async () => {
    const { id, rentcode } = await fresh('RECT');
    const res = await update('supermoderator', { applid: id, event: 'tenant.vacate' });
    expect(res.json()).toMatchObject({
      closed: 'cancelled',
      status: 'RECT',
      message: `Application ${id} was cancelled as the rental unit was vacated.`,
    });
    expect(await unitVacant(rentcode)).toBe(true);
    const detail = await t.app.inject({
      method: 'GET',
      url: api(`process/GetApplicationDetail/${id}`),
      headers: await headersOf('supermoderator'),
    });
    expect(detail.statusCode).toBe(404);
  });

  it('lets the moderator delete what it logged and forwarded, and no one else', async () => {
    const { id, rentcode } = await fresh('LAVP', 'moderator');
    const { id: notMine } = await fresh('LAVP');
    const { id: stillAtWard } = await fresh('LARP', 'moderator');
    const onlyLogger =
      'Only the Sub-Locality/Ward officer who logged this application may delete it, and only while it is pending at the Locality; the official who made it may withdraw it only while the tenant’s consent is awaited.';
    for (const [who, target, status, message] of [
      ['moderator', notMine, 409, onlyLogger],
      ['moderator', stillAtWard, 409, onlyLogger],
      ['supermoderator', id, 409, onlyLogger],
      // Outside the jurisdiction: the 404 of a missing application (docs/reach.md).
      ['moderator2', id, 404, `Application ${id} was not found.`],
      ['admin', id, 409, onlyLogger],
    ] as const) {
      const res = await remove(who, target);
      expect([who, target, res.statusCode, res.json().message]).toEqual([who, target, status, message]);
    }
    const res = await remove('moderator', id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: `Application ${id} deleted.` });
    expect(await stored(id)).toMatchObject({ status: 'LAVP', deletedBy: 'moderator', version: 2 });
    expect((await flowOf(id)).at(-1)).toMatchObject({
      step: 'deleted',
      aplstatus: 'LAVP',
      remarks: 'Application deleted',
    });
    expect(await unitVacant(rentcode)).toBe(true);
    expect((await remove('moderator', id)).json().message).toBe('This application has been deleted.');
    const flow = await t.app.inject({
      method: 'GET',
      url: api(`process/applicationFlow/${id}`),
      headers: await headersOf('moderator'),
    });
    expect(flow.statusCode).toBe(404);
  });

  it('moves no incomplete application out of LARP, but lets it be cancelled', async () => {
    const { id } = await fresh('LARP', 'landlord', false);
    const detail = await t.app.inject({
      method: 'GET',
      url: api(`process/GetApplicationDetail/${id}`),
      headers: await headersOf('moderator'),
    });
    expect(detail.json()).toMatchObject({ complete: false, allowedEvents: ['tenant.vacate'] });
    const res = await update('moderator', { applid: id, event: 'application.recommendApproval' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This application has not been applied yet: the applicant must first choose the family members and helpers it covers.',
    );
    expect((await update('moderator', { applid: id, event: 'tenant.vacate' })).json().closed).toBe(
      'cancelled',
    );
  });

  it.each([
    [
      { event: 'application.accept', applStatus: { applstatus: 'RJT' } },
      400,
      'This action leaves the application at status PLVP, not RJT.',
    ],
    [{ applStatus: { applstatus: 'PLVP' } }, 200, 'Successfully Approved Application'],
    [
      { applStatus: { applstatus: 'APARV' } },
      409,
      'is at status LAVP (Forwarded, pending at Locality): it cannot be moved to APARV.',
    ],
    [
      { applStatus: { applstatus: 'LAVP' } },
      409,
      'is already at status LAVP (Forwarded, pending at Locality): nothing was changed. Name the action to take in the event field.',
    ],
    [
      { event: 'application.accept', version: 0 },
      409,
      'This application was changed by someone else. Please reload it.',
    ],
  ])('answers %j on an LAVP application with %i', async (body, status, message) => {
    const { id } = await fresh('LAVP');
    const before = await footprints(t.db, [id]);
    const res = await update('supermoderator', { applid: id, ...body });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
    const after = await footprints(t.db, [id]);
    expect(after.get(id)!.version - before.get(id)!.version).toBe(status === 200 ? 1 : 0);
    expect(after.get(id)!.flow - before.get(id)!.flow).toBe(status === 200 ? 1 : 0);
  });

  it('writes nothing at all when a part of the step fails (one transaction)', async () => {
    const { id } = await fresh('LAVP');
    const before = await stored(id);
    await t.db.execute(
      sql.raw(`create function refuse_flow_${kind}() returns trigger language plpgsql as
      $$ begin if new.applid = ${id} then raise exception 'flow insert refused by the test'; end if; return new; end $$`),
    );
    await t.db.execute(
      sql.raw(`create trigger refuse_flow before insert on application_flow
      for each row execute function refuse_flow_${kind}()`),
    );
    try {
      const res = await update('supermoderator', { applid: id, event: 'application.accept' });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('Server Issue. Please try again later!');
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_flow on application_flow'));
    }
    expect(await stored(id)).toEqual(before);
    expect(await flowOf(id)).toHaveLength(2);
    const audit = await t.db
      .select()
      .from(logRecords)
      .where(and(like(logRecords.remark, `Application ${id}:%`)));
    expect(audit).toHaveLength(0);
    expect((await update('supermoderator', { applid: id, event: 'application.accept' })).statusCode).toBe(
      200,
    );
  });

  it('leaves every application replayable: its flow log replays to its stored status', async () => {
    expect(await replayMismatches(t.db)).toEqual([]);
  });
});
