import { asc, eq, isNotNull, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applicationDetailSchema,
  applicationFlowReplySchema,
  applicationStatusReplySchema,
} from '../../src/contract/applications.contract';
import {
  applicationMembers,
  applications,
  documents,
  landlords,
  logRecords,
} from '../../src/server/db/schema';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { api, sessions } from './applications-fixtures';

// The detail dialog, the flow timeline and the status look-up, on the demo seed's applications.

describe.each(testDatabases())('application detail, flow and status on %s', (kind) => {
  const t = useTestApp(kind);
  const headersOf = sessions(() => t.app);
  let all: (typeof applications.$inferSelect)[];
  let withMembers: typeof applications.$inferSelect;

  beforeAll(async () => {
    all = await t.db.select().from(applications).orderBy(asc(applications.applid));
    const [member] = await t.db
      .select({ applid: applicationMembers.applid })
      .from(applicationMembers)
      .innerJoin(applications, eq(applications.applid, applicationMembers.applid))
      .where(like(applications.wardCode, 'PS1701001LA01%'))
      .orderBy(asc(applicationMembers.applid))
      .limit(1);
    withMembers = all.find((a) => a.applid === member.applid)!;
  });

  const get = async (username: string, path: string) =>
    t.app.inject({ method: 'GET', url: api(path), headers: await headersOf(username) });

  it('opens every live demo application for the admin, and none that was deleted', async () => {
    for (const application of all) {
      const res = await get('admin', `process/GetApplicationDetail/${application.applid}`);
      expect([application.applid, res.statusCode]).toEqual([
        application.applid,
        application.deletedAt ? 404 : 200,
      ]);
      if (res.statusCode === 200) {
        const detail = applicationDetailSchema.parse(res.json());
        expect(detail).toMatchObject({
          applid: application.applid,
          status: application.status,
          version: application.version,
        });
        // Statewide roles read everything and move nothing.
        expect(detail.allowedEvents).toEqual([]);
      }
    }
  });

  it('shows landlord, tenant, members with their photo, the unit and the flow, never document content', async () => {
    const res = await get('supermoderator', `process/GetApplicationDetail/${withMembers.applid}`);
    expect(res.statusCode).toBe(200);
    const detail = applicationDetailSchema.parse(res.json());
    const [landlord] = await t.db.select().from(landlords).where(eq(landlords.id, withMembers.landlordId));
    expect(detail.landlord).toMatchObject({
      id: landlord.id,
      epicNo: landlord.epicNo,
      firstName: landlord.firstName,
    });
    expect(detail.landlord.permanentAddress.district?.statename.stateCode).toMatch(/^\d{2}$/);
    expect(detail.tenant.id).toBe(withMembers.tenantId);
    expect(detail.tenant.documents.length).toBeGreaterThan(0);
    expect(detail.familyInApplication.length + detail.helperInApplication.length).toBeGreaterThan(0);
    for (const member of [...detail.familyInApplication, ...detail.helperInApplication]) {
      const photo = member.documents.find((d) => d.doctype === 'PHOTO');
      expect(member.photoDocid).toBe(photo?.docid ?? null);
    }
    const docids = [
      ...detail.tenant.documents,
      ...detail.familyInApplication.flatMap((m) => m.documents),
      ...detail.helperInApplication.flatMap((m) => m.documents),
    ].map((d) => d.docid);
    const stored = await t.db
      .select({ docid: documents.docid, size: documents.size })
      .from(documents)
      .where(isNotNull(documents.docid));
    for (const docid of docids) expect(stored.some((d) => d.docid === docid)).toBe(true);
    expect(res.body).not.toContain('base64');
    expect(res.body).not.toContain('"content"');
    expect(detail.rentalUnit).toMatchObject({
      laCode: withMembers.wardCode,
      localityName: 'Laitumkhrah',
      policeStationName: 'Laitumkhrah Police Station',
    });
    expect(detail.flow[0]).toMatchObject({ aplstatus: 'LARP', remarks: 'Application Submitted' });
  });

  it('answers the flow timeline in step order, as the detail shows it', async () => {
    const detail = applicationDetailSchema.parse(
      (await get('moderator', `process/GetApplicationDetail/${withMembers.applid}`)).json(),
    );
    const res = await get('moderator', `process/applicationFlow/${withMembers.applid}`);
    const flow = applicationFlowReplySchema.parse(res.json());
    expect(flow).toEqual(detail.flow);
    expect(flow.map((f) => f.id)).toEqual([...flow.map((f) => f.id)].sort((a, b) => a - b));
  });

  it('answers officials of another jurisdiction as for a missing id, and writes the refusal down', async () => {
    for (const path of [
      `process/GetApplicationDetail/${withMembers.applid}`,
      `process/applicationFlow/${withMembers.applid}`,
    ]) {
      const res = await get('moderator2', path);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`Application ${withMembers.applid} was not found.`);
    }
    const lines = await t.db
      .select()
      .from(logRecords)
      .where(
        like(
          logRecords.remark,
          `Refused: application ${withMembers.applid} is outside the jurisdiction of moderator2%`,
        ),
      );
    expect(lines).toHaveLength(2);
  });

  it('looks up the status by application and landlord EPIC number', async () => {
    const [landlord] = await t.db.select().from(landlords).where(eq(landlords.id, withMembers.landlordId));
    const res = await get(
      'moderator',
      `process/GetApplicationStatus/${withMembers.applid}/${landlord.epicNo.toLowerCase()}`,
    );
    expect(res.statusCode).toBe(200);
    const reply = applicationStatusReplySchema.parse(res.json());
    expect(reply).toMatchObject({ applid: withMembers.applid, applStatus: withMembers.status });
    expect(reply.landlordName.startsWith(landlord.firstName)).toBe(true);
    expect(reply.rentalUnitAddress).toMatch(/\d{6}$/);

    const wrongEpic = await get('moderator', `process/GetApplicationStatus/${withMembers.applid}/ZZZ0000000`);
    expect(wrongEpic.statusCode).toBe(404);
    expect(wrongEpic.json().message).toBe(
      `No application ${withMembers.applid} was found for the landlord with EPIC number ZZZ0000000.`,
    );
  });

  it('answers an official of another jurisdiction exactly like a wrong EPIC number, and writes it down', async () => {
    const [landlord] = await t.db.select().from(landlords).where(eq(landlords.id, withMembers.landlordId));
    const outsider = await get(
      'moderator2',
      `process/GetApplicationStatus/${withMembers.applid}/${landlord.epicNo}`,
    );
    const wrongEpic = await get(
      'moderator2',
      `process/GetApplicationStatus/${withMembers.applid}/ZZZ0000000`,
    );
    expect([outsider.statusCode, wrongEpic.statusCode]).toEqual([404, 404]);
    expect(outsider.json().message).toBe(
      `No application ${withMembers.applid} was found for the landlord with EPIC number ${landlord.epicNo}.`,
    );
    const lines = await t.db
      .select()
      .from(logRecords)
      .where(
        like(
          logRecords.remark,
          `Refused (404): status of application ${withMembers.applid} is outside the jurisdiction of moderator2`,
        ),
      );
    expect(lines).toHaveLength(1);
  });
});
