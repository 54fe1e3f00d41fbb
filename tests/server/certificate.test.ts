import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { CERTIFICATE_MESSAGES, verifyReplySchema } from '../../src/contract/certificate.contract';
import { pdfReplySchema } from '../../src/contract/forms.contract';
import { configSchema, loadConfig } from '../../src/server/config';
import { ANONYMOUS_LIMIT } from '../../src/server/security/anonymous-rate-limit';
import { applications, landlords, logRecords, tenants } from '../../src/server/db/schema';
import { certificateSecret, verificationCode } from '../../src/server/services/certificate.service';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// The clearance certificate (GET process/GenerateRC/{id}, register/GenerateRC/{id}) and its public check
// (GET verify/{code}), docs/certificate.md.

const CODE_IN_PDF = /\((\d{1,15}-[A-Za-z0-9_-]{16})\)/;
/** The portal's configured public address: the QR code and the printed link must carry it, whatever the request. */
const PUBLIC_URL = 'https://mrss.example.gov.in';

describe.each(testDatabases())('clearance certificate on %s', (kind) => {
  const t = useTestApp(kind, { env: { MRSS_PUBLIC_URL: PUBLIC_URL } });
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${API_BASE}/${path}`, headers });

  type Row = { applid: number; landlordId: number; certifiedAt: Date | null; certificateNo: string | null };
  let certified: Row;
  let shifted: Row;
  let pending: Row;
  let ownerKey: string;
  let strangerKey: string;
  beforeAll(async () => {
    const pick = async (status: 'PLVP' | 'APARV' | 'LARP', withCertificate: boolean) => {
      const [row] = await t.db
        .select({
          applid: applications.applid,
          landlordId: applications.landlordId,
          certifiedAt: applications.certifiedAt,
          certificateNo: applications.certificateNo,
        })
        .from(applications)
        .where(
          and(
            eq(applications.status, status),
            isNull(applications.deletedAt),
            withCertificate ? isNotNull(applications.certifiedAt) : isNull(applications.certifiedAt),
            eq(applications.wardCode, 'PS1701001LA01W01'),
          ),
        )
        .orderBy(applications.applid)
        .limit(1);
      return row;
    };
    certified = await pick('PLVP', true);
    pending = await pick('LARP', false);
    const [aparv] = await t.db
      .select({
        applid: applications.applid,
        landlordId: applications.landlordId,
        certifiedAt: applications.certifiedAt,
        certificateNo: applications.certificateNo,
      })
      .from(applications)
      .where(and(eq(applications.status, 'APARV'), isNotNull(applications.certifiedAt)))
      .limit(1);
    shifted = aparv;
    expect(certified, 'the demo has a certified application in the moderator ward').toBeDefined();
    expect(pending, 'the demo has a pending application in the moderator ward').toBeDefined();
    expect(shifted, 'the demo has a certified application whose tenant shifted').toBeDefined();
    ownerKey = await citizenKeyFor(t, { kind: 'landlord', landlordId: certified.landlordId });
    const [stranger] = await t.db
      .select({ id: landlords.id })
      .from(landlords)
      .where(ne(landlords.id, certified.landlordId))
      .limit(1);
    strangerKey = await citizenKeyFor(t, { kind: 'landlord', landlordId: stranger.id });
  });

  const pdfText = (body: unknown) =>
    Buffer.from(pdfReplySchema.parse(body).base64img, 'base64').toString('latin1');

  it('gives the landlord its certified application’s certificate as a real PDF with a code that verifies', async () => {
    const res = await get(`process/GenerateRC/${certified.applid}`, withKey(ownerKey));
    expect(res.statusCode, res.body).toBe(200);
    expect(pdfReplySchema.parse(res.json()).filename).toBe(`clearance-certificate-${certified.applid}.pdf`);
    const pdf = pdfText(res.json());
    expect(pdf.startsWith('%PDF-')).toBe(true);
    const [tenant] = await t.db
      .select()
      .from(tenants)
      .innerJoin(applications, eq(applications.tenantId, tenants.id))
      .where(eq(applications.applid, certified.applid));
    for (const text of [
      'Tenant Police Clearance Certificate',
      certified.certificateNo!,
      String(certified.applid),
      'Certifying office',
      'Status History',
      'Family Members Covered',
      'Domestic Helpers Covered',
      'Rental Unit',
      tenant.tenants.epicNo,
    ])
      expect(pdf, text).toContain(`(${text.replace(/([()\\])/g, '\\$1')})`);

    const code = CODE_IN_PDF.exec(pdf)?.[1];
    expect(code, 'the PDF prints its verification code').toBeDefined();
    expect(code).toBe(
      verificationCode(certificateSecret(t.config)!, certified.applid, certified.certifiedAt!),
    );
    const check = await get(`verify/${code}`);
    expect(check.statusCode, check.body).toBe(200);
    const reply = verifyReplySchema.parse(check.json());
    expect(reply).toMatchObject({
      genuine: true,
      valid: true,
      applid: certified.applid,
      certificateNo: certified.certificateNo,
      tenantName: expect.stringContaining(tenant.tenants.firstName) as unknown,
      reason: null,
    });
    // Names only: no EPIC, mobile or address reaches the public answer.
    expect(check.body).not.toContain(tenant.tenants.epicNo);
    expect(check.body).not.toContain(tenant.tenants.mobile);
  });

  it('links to the configured public address, never to the Host or X-Forwarded-Host the caller sent', async () => {
    const res = await get(`process/GenerateRC/${certified.applid}`, {
      ...withKey(ownerKey),
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
    });
    expect(res.statusCode, res.body).toBe(200);
    const pdf = pdfText(res.json());
    const code = CODE_IN_PDF.exec(pdf)?.[1];
    // The printed link ("Check it at ...") is the text of the QR code (both are CertificateMeta.verifyUrl).
    expect(pdf).toContain(`${PUBLIC_URL}/verify/${code}`);
    expect(pdf).not.toContain('evil.example');
  });

  it('gives an official within the jurisdiction the same certificate; one outside gets the audited 404 of a missing id', async () => {
    const inside = await signInStaff(t.app, 'supermoderator');
    const res = await get(`register/GenerateRC/${certified.applid}`, bearer(inside.accessToken));
    expect(res.statusCode, res.body).toBe(200);
    expect(pdfText(res.json())).toContain(`(${certified.certificateNo!})`);

    const outside = await signInStaff(t.app, 'supermoderator2');
    const refused = await get(`register/GenerateRC/${certified.applid}`, bearer(outside.accessToken));
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: CERTIFICATE_MESSAGES.notFound });
  });

  it('refuses another landlord’s key (403, audited) and a key on the staff route (401)', async () => {
    const before = await t.db.$count(logRecords);
    const res = await get(`process/GenerateRC/${certified.applid}`, withKey(strangerKey));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: CERTIFICATE_MESSAGES.notYours });
    expect(await t.db.$count(logRecords)).toBe(before + 1);
    expect((await get(`register/GenerateRC/${certified.applid}`, withKey(ownerKey))).statusCode).toBe(401);
  });

  it('answers 409 for an application without a certificate, and 400 for a bad id', async () => {
    const key = await citizenKeyFor(t, { kind: 'landlord', landlordId: pending.landlordId });
    const res = await get(`process/GenerateRC/${pending.applid}`, withKey(key));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: CERTIFICATE_MESSAGES.notCertified });
    const moderator = await signInStaff(t.app, 'moderator');
    expect(
      (await get(`register/GenerateRC/${pending.applid}`, bearer(moderator.accessToken))).statusCode,
    ).toBe(409);
    expect((await get('register/GenerateRC/abc', bearer(moderator.accessToken))).statusCode).toBe(400);
  });

  it('says a shifted tenant’s certificate is genuine but no longer valid', async () => {
    const code = verificationCode(certificateSecret(t.config)!, shifted.applid, shifted.certifiedAt!);
    const reply = verifyReplySchema.parse((await get(`verify/${code}`)).json());
    expect(reply).toMatchObject({ genuine: true, valid: false, reason: CERTIFICATE_MESSAGES.shifted });
    // Its PDF is no longer issued either.
    const key = await citizenKeyFor(t, { kind: 'landlord', landlordId: shifted.landlordId });
    expect((await get(`process/GenerateRC/${shifted.applid}`, withKey(key))).statusCode).toBe(409);
  });

  it('says a forged code is not genuine: changed mac, another application’s id, another key, garbage', async () => {
    const secret = certificateSecret(t.config)!;
    const real = verificationCode(secret, certified.applid, certified.certifiedAt!);
    const mac = real.slice(real.indexOf('-') + 1);
    const flipped = `${certified.applid}-${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const forged = [
      flipped,
      `${shifted.applid}-${mac}`,
      `${pending.applid}-${mac}`,
      verificationCode(
        'another-secret-of-at-least-thirty-two-chars',
        certified.applid,
        certified.certifiedAt!,
      ),
      verificationCode(secret, certified.applid, new Date(certified.certifiedAt!.getTime() + 1000)),
      '999999999-AAAAAAAAAAAAAAAA',
      'not-a-code',
    ];
    for (const code of forged) {
      const res = await get(`verify/${encodeURIComponent(code)}`);
      expect(res.statusCode, code).toBe(200);
      expect(res.json(), code).toEqual({ genuine: false });
    }
  });

  it('turns a valid code stale when the landlord vacates the unit (tenant shifted): genuine, no longer valid', async () => {
    const code = verificationCode(certificateSecret(t.config)!, certified.applid, certified.certifiedAt!);
    expect(verifyReplySchema.parse((await get(`verify/${code}`)).json())).toMatchObject({ valid: true });
    const [{ rentcode }] = await t.db
      .select({ rentcode: applications.rentcode })
      .from(applications)
      .where(eq(applications.applid, certified.applid));
    const vacated = await get(
      `process/rentalUnit/changestatus/${certified.landlordId}/${rentcode}`,
      withKey(ownerKey),
    );
    expect(vacated.statusCode, vacated.body).toBe(200);
    const [after] = await t.db
      .select({ status: applications.status })
      .from(applications)
      .where(eq(applications.applid, certified.applid));
    expect(after.status).toBe('APARV');
    expect(verifyReplySchema.parse((await get(`verify/${code}`)).json())).toMatchObject({
      genuine: true,
      valid: false,
      reason: CERTIFICATE_MESSAGES.shifted,
    });
    expect((await get(`process/GenerateRC/${certified.applid}`, withKey(ownerKey))).statusCode).toBe(409);
  });

  it('limits anonymous checks per address (429 after the budget)', async () => {
    let last = 0;
    for (let i = 0; i <= ANONYMOUS_LIMIT.max; i++) last = (await get('verify/1-AAAAAAAAAAAAAAAA')).statusCode;
    expect(last).toBe(429);
  });
});

