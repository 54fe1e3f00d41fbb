import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { pdfReplySchema } from '../../src/contract/forms.contract';
import { LANDLORD_MESSAGES } from '../../src/contract/landlords.contract';
import { REGISTRATION_FIELDS } from '../../src/contract/registration-fields';
import { landlords, logRecords, rentalUnits } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { landlordOnlyIn, MOD_WARD } from './landlords-fixtures';

// The landlord registration form PDF of the stepper's 'All steps completed': the key's own landlord, and officials
// within their jurisdiction (docs/landlords-api.md, "Registration form").

describe.each(testDatabases())('the landlord registration form on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (path: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${API_BASE}/${path}`, headers });
  const staff = async (username: string) => bearer((await signInStaff(t.app, username)).accessToken);

  let own: number;
  let ownKey: string;
  beforeAll(async () => {
    own = await landlordOnlyIn(t.db, MOD_WARD);
    ownKey = await citizenKeyFor(t, { kind: 'landlord', landlordId: own });
  });

  /** The PDF's bytes; jspdf writes uncompressed text streams, so the form's words can be searched. */
  const pdfOf = (body: unknown) => {
    const reply = pdfReplySchema.parse(body);
    return Buffer.from(reply.base64img, 'base64');
  };

  it("gives the key's own form as a PDF with the landlord's details, both addresses and its units", async () => {
    const res = await get(`process/landlordRegistrationForm/${own}`, withKey(ownKey));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().filename).toBe(`landlord-registration-${own}.pdf`);
    const pdf = pdfOf(res.json());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdf.toString('latin1');
    const [row] = await t.db.select().from(landlords).where(eq(landlords.id, own));
    expect(text).toContain('Landlord Registration Form');
    for (const word of [row.epicNo, row.firstName, row.mobile, row.permAddress1, row.presAddress1]) {
      expect(text).toContain(word);
    }
    // A long label wraps in its cell: each of its words is on the page.
    for (const field of REGISTRATION_FIELDS.landlord) {
      for (const word of field.label.split(' ')) expect(text).toContain(word);
    }
    const units = await t.db.select().from(rentalUnits).where(eq(rentalUnits.landlordId, own));
    expect(units.length).toBeGreaterThan(0);
    // A unit's address wraps in its narrow column: each of its words is on the page.
    for (const unit of units.filter((u) => u.disownedAt === null)) {
      for (const word of unit.address1.split(/[ ,]+/)) expect(text).toContain(word);
    }
  });

  it("refuses another landlord's form with 403 (audited) and no key with 401", async () => {
    const [other] = await t.db
      .select({ id: landlords.id })
      .from(landlords)
      .where(eq(landlords.id, own + 1));
    const res = await get(`process/landlordRegistrationForm/${other?.id ?? 999_999}`, withKey(ownKey));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(LANDLORD_MESSAGES.notYours);
    expect(res.body).not.toContain('base64img');
    const [last] = await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1);
    expect(last.remark).toContain(LANDLORD_MESSAGES.notYours);
    expect((await get(`process/landlordRegistrationForm/${own}`)).statusCode).toBe(401);
  });

  it('gives officials the form of a landlord in their jurisdiction only', async () => {
    const inside = await get(`register/landlordRegistrationForm/${own}`, await staff('moderator'));
    expect(inside.statusCode, inside.body).toBe(200);
    expect(pdfOf(inside.json()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const outside = await get(`register/landlordRegistrationForm/${own}`, await staff('moderator2'));
    // Outside reach answers as a missing id (docs/reach.md).
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe(LANDLORD_MESSAGES.notFound);
    expect((await get('register/landlordRegistrationForm/999999', await staff('moderator'))).statusCode).toBe(
      404,
    );
    expect((await get(`register/landlordRegistrationForm/${own}`, await staff('police'))).statusCode).toBe(
      403,
    );
  });
});
