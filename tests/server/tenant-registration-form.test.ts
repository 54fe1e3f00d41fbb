import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pdfReplySchema } from '../../src/contract/forms.contract';
import { documents } from '../../src/server/db/schema';
import { FORM_NEEDS_DOCUMENTS_MESSAGE } from '../../src/server/services/tenants-registration-form.service';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import {
  api,
  registerTenant,
  registerTenantAtCounter,
  staffTokens,
  tenantHeldInside,
  tenantHeldOutside,
  tenantRow,
} from './tenants-test-helpers';
import { b64, TINY_JPEG, tinyPdf, tinyPng } from './uploads-sample-files';

// GET process/tenantRegistrationForm/{id} and its staff twin: refused until PHOTO, IDENTITYPROOF and SIGNATURE
// are on file, then a real PDF (its cross-reference table is checked object by object) with the tenant, the
// family, the helpers and the photo.

/** The text operand jspdf writes for a string drawn in one piece (its content streams are not compressed). */
const shown = (text: string) => `(${text.replace(/([()\\])/g, '\\$1')})`;

/** Reads the PDF's structure: startxref points at the xref table, and every in-use entry at its 'n 0 obj'. */
function checkPdfStructure(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const start = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  expect(text.slice(start, start + 4)).toBe('xref');
  const [, first, countText] = /^xref\s+(\d+)\s+(\d+)/.exec(text.slice(start))!;
  const entries = text
    .slice(start)
    .split(/\r?\n/)
    .slice(2, 2 + Number(countText));
  let objects = 0;
  entries.forEach((line, i) => {
    const [offset, , use] = line.trim().split(' ');
    if (use !== 'n') return;
    expect(text.slice(Number(offset)).startsWith(`${Number(first) + i} 0 obj`), `object ${i}`).toBe(true);
    objects++;
  });
  return objects;
}

