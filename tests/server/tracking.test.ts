import { and, asc, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOLDER_LABELS, trackerView } from '../../machines/application/statuses';
import { API_BASE } from '../../src/contract/api';
import { applicationFlowReplySchema } from '../../src/contract/applications.contract';
import { pdfReplySchema } from '../../src/contract/forms.contract';
import { TRACKING_MESSAGES, trackingReplySchema } from '../../src/contract/tracking.contract';
import { applicationFlow, applications, landlords, logRecords } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// The tracker (docs/tracker.md): GET process/anonymous/trackApplication/{applid}/{epic} and
// GET process/applicationFlow/anonymous/{id}, with the landlord's own OTP key only.

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDatabases())('the tracker on %s', (kind) => {
  const t = useTestApp(kind, { env: { TRACKER_SERVICE_DAYS: '15' } });
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${API_BASE}/${path}`, headers });

  let mine: { applid: number; epic: string; landlordId: number; status: string };
  let theirs: { applid: number; epic: string };
  let ownKey: string;
  beforeAll(async () => {
    // A live application pending at the ward (LARP), and a live one of another landlord.
    const live = (status?: 'LARP') =>
      t.db
        .select({
          applid: applications.applid,
          epic: landlords.epicNo,
          landlordId: applications.landlordId,
          status: applications.status,
        })
        .from(applications)
        .innerJoin(landlords, eq(landlords.id, applications.landlordId))
        .where(and(isNull(applications.deletedAt), status ? eq(applications.status, status) : undefined))
        .orderBy(asc(applications.applid));
    [mine] = await live('LARP');
    const others = await t.db
      .select({ applid: applications.applid, epic: landlords.epicNo })
      .from(applications)
      .innerJoin(landlords, eq(landlords.id, applications.landlordId))
      .where(and(isNull(applications.deletedAt), ne(applications.landlordId, mine.landlordId)))
      .limit(1);
    theirs = others[0];
    ownKey = await citizenKeyFor(t, { kind: 'landlord', landlordId: mine.landlordId });
  });

  it('tracks the key’s own application: the spec’s fields, the holder and its days against the limit', async () => {
    const res = await get(`process/anonymous/trackApplication/${mine.applid}/${mine.epic}`, withKey(ownKey));
    expect(res.statusCode, res.body).toBe(200);
    const reply = trackingReplySchema.parse(res.json());
    const [last] = await t.db
      .select({ logdt: applicationFlow.logdt })
      .from(applicationFlow)
      .where(eq(applicationFlow.applid, mine.applid))
      .orderBy(desc(applicationFlow.id))
      .limit(1);
    const days = Math.floor((t.clock.now().getTime() - last.logdt.getTime()) / DAY);
    expect(reply).toMatchObject({
      applid: mine.applid,
      applStatus: 'LARP',
      statusMessage: trackerView('LARP').message,
      holder: 'ward',
      holderLabel: HOLDER_LABELS.ward,
      heldSince: last.logdt.toISOString(),
      heldDays: Math.max(0, days),
      serviceDays: 15,
      overdue: days > 15,
      certified: false,
    });
    expect(reply.landlordName.length).toBeGreaterThan(0);
    expect(reply.tenantName.length).toBeGreaterThan(0);
    expect(reply.rentalUnitAddress.length).toBeGreaterThan(0);
  });

  it('calls a case overdue once the ward has held it for more than the service limit', async () => {
    const [last] = await t.db
      .select({ logdt: applicationFlow.logdt })
      .from(applicationFlow)
      .where(eq(applicationFlow.applid, mine.applid))
      .orderBy(desc(applicationFlow.id))
      .limit(1);
    // Move the clock to 16 whole days after the last step.
    const target = last.logdt.getTime() + 16 * DAY + 60_000;
    const shift = target - t.clock.now().getTime();
    if (shift > 0) t.clock.advance(shift);
    const reply = trackingReplySchema.parse(
      (await get(`process/anonymous/trackApplication/${mine.applid}/${mine.epic}`, withKey(ownKey))).json(),
    );
    expect(reply.heldDays).toBeGreaterThanOrEqual(16);
    expect(reply.overdue).toBe(true);
  });

  it('says certified once the clearance certificate is issued, and the certificate call then gives the PDF', async () => {
    const [certified] = await t.db
      .select({ applid: applications.applid, epic: landlords.epicNo, landlordId: applications.landlordId })
      .from(applications)
      .innerJoin(landlords, eq(landlords.id, applications.landlordId))
      .where(
        and(
          isNull(applications.deletedAt),
          eq(applications.status, 'PLVP'),
          isNotNull(applications.certifiedAt),
        ),
      )
      .limit(1);
    const key = await citizenKeyFor(t, { kind: 'landlord', landlordId: certified.landlordId });
    const res = await get(
      `process/anonymous/trackApplication/${certified.applid}/${certified.epic}`,
      withKey(key),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(trackingReplySchema.parse(res.json())).toMatchObject({
      applStatus: 'PLVP',
      holder: 'police',
      certified: true,
    });
    const pdf = await get(`process/GenerateRC/${certified.applid}`, withKey(key));
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(Buffer.from(pdfReplySchema.parse(pdf.json()).base64img, 'base64').subarray(0, 5).toString()).toBe(
      '%PDF-',
    );
    // Not certified: the tracker does not offer it, and the call would refuse it.
    expect((await get(`process/GenerateRC/${mine.applid}`, withKey(ownKey))).statusCode).toBe(409);
  });

  it('gives the key’s own application flow in step order', async () => {
    const res = await get(`process/applicationFlow/anonymous/${mine.applid}`, withKey(ownKey));
    expect(res.statusCode, res.body).toBe(200);
    const flow = applicationFlowReplySchema.parse(res.json());
    const stored = await t.db
      .select({ id: applicationFlow.id })
      .from(applicationFlow)
      .where(eq(applicationFlow.applid, mine.applid))
      .orderBy(asc(applicationFlow.id));
    expect(flow.map((f) => f.id)).toEqual(stored.map((s) => s.id));
    expect(flow.length).toBeGreaterThan(0);
  });

  it('refuses another landlord’s application with 403, audited, on both calls', async () => {
    for (const path of [
      `process/anonymous/trackApplication/${theirs.applid}/${theirs.epic}`,
      `process/applicationFlow/anonymous/${theirs.applid}`,
    ]) {
      const res = await get(path, withKey(ownKey));
      expect(res.statusCode, path).toBe(403);
      expect(res.json().message).toBe(TRACKING_MESSAGES.notYours);
      expect(res.body).not.toContain(theirs.epic);
      const [line] = await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1);
      expect(line.remark).toContain(TRACKING_MESSAGES.notYours);
    }
  });

  it('refuses its own application asked with another landlord’s EPIC number (403)', async () => {
    const res = await get(
      `process/anonymous/trackApplication/${mine.applid}/${theirs.epic}`,
      withKey(ownKey),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(TRACKING_MESSAGES.notYourEpic);
  });

  it('answers 401 without a key, 403 for a tenant’s key, 404 for an unknown application, 400 for a bad EPIC', async () => {
    const track = `process/anonymous/trackApplication/${mine.applid}/${mine.epic}`;
    expect((await get(track)).statusCode).toBe(401);
    expect((await get(`process/applicationFlow/anonymous/${mine.applid}`)).statusCode).toBe(401);
    expect((await get(track, withKey('not-a-key'))).statusCode).toBe(401);
    const tenantKey = await citizenKeyFor(t, { kind: 'tenant', tenantId: 1 });
    expect((await get(track, withKey(tenantKey))).statusCode).toBe(403);
    const [max] = await t.db
      .select({ id: applications.applid })
      .from(applications)
      .orderBy(desc(applications.applid))
      .limit(1);
    const unknown = max.id + 1000;
    const missing = await get(`process/anonymous/trackApplication/${unknown}/${mine.epic}`, withKey(ownKey));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TRACKING_MESSAGES.notFound(unknown));
    expect((await get(`process/applicationFlow/anonymous/${unknown}`, withKey(ownKey))).statusCode).toBe(404);
    expect(
      (await get(`process/anonymous/trackApplication/${mine.applid}/AB12`, withKey(ownKey))).statusCode,
    ).toBe(400);
  });
});
