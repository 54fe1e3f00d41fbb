import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  IDENTITY_PROOF_TYPES,
  tenantDocumentsReplySchema,
  UPLOAD_MESSAGES,
} from '../../src/contract/documents.contract';
import { documentReplySchema } from '../../src/contract/register.contract';
import { familyMemberSchema } from '../../src/contract/tenants.contract';
import { documents, ID_PROOF_KINDS } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { api, registerTenantAtCounter, staffTokens } from './tenants-test-helpers';
import { b64, TINY_JPEG, tinyPdf } from './uploads-sample-files';

// The declared kind of an identity proof (idtype) is stored with the scan, replaced with it, and returned by every
// read of the document: the tenant's list and one document, staff and key twins, and the member lists.

describe('identity proof kinds', () => {
  it('are the same list in the contract and the database CHECK', () => {
    expect([...ID_PROOF_KINDS]).toEqual([...IDENTITY_PROOF_TYPES]);
    expect(ID_PROOF_KINDS).not.toContain('AADHAAR');
  });
});

describe.each(testDatabases())('identity proof kind on %s', (kind) => {
  const t = useTestApp(kind);
  const staff = staffTokens(t);
  const docCount = async () => (await t.db.select({ n: count() }).from(documents))[0].n;

  /** A tenant the moderator registered at the counter (so it reaches the record: docs/reach.md), with its key. */
  const tenantWithKey = async () => {
    const id = await registerTenantAtCounter(t);
    return { id, key: withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId: id })) };
  };
  const proof = (ownerid: number, idtype: string | undefined, ownertype = 'tenant') => ({
    ownerid,
    ownertype,
    doctype: 'IDENTITYPROOF',
    base64img: b64(tinyPdf()),
    contenttype: 'application/pdf',
    idtype,
  });
  const upload = (headers: Record<string, string>, payload: object, prefix = 'process') =>
    t.app.inject({ method: 'POST', url: api(`${prefix}/uploaddocument/`), headers, payload });
  const rowsOf = (ownerType: 'tenant' | 'tenantfamily', ownerId: number) =>
    t.db
      .select()
      .from(documents)
      .where(and(eq(documents.ownerType, ownerType), eq(documents.ownerId, ownerId)));

  /** The idtype of `docid` as each read of the tenant's documents answers it. */
  const readsOf = async (id: number, docid: number, key: Record<string, string>) => {
    const moderator = await staff('moderator');
    const lists = await Promise.all([
      t.app.inject({ url: api(`process/tenant/${id}/documents`), headers: key }),
      t.app.inject({ url: api(`register/tenant/${id}/documents`), headers: moderator }),
    ]);
    const singles = await Promise.all([
      t.app.inject({ url: api(`process/document/${docid}`), headers: key }),
      t.app.inject({ url: api(`register/document/${docid}`), headers: moderator }),
    ]);
    return [
      ...lists.map((res) => {
        expect(res.statusCode, res.body).toBe(200);
        const item = tenantDocumentsReplySchema.parse(res.json()).documents.find((d) => d.docid === docid);
        expect(item, `document ${docid} in the list`).toBeDefined();
        // Sent, not left out: a null is said as null.
        expect(res.json().documents.find((d: { docid: number }) => d.docid === docid)).toHaveProperty(
          'idtype',
        );
        return item!.idtype;
      }),
      ...singles.map((res) => {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toHaveProperty('idtype');
        return documentReplySchema.parse(res.json()).idtype;
      }),
    ];
  };

  it('stores the kind with the proof, replaces it with the next proof, and returns it in every read', async () => {
    const { id, key } = await tenantWithKey();
    const first = await upload(key, proof(id, 'passport'));
    expect(first.statusCode, first.body).toBe(200);
    expect((await rowsOf('tenant', id)).map((r) => r.idType)).toEqual(['PASSPORT']);
    expect(await readsOf(id, first.json().docid, key)).toEqual([
      'PASSPORT',
      'PASSPORT',
      'PASSPORT',
      'PASSPORT',
    ]);

    // An official replaces it through the staff twin: one proof stays, with the new kind.
    const second = await upload(await staff('moderator'), proof(id, ' dl '), 'register');
    expect(second.statusCode, second.body).toBe(200);
    const rows = await rowsOf('tenant', id);
    expect(rows.map((r) => [r.docid, r.idType])).toEqual([[second.json().docid, 'DL']]);
    expect(await readsOf(id, second.json().docid, key)).toEqual(['DL', 'DL', 'DL', 'DL']);
  });

  it('keeps no kind for other document types, even when one is sent', async () => {
    const { id, key } = await tenantWithKey();
    const photo = await upload(key, {
      ownerid: id,
      ownertype: 'tenant',
      doctype: 'PHOTO',
      base64img: b64(TINY_JPEG),
      contenttype: 'image/jpeg',
      idtype: 'PAN',
    });
    expect(photo.statusCode, photo.body).toBe(200);
    expect((await rowsOf('tenant', id)).map((r) => [r.doctype, r.idType])).toEqual([['PHOTO', null]]);
    expect(await readsOf(id, photo.json().docid, key)).toEqual([null, null, null, null]);
  });

  it.each([
    ['AADHAAR', UPLOAD_MESSAGES.aadhaarRefused],
    ['aadhar', UPLOAD_MESSAGES.aadhaarRefused],
    ['VOTERSLIP', UPLOAD_MESSAGES.idTypeRequired],
    [undefined, UPLOAD_MESSAGES.idTypeRequired],
  ])('refuses idtype %s, storing nothing and keeping the earlier proof', async (idtype, message) => {
    const { id, key } = await tenantWithKey();
    const earlier = await upload(key, proof(id, 'EPIC'));
    expect(earlier.statusCode, earlier.body).toBe(200);
    const before = await docCount();
    const res = await upload(key, proof(id, idtype));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await docCount()).toBe(before);
    expect((await rowsOf('tenant', id)).map((r) => [r.docid, r.idType])).toEqual([
      [earlier.json().docid, 'EPIC'],
    ]);
  });

  it("lists a family member's proof with its kind", async () => {
    const { id, key } = await tenantWithKey();
    const added = await t.app.inject({
      method: 'POST',
      url: api(`process/tenant/${id}/familymembers`),
      headers: key,
      payload: { memberName: 'Wanda Kharkongor', occupation: 'Student', relationship: 'Daughter' },
    });
    const memberCode = added.json<{ memberCode: number }>().memberCode;
    const res = await upload(key, proof(memberCode, 'PAN', 'tenantfamily'));
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowsOf('tenantfamily', memberCode)).map((r) => r.idType)).toEqual(['PAN']);
    const list = await t.app.inject({ url: api(`process/tenant/${id}/familymembers`), headers: key });
    const member = familyMemberSchema.array().parse(list.json())[0];
    expect(member.documents).toEqual([
      { docid: res.json().docid, doctype: 'IDENTITYPROOF', contenttype: 'application/pdf', idtype: 'PAN' },
    ]);
  });

  it('is held by the database: no kind on a photo, no kind outside the list', async () => {
    const id = await registerTenantAtCounter(t);
    const row = (doctype: 'PHOTO' | 'IDENTITYPROOF', idType: string) => ({
      ownerType: 'tenant' as const,
      tenantId: id,
      doctype,
      idType: idType as 'EPIC',
      contentType: 'application/pdf',
      content: tinyPdf(),
      size: tinyPdf().length,
    });
    for (const bad of [row('PHOTO', 'EPIC'), row('IDENTITYPROOF', 'AADHAAR')]) {
      const error = await t.db
        .insert(documents)
        .values(bad)
        .then(
          () => undefined,
          (e: unknown) => e as { cause?: { constraint?: string; message: string }; message: string },
        );
      expect(error, `${bad.doctype} with ${bad.idType}`).toBeDefined();
      const cause = error!.cause ?? error!;
      expect(('constraint' in cause && cause.constraint) || cause.message).toContain('documents_id_type');
    }
  });
});
