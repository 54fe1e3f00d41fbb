import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../src/contract/documents.contract';
import { documents } from '../../src/server/db/schema';
import { citizenKeyFor, withKey } from '../support/citizen-key';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { describeImage, photoJpeg, PIXEL_BOMB_JPEG, POLYGLOT_TAIL, polyglotJpeg } from './image-samples';
import { api, registerTenant } from './tenants-test-helpers';
import { b64, TINY_JPEG, tinyPdf } from './uploads-sample-files';

// Issue 20, section 3: every stored image is decoded and written anew from its pixels (docs/media.md, "Stored
// images are re-encoded"). A header claiming 900 MP is refused before decoding; a file that does not decode is
// refused; what a file carries besides its pixels (EXIF with GPS, bytes after the end marker) is never stored.

describe.each(testDatabases())('stored images are re-encoded on %s', (kind) => {
  const t = useTestApp(kind);
  const tenantWithKey = async () => {
    const id = await registerTenant(t);
    return { id, key: withKey(await citizenKeyFor(t, { kind: 'tenant', tenantId: id })) };
  };
  const upload = (key: Record<string, string>, ownerid: number, file: Buffer, doctype = 'PHOTO') =>
    t.app.inject({
      method: 'POST',
      url: api('process/uploaddocument/'),
      headers: key,
      payload: {
        ownerid,
        ownertype: 'tenant',
        doctype,
        base64img: b64(file),
        contenttype: 'image/jpeg',
        ...(doctype === 'IDENTITYPROOF' ? { idtype: 'EPIC' } : {}),
      },
    });
  const storedOf = async (tenantId: number) => {
    const [row] = await t.db
      .select()
      .from(documents)
      .where(and(eq(documents.ownerType, 'tenant'), eq(documents.ownerId, tenantId)));
    return row;
  };
  const docCount = async () => (await t.db.select({ n: count() }).from(documents))[0].n;

  it('refuses a 182-byte JPEG whose header claims 30000 x 30000 pixels, storing nothing', async () => {
    const { id, key } = await tenantWithKey();
    expect(PIXEL_BOMB_JPEG.length).toBeLessThan(200);
    const before = await docCount();
    const res = await upload(key, id, PIXEL_BOMB_JPEG);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.tooManyPixels);
    expect(await docCount()).toBe(before);
  });

  it('refuses a JPEG cut short (it does not decode), storing nothing', async () => {
    const { id, key } = await tenantWithKey();
    const res = await upload(key, id, TINY_JPEG.subarray(0, 150));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.unreadableImage);
    expect(await storedOf(id)).toBeUndefined();
  });

  it('stores a JPEG+ZIP/HTML polyglot as the picture alone: the bytes after the end marker are gone', async () => {
    const { id, key } = await tenantWithKey();
    const res = await upload(key, id, polyglotJpeg(TINY_JPEG));
    expect(res.statusCode, res.body).toBe(200);
    const stored = await storedOf(id);
    expect(stored.content.includes(POLYGLOT_TAIL)).toBe(false);
    expect(stored.content.includes('<script>')).toBe(false);
    expect(stored.content.includes('PK\u0003\u0004')).toBe(false);
    // It ends at the JPEG end marker.
    expect(stored.content.subarray(-2).toString('hex')).toBe('ffd9');
    expect(await describeImage(stored.content)).toMatchObject({ format: 'jpeg', width: 8, height: 8 });
  });

  it('takes a 4000 x 3000 phone photo with GPS in its EXIF: upright, at most 2000 px, no metadata, no tail', async () => {
    const { id, key } = await tenantWithKey();
    // Orientation 6: the camera was held upright, so the picture is shown turned a quarter to the right.
    const photo = polyglotJpeg(await photoJpeg(4000, 3000, { exif: true, orientation: 6 }));
    expect(await describeImage(photo)).toMatchObject({ width: 4000, height: 3000, exif: true });
    expect(photo.includes('MARKER-EXIF')).toBe(true);

    const res = await upload(key, id, photo);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await storedOf(id);
    expect(stored.size).toBe(stored.content.length);
    expect(await describeImage(stored.content)).toEqual({
      format: 'jpeg',
      width: 1500,
      height: 2000,
      exif: false,
      icc: false,
      xmp: false,
      comments: 0,
    });
    expect(stored.content.includes('MARKER-EXIF')).toBe(false);
    expect(stored.content.includes('Exif')).toBe(false);
    expect(stored.content.includes(POLYGLOT_TAIL)).toBe(false);
  });

  /** A PDF identity proof for the tenant, as the tenant's key sends it. */
  const uploadPdf = (key: Record<string, string>, id: number, file: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: api('process/uploaddocument/'),
      headers: key,
      payload: {
        ownerid: id,
        ownertype: 'tenant',
        doctype: 'IDENTITYPROOF',
        idtype: 'EPIC',
        base64img: b64(file),
        contenttype: 'application/pdf',
      },
    });

  it('re-encodes image identity proofs too, and keeps a PDF exactly as sent', async () => {
    const { id, key } = await tenantWithKey();
    const proof = await upload(key, id, await photoJpeg(1200, 800, { exif: true }), 'IDENTITYPROOF');
    expect(proof.statusCode, proof.body).toBe(200);
    expect(await describeImage((await storedOf(id)).content)).toMatchObject({ width: 1200, exif: false });

    const pdf = await uploadPdf(key, id, tinyPdf());
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect((await storedOf(id)).content.equals(tinyPdf())).toBe(true);
  });

  it('refuses a PDF that runs a script when opened, and stores nothing', async () => {
    const { id, key } = await tenantWithKey();
    const before = await t.db.select({ n: count() }).from(documents).where(eq(documents.ownerId, id));
    const hostile = tinyPdf({ catalog: '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>' });
    const res = await uploadPdf(key, id, hostile);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.activePdf);
    const after = await t.db.select({ n: count() }).from(documents).where(eq(documents.ownerId, id));
    expect(after).toEqual(before);
  });
});
