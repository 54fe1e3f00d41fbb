import { and, count, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tenantDocumentsReplySchema, UPLOAD_MESSAGES } from '../../src/contract/documents.contract';
import { documentReplySchema } from '../../src/contract/register.contract';
import { documents, domesticHelpers } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import {
  api,
  registerTenant,
  registerTenantAtCounter,
  staffTokens,
  tenantHeldOutside,
  tenantHelperBody,
} from './tenants-test-helpers';
import { b64, jpegOfSize, TINY_JPEG, tinyPdf, tinyPng } from './uploads-sample-files';

// Uploads: the bytes decide the type, the size is capped at 512000 decoded bytes, the owner must be reachable,
// a refused upload stores nothing, a second document of a type replaces the first.

describe.each(testDatabases())('document uploads on %s', (kind) => {
  const t = useTestApp(kind);
  const staff = staffTokens(t);
  const docCount = async () => (await t.db.select({ n: count() }).from(documents))[0].n;
  const upload = (headers: Record<string, string>, payload: object, prefix = 'process') =>
    t.app.inject({ method: 'POST', url: api(`${prefix}/uploaddocument/`), headers, payload });
  const photo = (ownerid: number, file: Buffer = TINY_JPEG, contenttype = 'image/jpeg') => ({
    ownerid,
    ownertype: 'tenant',
    doctype: 'PHOTO',
    base64img: b64(file),
    contenttype,
  });
  const tenantWithKey = async () => {
    const id = await registerTenant(t);
    return { id, key: withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId: id })) };
  };

  it('stores a JPEG photo, and a second photo replaces the first', async () => {
    const { id, key } = await tenantWithKey();
    const first = await upload(key, photo(id));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('PHOTO Uploaded Successfully!');
    const second = await upload(key, photo(id, jpegOfSize(1000), 'image/jpg'));
    expect(second.statusCode).toBe(200);
    const rows = await t.db
      .select()
      .from(documents)
      .where(and(eq(documents.ownerType, 'tenant'), eq(documents.ownerId, id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      docid: second.json().docid,
      doctype: 'PHOTO',
      contentType: 'image/jpeg',
      // Stored re-encoded from its pixels (docs/media.md): the 1000 bytes of comments padding are gone.
      size: rows[0].content.length,
      uploadedBy: `tenant:${id}`,
    });
    expect(rows[0].size).toBeLessThan(1000);
  });

  it('accepts exactly 512000 bytes and refuses 512001, storing nothing', async () => {
    const { id, key } = await tenantWithKey();
    const exact = await upload(key, photo(id, jpegOfSize(512_000)));
    expect(exact.statusCode, exact.body).toBe(200);
    const before = await docCount();
    const over = await upload(key, { ...photo(id, jpegOfSize(512_001)), doctype: 'FORMA' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(over.json().message).toContain('larger than 500 KB (512000 bytes)');
    expect(await docCount()).toBe(before);
  });

  const REFUSED_FILES: [string, (id: number) => object, string][] = [
    [
      'a PNG claimed as JPEG (renamed .jpg)',
      (id) => photo(id, tinyPng(), 'image/jpeg'),
      'The file is a PNG image, but it was sent as image/jpeg',
    ],
    [
      'a PNG in a JPEG data URL',
      (id) => ({
        ...photo(id, tinyPng(), 'image/png'),
        base64img: `data:image/jpeg;base64,${b64(tinyPng())}`,
      }),
      'sent as image/jpeg',
    ],
    [
      'a PNG as a photo',
      (id) => photo(id, tinyPng(), 'image/png'),
      'A PHOTO must be JPEG (JPG); this file is a PNG image.',
    ],
    [
      'a PDF as a signature',
      (id) => ({ ...photo(id, tinyPdf(), 'application/pdf'), doctype: 'SIGNATURE' }),
      'A SIGNATURE must be JPEG (JPG) or PNG',
    ],
    [
      'text bytes',
      (id) => photo(id, Buffer.from('<script>alert(1)</script> just some text'), 'image/jpeg'),
      UPLOAD_MESSAGES.unknownType,
    ],
    ['no file', (id) => photo(id, Buffer.alloc(0)), UPLOAD_MESSAGES.noFile],
    [
      'data that is not base64',
      (id) => ({ ...photo(id), base64img: '***not base64***' }),
      UPLOAD_MESSAGES.notBase64,
    ],
    [
      'an identity proof without its kind',
      (id) => ({ ...photo(id, tinyPdf(), 'application/pdf'), doctype: 'IDENTITYPROOF' }),
      UPLOAD_MESSAGES.idTypeRequired,
    ],
    [
      'an Aadhaar as identity proof',
      (id) => ({ ...photo(id), doctype: 'IDENTITYPROOF', idtype: 'aadhaar' }),
      UPLOAD_MESSAGES.aadhaarRefused,
    ],
  ];

  it.each(REFUSED_FILES)(
    'refuses %s with a clear message and stores nothing',
    async (_what, payload, message) => {
      const { id, key } = await tenantWithKey();
      const before = await docCount();
      const res = await upload(key, payload(id));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
      expect(await docCount()).toBe(before);
    },
  );

  it('takes a PNG signature, a PDF identity proof with its kind, and member documents', async () => {
    const { id, key } = await tenantWithKey();
    expect(
      (await upload(key, { ...photo(id, tinyPng(), 'image/png'), doctype: 'SIGNATURE' })).statusCode,
    ).toBe(200);
    const proof = await upload(key, {
      ...photo(id, tinyPdf(), 'application/pdf'),
      doctype: 'IDENTITYPROOF',
      idtype: 'epic',
    });
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json().message).toBe('IDENTITYPROOF Uploaded Successfully!');
    const member = await t.app.inject({
      method: 'POST',
      url: api(`process/tenant/${id}/familymembers`),
      headers: key,
      payload: { memberName: 'Dari', occupation: 'Student', relationship: 'Son' },
    });
    const memberCode = member.json().memberCode;
    const memberPhoto = await upload(key, { ...photo(memberCode), ownertype: 'tenantfamily' });
    expect(memberPhoto.statusCode, memberPhoto.body).toBe(200);
    const formA = await upload(key, { ...photo(memberCode), ownertype: 'tenantfamily', doctype: 'FORMA' });
    expect(formA.statusCode).toBe(400);
    expect(formA.json().message).toContain('A FORMA cannot be uploaded for a tenantfamily');
    const family = await t.app.inject({ url: api(`process/tenant/${id}/familymembers`), headers: key });
    expect(family.json()[0].documents).toEqual([
      { docid: memberPhoto.json().docid, doctype: 'PHOTO', contenttype: 'image/jpeg', idtype: null },
    ]);

    const listed = tenantDocumentsReplySchema.parse(
      (await t.app.inject({ url: api(`process/tenant/${id}/documents`), headers: key })).json(),
    );
    expect(listed.documents.map((d) => d.doctype).sort()).toEqual(['IDENTITYPROOF', 'SIGNATURE']);
    expect(listed.missingRequired).toEqual(['PHOTO']);
    expect(JSON.stringify(listed)).not.toContain('base64img');
    const one = documentReplySchema.parse(
      (await t.app.inject({ url: api(`process/document/${proof.json().docid}`), headers: key })).json(),
    );
    expect(Buffer.from(one.base64img, 'base64').equals(tinyPdf())).toBe(true);
    const ofMember = await t.app.inject({
      url: api(`process/document/${memberPhoto.json().docid}`),
      headers: key,
    });
    expect(ofMember.statusCode).toBe(200);

    await t.app.inject({
      method: 'DELETE',
      url: api(`process/tenant/${id}/familymembers/${memberCode}`),
      headers: key,
    });
    const afterLeft = await upload(key, { ...photo(memberCode), ownertype: 'tenantfamily' });
    expect(afterLeft.statusCode).toBe(400);
    expect(afterLeft.json().message).toBe(UPLOAD_MESSAGES.memberLeft);
  });

  it("refuses tenant A's key on tenant B's tenant, member, helper and documents, storing nothing", async () => {
    const a = await tenantWithKey();
    const b = await tenantWithKey();
    const memberB = (
      await t.app.inject({
        method: 'POST',
        url: api(`process/tenant/${b.id}/familymembers`),
        headers: b.key,
        payload: { memberName: 'X', occupation: 'Y', relationship: 'Son' },
      })
    ).json().memberCode;
    const helperB = (
      await t.app.inject({
        method: 'POST',
        url: api(`process/tenant/${b.id}/helpers`),
        headers: b.key,
        payload: tenantHelperBody,
      })
    ).json().memberCode;
    const docB = (await upload(b.key, photo(b.id))).json().docid;
    const before = await docCount();
    for (const payload of [
      photo(b.id),
      { ...photo(memberB), ownertype: 'tenantfamily' },
      { ...photo(helperB), ownertype: 'tenanthelper' },
    ]) {
      const res = await upload(a.key, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(403);
    }
    expect(
      (await t.app.inject({ url: api(`process/tenant/${b.id}/documents`), headers: a.key })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: api(`process/document/${docB}`), headers: a.key })).statusCode).toBe(
      403,
    );
    // A missing id answers like another's (issue 20): a key holder cannot tell which ids exist.
    expect((await t.app.inject({ url: api('process/document/999999999'), headers: a.key })).statusCode).toBe(
      403,
    );
    const landlordKey = withKey(await citizenKeyFor(t, { kind: 'landlord', landlordId: 1 }));
    expect((await upload(landlordKey, photo(b.id))).statusCode).toBe(403);
    expect((await upload({}, photo(b.id))).statusCode).toBe(401);
    expect(await docCount()).toBe(before);
  });

  it("lets a landlord's key upload its own helper's signature and no other landlord's", async () => {
    const [own] = await t.db
      .select()
      .from(domesticHelpers)
      .where(eq(domesticHelpers.ownerType, 'landlord'))
      .limit(1);
    const [other] = await t.db
      .select()
      .from(domesticHelpers)
      .where(and(eq(domesticHelpers.ownerType, 'landlord'), ne(domesticHelpers.landlordId, own.landlordId!)))
      .limit(1);
    const key = withKey(await citizenKeyFor(t, { kind: 'landlord', landlordId: own.landlordId! }));
    const sig = (ownerid: number) => ({
      ...photo(ownerid),
      ownertype: 'landlordhelper',
      doctype: 'SIGNATURE',
    });
    expect((await upload(key, sig(own.memberCode))).statusCode).toBe(200);
    const before = await docCount();
    expect((await upload(key, sig(other.memberCode))).statusCode).toBe(403);
    expect(await docCount()).toBe(before);
  });

  it('lets officials upload by role and jurisdiction', async () => {
    const id = await registerTenantAtCounter(t);
    const outside = await tenantHeldOutside(t.db, 'PS1701001LA01W01');
    const byModerator = await upload(await staff('moderator'), photo(id), 'register');
    expect(byModerator.statusCode, byModerator.body).toBe(200);
    expect(
      (await t.db.select().from(documents).where(eq(documents.docid, byModerator.json().docid)))[0]
        .uploadedBy,
    ).toBe('moderator');
    const before = await docCount();
    expect((await upload(await staff('verifier'), photo(id), 'register')).statusCode).toBe(403);
    // Outside reach: the 404 of a missing tenant (docs/reach.md).
    expect((await upload(await staff('moderator'), photo(outside), 'register')).statusCode).toBe(404);
    expect((await upload({}, photo(id), 'register')).statusCode).toBe(401);
    expect(await docCount()).toBe(before);
    const listed = await t.app.inject({
      url: api(`register/tenant/${id}/documents`),
      headers: await staff('verifier'),
    });
    expect(listed.json().documents).toHaveLength(1);
  });
});
