import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { pdfReplySchema } from '../../src/contract/forms.contract';
import {
  applicationFlow,
  applicationMembers,
  applications,
  familyMembers,
  landlords,
  tenants,
} from '../../src/server/db/schema';
import { applicationFormPdf } from '../../src/server/pdf/application-form.pdf';
import { applicationFormData } from '../../src/server/services/documents-application-form.service';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// GET process/user/GetCompletedApplicationForm/{id} (officials): a real PDF drawn on the server. jspdf writes
// uncompressed content streams, so the words of the form can be looked for in the file itself. The landlord's
// process/GetCompletedApplicationForm/{id} is tested in citizen-clearance-lookups.test.ts.

const MOD_WARD = 'PS1701001LA01W01';

/** The text operand jspdf writes for a string drawn in one piece. */
const shown = (text: string) => `(${text.replace(/([()\\])/g, '\\$1')})`;

describe.each(testDatabases())('completed application form on %s', (kind) => {
  const t = useTestApp(kind);
  const tokens = new Map<string, string>();
  const tokenOf = async (username: string) => {
    if (!tokens.has(username)) tokens.set(username, (await signInStaff(t.app, username)).accessToken);
    return tokens.get(username)!;
  };
  const formOf = async (caller: string, id: number | string) =>
    t.app.inject({
      method: 'GET',
      url: `${API_BASE}/process/user/GetCompletedApplicationForm/${id}`,
      headers: bearer(await tokenOf(caller)),
    });
  const pdfOf = async (caller: string, id: number) => {
    const res = await formOf(caller, id);
    expect(res.statusCode, res.body).toBe(200);
    const body = pdfReplySchema.parse(res.json());
    expect(body.filename).toBe(`application-${id}.pdf`);
    return Buffer.from(body.base64img, 'base64').toString('latin1');
  };

  it('draws the whole application: header, people, members, unit, remarks, flow and the photo', async () => {
    const [row] = await t.db
      .select({
        applid: applications.applid,
        tenant: tenants,
        landlord: landlords,
        remarks: applications.remarks,
      })
      .from(applications)
      .innerJoin(tenants, eq(tenants.id, applications.tenantId))
      .innerJoin(landlords, eq(landlords.id, applications.landlordId))
      .innerJoin(applicationMembers, eq(applicationMembers.applid, applications.applid))
      .where(
        and(
          eq(applications.wardCode, MOD_WARD),
          isNull(applications.deletedAt),
          isNotNull(applicationMembers.familyMemberCode),
        ),
      )
      .limit(1);
    expect(row, 'the demo has an application with family members in the moderator ward').toBeDefined();
    const pdf = await pdfOf('moderator', row.applid);
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    for (const text of [
      'Meghalaya Residents Safety and Security Scheme',
      'Application for Tenant Police Clearance',
      String(row.applid),
      'Landlord Details',
      row.landlord.epicNo,
      'Tenant Details',
      row.tenant.epicNo,
      row.tenant.parentOrSpouseName,
      'Family Members in this Application',
      'Domestic Helpers in this Application',
      'Rental Unit',
      'Remarks',
      'Application Flow',
      'Application Submitted',
      'Attached (right)',
    ]) {
      expect(pdf, text).toContain(shown(text));
    }
    expect(pdf).toContain(`Application ${row.applid}. Generated`);
    const members = await t.db
      .select({ name: familyMembers.memberName })
      .from(applicationMembers)
      .innerJoin(familyMembers, eq(familyMembers.memberCode, applicationMembers.familyMemberCode))
      .where(eq(applicationMembers.applid, row.applid));
    for (const m of members) expect(pdf).toContain(shown(m.name));
    expect(pdf).toMatch(/\/Subtype \/Image[\s\S]*\/Filter \/DCTDecode/);
  });

  it('prints the certificate number of a certified application', async () => {
    const [certified] = await t.db
      .select({ applid: applications.applid, certificateNo: applications.certificateNo })
      .from(applications)
      .where(and(isNotNull(applications.certificateNo), isNull(applications.deletedAt)))
      .limit(1);
    const pdf = await pdfOf('admin', certified.applid);
    expect(pdf).toContain(certified.certificateNo!);
    const flow = await t.db
      .select()
      .from(applicationFlow)
      .where(eq(applicationFlow.applid, certified.applid));
    expect(pdf).toContain(shown('Clearance certificate issued by Locality'));
    expect(flow.some((f) => f.step === 'certified')).toBe(true);
  });

  it('refuses an application outside the jurisdiction, and a deleted, unknown or malformed one', async () => {
    const [theirs] = await t.db
      .select({ applid: applications.applid })
      .from(applications)
      .where(eq(applications.wardCode, MOD_WARD));
    const refused = await formOf('moderator2', theirs.applid);
    // Outside the jurisdiction is answered as an unknown id (docs/reach.md).
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('Application not found.');
    const [deleted] = await t.db
      .select({ applid: applications.applid })
      .from(applications)
      .where(isNotNull(applications.deletedAt));
    const gone = await formOf('admin', deleted.applid);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('This application has been deleted.');
    expect((await formOf('admin', 999999)).statusCode).toBe(404);
    expect((await formOf('admin', 'abc')).statusCode).toBe(400);
    expect((await formOf('admin', 0)).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/process/user/GetCompletedApplicationForm/${theirs.applid}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('makes a PDF form of every live demo application (its speed is measured by the benchmarks, not here)', async () => {
    const admin = { userId: 0, username: 'admin', role: 'ADMIN' as const, usercode: '17', level: 1 };
    const live = await t.db
      .select({ applid: applications.applid })
      .from(applications)
      .where(isNull(applications.deletedAt));
    expect(live.length).toBeGreaterThan(0);
    for (const { applid } of live) {
      const found = await applicationFormData(t.db, { kind: 'staff', staff: admin }, applid);
      if (!found.ok) throw new Error(`application ${applid}: ${found.reason}`);
      const pdf = applicationFormPdf(found.data, { generatedBy: 'admin', generatedAt: new Date() });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});
