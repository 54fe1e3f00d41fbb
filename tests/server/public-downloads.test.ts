import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import {
  PUBLIC_DOWNLOADS,
  publicDownloadUrl,
  type PublicDownloadName,
} from '../../src/contract/public-downloads.contract';
import { REGISTRATION_FIELDS, type RegistrationEntity } from '../../src/contract/registration-fields';
import { ACT_SUMMARY_LABEL } from '../../src/server/pdf/public/act-summary.pdf';
import { FAQ, PASSWORD_CHANGE_STEPS } from '../../src/server/pdf/public/guides.pdf';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// The landing page's downloads: real PDFs drawn on the server from the shared field list. jspdf writes
// uncompressed text, so the words of a form are read back from the file's text operators.

/** The text a PDF shows: every `(...) Tj` string, unescaped, joined with spaces (wrapped lines join up). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const strings = raw.match(/\((?:[^()\\]|\\.)*\)\s*Tj/g) ?? [];
  return strings
    .map((s) =>
      s
        .replace(/\)\s*Tj$/, '')
        .slice(1)
        .replace(/\\([()\\])/g, '$1'),
    )
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** Which entities' fields each form must print. */
const FORM_FIELDS: Partial<Record<PublicDownloadName, RegistrationEntity[]>> = {
  'form-a.pdf': ['tenant', 'familyMember', 'domesticHelper'],
  'form-b.pdf': ['landlord', 'rentalUnit'],
};

describe.each(testDatabases())('public downloads on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it.each(PUBLIC_DOWNLOADS.map((d) => d.name))('%s is a PDF to save, cached for a day', async (name) => {
    const res = await get(publicDownloadUrl(name));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Government of Meghalaya'.toUpperCase());
    expect(res.rawPayload.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('shows a download in the page with ?inline=1, byte for byte the same file', async () => {
    const saved = await get(publicDownloadUrl('faq.pdf'));
    const shown = await get(publicDownloadUrl('faq.pdf', true));
    expect(shown.headers['content-disposition']).toBe('inline; filename="faq.pdf"');
    expect(shown.rawPayload.equals(saved.rawPayload)).toBe(true);
    // Framed by the portal's own viewer only; a download stays unframeable like every other reply.
    expect(shown.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(shown.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(saved.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each(Object.entries(FORM_FIELDS))('%s prints every field of the shared list', async (name, entities) => {
    const text = pdfText((await get(`${API_BASE}/public/downloads/${name}`)).rawPayload);
    for (const entity of entities ?? []) {
      for (const field of REGISTRATION_FIELDS[entity]) {
        expect(text, `${name}: ${entity}.${field.name}`).toContain(
          field.required ? `${field.label} *` : field.label,
        );
        if (field.hint) expect(text).toContain(`(${field.hint})`);
      }
    }
  });

  it("labels the act as a summary and prints the guides' own steps and answers", async () => {
    const act = pdfText((await get(publicDownloadUrl('act-and-rules.pdf'))).rawPayload);
    expect(act).toContain(`The Act and Rules: ${ACT_SUMMARY_LABEL}`);
    const password = pdfText((await get(publicDownloadUrl('password-change.pdf'))).rawPayload);
    for (const step of PASSWORD_CHANGE_STEPS) expect(password).toContain(step.slice(0, 40));
    const faq = pdfText((await get(publicDownloadUrl('faq.pdf'))).rawPayload);
    for (const { q } of FAQ) expect(faq).toContain(q);
  });

  it('answers 404 for a name not on the list, and keeps no-store on other API replies', async () => {
    for (const name of ['form-c.pdf', '..%2Fpackage.json', 'FORM-A.PDF']) {
      const res = await get(`${API_BASE}/public/downloads/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});