describe.each(testDatabases())('tenant registration form on %s', (kind) => {
  const t = useTestApp(kind);
  const staff = staffTokens(t);

  it('is refused until the three documents are uploaded, then is a real PDF with the tenant and members', async () => {
    const id = await registerTenant(t);
    const key = withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId: id }));
    const upload = (doctype: string, file: Buffer, contenttype: string, idtype?: string) =>
      t.app.inject({
        method: 'POST',
        url: api('process/uploaddocument/'),
        headers: key,
        payload: { ownerid: id, ownertype: 'tenant', doctype, base64img: b64(file), contenttype, idtype },
      });
    const form = () => t.app.inject({ url: api(`process/tenantRegistrationForm/${id}`), headers: key });

    const none = await form();
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toContain(FORM_NEEDS_DOCUMENTS_MESSAGE);
    expect((await upload('PHOTO', TINY_JPEG, 'image/jpeg')).statusCode).toBe(200);
    expect((await upload('SIGNATURE', tinyPng(), 'image/png')).statusCode).toBe(200);
    const two = await form();
    expect(two.statusCode).toBe(409);
    expect(two.json().message).toBe(`${FORM_NEEDS_DOCUMENTS_MESSAGE} Missing: IDENTITYPROOF.`);

    await t.app.inject({
      method: 'POST',
      url: api(`process/tenant/${id}/familymembers`),
      headers: key,
      payload: { memberName: 'Wanda Kharkongor', occupation: 'Student', relationship: 'Daughter' },
    });
    await t.app.inject({
      method: 'POST',
      url: api(`process/tenant/${id}/helpers`),
      headers: key,
      payload: {
        memberName: 'Bah Kyrmen',
        age: '1980-07-01',
        permanentAddress: {
          address1: 'Mawlai Mawroh',
          pinCode: '793008',
          district: { districtCode: '1701' },
          statename: { stateCode: '17' },
        },
      },
    });
    expect((await upload('IDENTITYPROOF', tinyPdf(), 'application/pdf', 'PAN')).statusCode).toBe(200);

    const res = await form();
    expect(res.statusCode, res.body).toBe(200);
    const reply = pdfReplySchema.parse(res.json());
    expect(reply.filename).toBe(`tenant-registration-${id}.pdf`);
    const pdf = Buffer.from(reply.base64img, 'base64');
    expect(checkPdfStructure(pdf)).toBeGreaterThan(5);
    const text = pdf.toString('latin1');
    const row = await tenantRow(t.db, id);
    for (const s of [
      'Tenant Registration Form',
      row.epicNo,
      String(id),
      'Wanda Kharkongor',
      'Bah Kyrmen',
      // The identity proof names the kind the upload declared.
      'IDENTITYPROOF: PAN card',
    ]) {
      expect(text, s).toContain(shown(s));
    }
    expect(text).toMatch(/\/Subtype \/Image[\s\S]*\/Filter \/DCTDecode/);
    expect(text).toContain(shown('Attached (right)'));
  });

  it('follows the tenant scope: other keys, landlords, roles and jurisdictions are refused', async () => {
    const id = await registerTenant(t);
    const other = await registerTenant(t);
    const otherKey = withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId: other }));
    expect(
      (await t.app.inject({ url: api(`process/tenantRegistrationForm/${id}`), headers: otherKey }))
        .statusCode,
    ).toBe(403);
    const landlordKey = withKey(await citizenKeyFor(t, { kind: 'landlord', landlordId: 1 }));
    expect(
      (await t.app.inject({ url: api(`process/tenantRegistrationForm/${id}`), headers: landlordKey }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: api(`process/tenantRegistrationForm/${id}`) })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          url: api(`register/tenantRegistrationForm/${id}`),
          headers: await staff('police'),
        })
      ).statusCode,
    ).toBe(403);
    const outside = await tenantHeldOutside(t.db, 'PS1701001LA01W01');
    expect(
      (
        await t.app.inject({
          url: api(`register/tenantRegistrationForm/${outside}`),
          headers: await staff('moderator'),
        })
      ).statusCode,
      'outside reach: the 404 of a missing tenant (docs/reach.md)',
    ).toBe(404);
    // A demo tenant of the ward: the form exists exactly when its three documents were seeded.
    const inside = await tenantHeldInside(t.db, 'PS1701001LA01W01');
    const seeded = await t.db
      .select({ doctype: documents.doctype })
      .from(documents)
      .where(and(eq(documents.ownerType, 'tenant'), eq(documents.ownerId, inside)));
    const complete = ['PHOTO', 'IDENTITYPROOF', 'SIGNATURE'].every((d) =>
      seeded.some((s) => s.doctype === d),
    );
    const byModerator = await t.app.inject({
      url: api(`register/tenantRegistrationForm/${inside}`),
      headers: await staff('moderator'),
    });
    expect(byModerator.statusCode).toBe(complete ? 200 : 409);

    // Officials register a tenant at the counter, upload the three documents and print the form.
    const counter = await registerTenantAtCounter(t);
    for (const [doctype, file, contenttype, idtype] of [
      ['PHOTO', TINY_JPEG, 'image/jpeg'],
      ['SIGNATURE', TINY_JPEG, 'image/jpeg'],
      ['IDENTITYPROOF', tinyPdf(), 'application/pdf', 'DL'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: api('register/uploaddocument/'),
        headers: await staff('moderator'),
        payload: {
          ownerid: counter,
          ownertype: 'tenant',
          doctype,
          base64img: b64(file),
          contenttype,
          idtype,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const printed = await t.app.inject({
      url: api(`register/tenantRegistrationForm/${counter}`),
      headers: await staff('verifier'),
    });
    expect(printed.statusCode, printed.body).toBe(200);
    const pdf = Buffer.from(pdfReplySchema.parse(printed.json()).base64img, 'base64');
    expect(checkPdfStructure(pdf)).toBeGreaterThan(5);
    expect(pdf.toString('latin1')).toContain('by verifier.');
  });
});
