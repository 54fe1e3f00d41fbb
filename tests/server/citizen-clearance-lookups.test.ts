import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import {
  CITIZEN_APPLICATION_MESSAGES as MESSAGES,
  clearanceTenantSchema,
  generatedApplicationSchema,
} from '../../src/contract/citizen-applications.contract';
import { APPLICATION_FORM_MESSAGES, pdfReplySchema } from '../../src/contract/forms.contract';
import { landlords, logRecords, otpRequests, outboxMessages, tenants } from '../../src/server/db/schema';
import { statusNoticeText } from '../../src/server/notify/status-notice';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { bearer, signInStaff } from '../support/staff-signin';
import { confirmTenantConsent } from '../support/tenant-consent';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { MOD_WARD, unitBody } from './landlords-fixtures';

// What the landlord's Clearance tab needs besides generate/apply/withdraw (docs/citizen-applications-api.md): the
// tenant lookup by ID number, the completed application form for the landlord's own applications (and the
// officials' twin at process/user/...), and the 'submitted' notice that Apply writes.

const LOOKUP = 'process/anonymous/clearanceTenant';
const APPLY = 'process/application/DomesticHelperAndFamily';
const FORM = 'process/GetCompletedApplicationForm';
const STAFF_FORM = 'process/user/GetCompletedApplicationForm';