describe('certificate signing key', () => {
  it('uses the configured key; a development key in demo mode only; none otherwise without one', () => {
    const secret = 'x'.repeat(32);
    expect(certificateSecret(loadConfig({ MRSS_CERTIFICATE_SECRET: secret }))).toBe(secret);
    expect(certificateSecret(loadConfig({ NODE_ENV: 'test', MRSS_DEMO: 'true' }))).toMatch(/development/);
    // A start that only forgot NODE_ENV=production signs nothing with a key published in this repository.
    expect(certificateSecret(loadConfig({}))).toBeNull();
    expect(certificateSecret(loadConfig({ NODE_ENV: 'test' }))).toBeNull();
    // A production start refuses to run without one (config.test.ts); a parsed configuration may still lack it.
    expect(certificateSecret(configSchema.parse({ NODE_ENV: 'production' }))).toBeNull();
    expect(() => loadConfig({ MRSS_CERTIFICATE_SECRET: 'short' })).toThrow(/MRSS_CERTIFICATE_SECRET/);
  });

  it('makes codes that differ with the key, the application and the certification time', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const code = verificationCode('a'.repeat(32), 7, at);
    expect(code).toMatch(/^7-[A-Za-z0-9_-]{16}$/);
    expect(verificationCode('b'.repeat(32), 7, at)).not.toBe(code);
    expect(verificationCode('a'.repeat(32), 8, at).slice(2)).not.toBe(code.slice(2));
    expect(verificationCode('a'.repeat(32), 7, new Date(at.getTime() + 1))).not.toBe(code);
  });
});
