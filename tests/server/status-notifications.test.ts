import { asc, eq, gt, sql } from 'drizzle-orm';
import { BOUNCING, useSmtpTestServer } from '../support/smtp-test-server';
import { describe, expect, it } from 'vitest';
import { applications, landlords, outboxMessages } from '../../src/server/db/schema';
import { notifyApplicationStatus } from '../../src/server/notify/status-notice';
import { API_BASE } from '../../src/contract/api';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { useTestApp, type TestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import {
  api,
  insertApplications,
  prepareFixture,
  sessions,
  WARD_A,
  type Shape,
} from './applications-fixtures';

// Every workflow step leaves exactly one notice to the application's landlord in the outbox, written by the step's
// own statement: what happened in the tracker's words and how to track it (application ID and EPIC), nothing else.
// A carrier that refuses the notice is recorded on the row and never undoes or fails the official's step.

/** The notice text the landlord gets for one application. */
const noticeBody = (applid: number, words: string, epic: string) =>
  `MRSS Portal, application ${applid}: ${words} To follow it, open Track Application on the MRSS Portal home page ` +
  `with application ID ${applid} and your landlord EPIC number ${epic}.`;

function workflowHelpers(t: TestApp) {
  const headersOf = sessions(() => t.app);
  const update = async (username: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: api('process/updateApplication'),
      headers: await headersOf(username),
      payload,
    });
  return {
    /** A fresh application of the fixture landlord on a unit of its own. */
    fresh: async (shape: Shape) => {
      const fixture = await prepareFixture(t.db, [WARD_A]);
      const [id] = await insertApplications(t.db, fixture, [{ shape, wardCode: WARD_A, logby: 'landlord' }]);
      return { id, fixture };
    },
    update,
    /** The landlord marks the unit of its application vacant with its own key (the vacancy update). */
    vacate: async (fixture: { landlordId: number; rentcodeOf: Record<string, string> }) => {
      const key = await citizenKeyFor(t, { kind: 'landlord', landlordId: fixture.landlordId });
      return t.app.inject({
        method: 'GET',
        url: `${API_BASE}/process/rentalUnit/changestatus/${fixture.landlordId}/${fixture.rentcodeOf[WARD_A]}`,
        headers: withKey(key),
      });
    },
    /** The ward moderator recommends application `id` for approval (LARP -> LAVP). */
    recommend: (id: number) =>
      update('moderator', { applid: id, applStatus: { applstatus: 'LAVP' }, remarks: '(May be Accepted)' }),
    lastOutboxId: async () =>
      (
        await t.db
          .select({ id: sql<number>`coalesce(max(${outboxMessages.id}), 0)::int` })
          .from(outboxMessages)
      )[0].id,
    outboxAfter: (id: number) =>
      t.db.select().from(outboxMessages).where(gt(outboxMessages.id, id)).orderBy(asc(outboxMessages.id)),
    landlordOf: async (landlordId: number) =>
      (await t.db.select().from(landlords).where(eq(landlords.id, landlordId)))[0],
    statusOf: async (id: number) =>
      (await t.db.select().from(applications).where(eq(applications.applid, id)))[0].status,
  };
}