describe.each(testDatabases())('the landlord’s clearance lookups and form on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${API_BASE}/${path}`, headers });
  const post = (path: string, key: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${API_BASE}/${path}`, headers: withKey(key), payload });

  let landlord: typeof landlords.$inferSelect;
  let tenant: typeof tenants.$inferSelect;
  let key: string;
  let otherKey: string;
  let rentcode: string;

  beforeAll(async () => {
    [landlord] = await t.db
      .select()
      .from(landlords)
      .where(and(isNotNull(landlords.email), ne(landlords.email, '')))
      .limit(1);
    expect(landlord, 'the demo has a landlord with an email address').toBeDefined();
    const [other] = await t.db.select().from(landlords).where(ne(landlords.id, landlord.id)).limit(1);
    [tenant] = await t.db.select().from(tenants).limit(1);
    key = await citizenKeyFor(t, { kind: 'landlord', landlordId: landlord.id });
    otherKey = await citizenKeyFor(t, { kind: 'landlord', landlordId: other.id });
    const unit = await post('process/rentalUnit', key, unitBody(MOD_WARD));
    expect(unit.statusCode, unit.body).toBe(200);
    rentcode = unit.json().rentcode as string;
  });

  const lastAudit = async () =>
    (await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1))[0];

  describe('the tenant lookup by ID number', () => {
    it('answers a registered tenant with its id and full name only, and records the lookup', async () => {
      const res = await get(`${LOOKUP}/${tenant.epicNo.toLowerCase()}`, withKey(key));
      expect(res.statusCode, res.body).toBe(200);
      const name = [tenant.firstName, tenant.middleName, tenant.lastName].filter(Boolean).join(' ');
      expect(res.json()).toEqual({ id: tenant.id, name });
      expect(clearanceTenantSchema.strict().safeParse(res.json()).success).toBe(true);
      const [recorded] = await t.db.select().from(otpRequests).orderBy(desc(otpRequests.id)).limit(1);
      expect(recorded).toMatchObject({ subjectKey: `tenant:${tenant.id}`, outcome: 'lookup' });
    });

    it("answers an unknown ID with 404 'Tenant does not exist!' and a malformed one with 400 'epicNo: ...'", async () => {
      const absent = await get(`${LOOKUP}/ZZZ9999999`, withKey(key));
      expect(absent.statusCode).toBe(404);
      expect(absent.json().message).toBe(MESSAGES.tenantNotFound);
      for (const malformed of ['ABC1234', 'ABC%2B12345']) {
        const res = await get(`${LOOKUP}/${malformed}`, withKey(key));
        expect(res.statusCode, malformed).toBe(400);
        expect(res.json().message).toMatch(/^epicNo: /);
      }
    });

    it('refuses a tenant’s key (403) and a call without a key (401)', async () => {
      const tenantKey = await citizenKeyFor(t, { kind: 'tenant', tenantId: tenant.id });
      expect((await get(`${LOOKUP}/${tenant.epicNo}`, withKey(tenantKey))).statusCode).toBe(403);
      expect((await get(`${LOOKUP}/${tenant.epicNo}`)).statusCode).toBe(401);
    });
  });

  describe('Apply’s notice and the completed application form', () => {
    let applid: number;

    beforeAll(async () => {
      const res = await post('process/anonymous/generateApplication', key, { rentcode, tenantid: tenant.id });
      expect(res.statusCode, res.body).toBe(200);
      applid = generatedApplicationSchema.parse(res.json()).applid;
      await confirmTenantConsent(t, key, applid);
    });

    const noticesOf = (id: number) =>
      t.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.subject, statusNoticeText(id, 'submitted', 'LARP').subject));

    it('refuses the landlord’s form of an application not yet applied (409); Generate wrote no notice', async () => {
      const res = await get(`${FORM}/${applid}`, withKey(key));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(APPLICATION_FORM_MESSAGES.notYetApplied);
      expect(await noticesOf(applid)).toHaveLength(0);
    });

    it('keeps exactly one submitted notice to the landlord’s email on Apply, none on a second Apply', async () => {
      const applied = await post(APPLY, key, { applid, membercode: [], helperCode: [] });
      expect(applied.statusCode, applied.body).toBe(200);
      expect(Object.keys(applied.json())).not.toContain('notice');
      const again = await post(APPLY, key, { applid, membercode: [], helperCode: [] });
      expect(again.statusCode).toBe(409);
      const notices = await noticesOf(applid);
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ channel: 'email', recipient: landlord.email!.trim() });
      expect(notices[0].body).toBe(
        statusNoticeText(applid, 'submitted', 'LARP').body.replace('{landlord-epic}', landlord.epicNo),
      );
      expect(notices[0].body).toContain('Application is pending at Sub-Locality/Wards.');
    });

    it('gives the landlord its own applied application as a real PDF', async () => {
      const res = await get(`${FORM}/${applid}`, withKey(key));
      expect(res.statusCode, res.body).toBe(200);
      const body = pdfReplySchema.parse(res.json());
      expect(body.filename).toBe(`application-${applid}.pdf`);
      const pdf = Buffer.from(body.base64img, 'base64').toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      expect(pdf).toContain(`by landlord:${landlord.id}`);
    });

    it('refuses another landlord’s and an unknown application alike (403, audited)', async () => {
      for (const id of [applid, 999_999_999]) {
        const res = await get(`${FORM}/${id}`, withKey(otherKey));
        expect(res.statusCode, String(id)).toBe(403);
        expect(res.json().message).toBe(MESSAGES.notYourApplication);
        const audit = await lastAudit();
        expect(audit.remark).toBe(`Refused: ${MESSAGES.notYourApplication} (GET ${API_BASE}/${FORM}/${id})`);
      }
      const tenantKey = await citizenKeyFor(t, { kind: 'tenant', tenantId: tenant.id });
      expect((await get(`${FORM}/${applid}`, withKey(tenantKey))).statusCode).toBe(403);
      expect((await get(`${FORM}/${applid}`)).statusCode).toBe(401);
    });

    it('keeps the officials’ form at process/user/...: the ward official gets it, another ward is refused', async () => {
      const inside = await get(
        `${STAFF_FORM}/${applid}`,
        bearer((await signInStaff(t.app, 'moderator')).accessToken),
      );
      expect(inside.statusCode, inside.body).toBe(200);
      expect(
        Buffer.from(pdfReplySchema.parse(inside.json()).base64img, 'base64').subarray(0, 5).toString(),
      ).toBe('%PDF-');
      const otherWard = bearer((await signInStaff(t.app, 'moderator2')).accessToken);
      const outside = await get(`${STAFF_FORM}/${applid}`, otherWard);
      // Another ward's application answers exactly like a missing one (docs/reach.md "Ids outside reach").
      const missing = await get(`${STAFF_FORM}/987654321`, otherWard);
      expect(outside.statusCode).toBe(404);
      expect(outside.body.replace(String(applid), '{id}')).toBe(missing.body.replace('987654321', '{id}'));
      // A landlord's key is not an official's token.
      expect((await get(`${STAFF_FORM}/${applid}`, withKey(key))).statusCode).toBe(401);
    });

    it('answers 404 once the landlord withdrew it', async () => {
      const withdrawn = await t.app.inject({
        method: 'PUT',
        url: `${API_BASE}/process/anonymous/updateApplication/${applid}/${landlord.id}`,
        headers: withKey(key),
      });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      const res = await get(`${FORM}/${applid}`, withKey(key));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(APPLICATION_FORM_MESSAGES.deleted);
    });
  });
});