describe.each(testDatabases())('status notifications to the landlord on %s', (kind) => {
  const t = useTestApp(kind);
  const h = workflowHelpers(t);

  it.each<{ step: string; shape: Shape; username: string; body: object; status: string; words: string }>([
    {
      step: 'recommend',
      shape: 'LARP',
      username: 'moderator',
      body: { applStatus: { applstatus: 'LAVP' }, remarks: '(May be Accepted)' },
      status: 'LAVP',
      words: 'Application is pending at Local Authority.',
    },
    {
      step: 'accept',
      shape: 'LAVP',
      username: 'supermoderator',
      body: { applStatus: { applstatus: 'PLVP' }, remarks: '' },
      status: 'PLVP',
      words: 'Application has been approved.',
    },
    {
      step: 'reject',
      shape: 'LAVP',
      username: 'verifier',
      body: {
        applStatus: { applstatus: 'RJT' },
        remarks: '(Rejected by Locality/Cantonment: Criminal Issues)',
      },
      status: 'RJT',
      words: 'Application has been rejected.',
    },
  ])("an official's $step leaves exactly one notice to the landlord", async (c) => {
    const { id, fixture } = await h.fresh(c.shape);
    const landlord = await h.landlordOf(fixture.landlordId);
    expect(landlord.email).toBeTruthy();
    const before = await h.lastOutboxId();
    const res = await h.update(c.username, { applid: id, ...c.body });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(c.status);
    // The official's reply says nothing of where the notice went.
    expect(res.body).not.toContain(landlord.email);
    const sent = await h.outboxAfter(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      channel: 'email',
      recipient: landlord.email,
      subject: `MRSS Portal: application ${id} status`,
      body: noticeBody(id, c.words, fixture.landlordEpic),
      transport: 'outbox',
      error: null,
    });
    // Nothing personal beyond the EPIC the landlord tracks with: no name, no address, no remarks.
    for (const personal of [
      landlord.firstName,
      landlord.lastName,
      landlord.mobile,
      'Fixture Road',
      'Criminal',
    ]) {
      if (personal) expect(sent[0].body).not.toContain(personal);
    }
  });

  it('certification tells the landlord the certificate is issued; a refused step sends nothing', async () => {
    const { id, fixture } = await h.fresh('PLVP');
    let before = await h.lastOutboxId();
    // A ward moderator may not certify: refused, and no notice.
    const refused = await h.update('moderator', { applid: id, event: 'application.certify' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await h.outboxAfter(before)).toHaveLength(0);

    const certified = await h.update('supermoderator', { applid: id, event: 'application.certify' });
    expect(certified.statusCode).toBe(200);
    const sent = await h.outboxAfter(before);
    expect(sent.map((m) => m.body)).toEqual([
      noticeBody(
        id,
        'Application has been approved and the clearance certificate has been issued.',
        fixture.landlordEpic,
      ),
    ]);
    before = await h.lastOutboxId();
    // A stale retry of the same step writes neither the step nor a notice.
    expect((await h.update('supermoderator', { applid: id, event: 'application.certify' })).statusCode).toBe(
      409,
    );
    expect(await h.outboxAfter(before)).toHaveLength(0);
  });

  it("the landlord's vacancy update, the other writer of steps, leaves its notice too", async () => {
    const { id, fixture } = await h.fresh('LARP');
    const before = await h.lastOutboxId();
    const res = await h.vacate(fixture);
    expect(res.statusCode, res.body).toBe(200);
    const sent = await h.outboxAfter(before);
    expect(sent.map((m) => m.body)).toEqual([
      noticeBody(id, 'Application cancelled as the rental unit was vacated.', fixture.landlordEpic),
    ]);
  });

  it('the creation path notifies through notifyApplicationStatus in the same words', async () => {
    const { id, fixture } = await h.fresh('LARP');
    const before = await h.lastOutboxId();
    const kept = await notifyApplicationStatus(
      { db: t.db, config: t.config, clock: t.clock },
      { applid: id, step: 'submitted', status: 'LARP' },
    );
    const sent = await h.outboxAfter(before);
    expect(sent).toHaveLength(1);
    expect(kept).toMatchObject({ outboxId: sent[0].id, channel: 'email', to: sent[0].recipient });
    expect(sent[0].body).toBe(
      noticeBody(id, 'Application is pending at Sub-Locality/Wards.', fixture.landlordEpic),
    );
    expect(
      await notifyApplicationStatus(
        { db: t.db, config: t.config, clock: t.clock },
        { applid: 987654321, step: 'submitted', status: 'LARP' },
      ),
    ).toBeNull();
  });

  it('a landlord without email gets an SMS; with neither email nor mobile none, and the step succeeds', async () => {
    const { id, fixture } = await h.fresh('LARP');
    const landlord = await h.landlordOf(fixture.landlordId);
    try {
      await t.db.update(landlords).set({ email: null }).where(eq(landlords.id, landlord.id));
      let before = await h.lastOutboxId();
      const recommended = await h.recommend(id);
      expect(recommended.statusCode).toBe(200);
      const sms = await h.outboxAfter(before);
      expect(sms).toHaveLength(1);
      expect(sms[0]).toMatchObject({ channel: 'sms', recipient: landlord.mobile });

      // Records older than the mobile rule (the schema requires one today) may have none: no notice, step done.
      await t.db.execute(sql`alter table landlords drop constraint landlords_mobile_format`);
      await t.db.update(landlords).set({ mobile: ' ' }).where(eq(landlords.id, landlord.id));
      before = await h.lastOutboxId();
      const accepted = await h.update('supermoderator', {
        applid: id,
        applStatus: { applstatus: 'PLVP' },
        remarks: '',
      });
      expect(accepted.statusCode).toBe(200);
      expect(await h.statusOf(id)).toBe('PLVP');
      expect(await h.outboxAfter(before)).toHaveLength(0);
      expect(
        await notifyApplicationStatus(
          { db: t.db, config: t.config, clock: t.clock },
          { applid: id, step: 'accepted', status: 'PLVP' },
        ),
      ).toBeNull();
    } finally {
      await t.db
        .update(landlords)
        .set({ email: landlord.email, mobile: landlord.mobile })
        .where(eq(landlords.id, landlord.id));
    }
  });
});

describe.each(testDatabases())('status notifications through SMTP on %s', (kind) => {
  const { env, received } = useSmtpTestServer();
  const t = useTestApp(kind, { env });
  const h = workflowHelpers(t);

  /** The outbox row once the hand-over after the commit has recorded its outcome. */
  const settled = async (id: number) => {
    for (let i = 0; i < 200; i++) {
      const [row] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
      if (row.deliveredAt !== null || row.error !== null) return row;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`outbox row ${id} was never handed over`);
  };

  it('hands the notice to the mail server after the step and records the delivery', async () => {
    const { id, fixture } = await h.fresh('LARP');
    const landlord = await h.landlordOf(fixture.landlordId);
    const before = await h.lastOutboxId();
    const res = await h.recommend(id);
    expect(res.statusCode).toBe(200);
    const [kept] = await h.outboxAfter(before);
    const row = await settled(kept.id);
    expect(row).toMatchObject({ transport: 'smtp', error: null, recipient: landlord.email });
    const mail = received.find((m) => m.raw.includes(`application ${id} status`));
    expect(mail?.to).toEqual([landlord.email]);
    expect(mail?.raw.replace(/=\r?\n/g, '')).toContain(`application ID ${id}`);
  });

  it("hands the landlord's vacancy update notice to the mail server too", async () => {
    const { id, fixture } = await h.fresh('LAVP');
    const landlord = await h.landlordOf(fixture.landlordId);
    const before = await h.lastOutboxId();
    const res = await h.vacate(fixture);
    expect(res.statusCode, res.body).toBe(200);
    const [kept] = await h.outboxAfter(before);
    expect(await settled(kept.id)).toMatchObject({
      transport: 'smtp',
      error: null,
      recipient: landlord.email,
    });
    const mail = received.find((m) => m.raw.includes(`application ${id} status`));
    expect(mail?.to).toEqual([landlord.email]);
  });

  it('a mail server that refuses the notice leaves the step done and the error on the outbox row', async () => {
    const { id, fixture } = await h.fresh('LARP');
    const landlord = await h.landlordOf(fixture.landlordId);
    try {
      await t.db.update(landlords).set({ email: BOUNCING }).where(eq(landlords.id, landlord.id));
      const before = await h.lastOutboxId();
      const res = await h.recommend(id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'LAVP' });
      const sent = await h.outboxAfter(before);
      expect(sent).toHaveLength(1);
      const row = await settled(sent[0].id);
      expect(row).toMatchObject({ transport: 'smtp', recipient: BOUNCING, deliveredAt: null });
      expect(row.error).toContain('Mailbox unavailable');
      expect(await h.statusOf(id)).toBe('LAVP');
      // The next step goes on from the committed one.
      const accepted = await h.update('supermoderator', {
        applid: id,
        applStatus: { applstatus: 'PLVP' },
        remarks: '',
      });
      expect(accepted.statusCode).toBe(200);
    } finally {
      await t.db.update(landlords).set({ email: landlord.email }).where(eq(landlords.id, landlord.id));
    }
  });
});
