import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import {
  heroInfoReplySchema,
  MAX_HERO_BYTES,
  MAX_PHONE_HERO_BYTES,
  MEDIA_MESSAGES,
  siteMediaUrl,
} from '../../src/contract/site-media.contract';
import { logRecords, siteMedia } from '../../src/server/db/schema';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { describeImage, grainyJpeg, jpegClaiming, photoJpeg, PIXEL_BOMB_JPEG } from './image-samples';
import { jpegOfSize, tinyPng, TINY_JPEG } from './uploads-sample-files';

// Media Update (docs/media.md): only an ADMIN replaces the landing page's hero image; the type is read from the
// bytes; the public image is cacheable and a new upload is served at once.

const OTHER_ROLES = ['verifier', 'moderator', 'supermoderator', 'supervisor', 'user', 'police', 'locality'];
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const b64 = (bytes: Buffer) => bytes.toString('base64');
const upload = (image: Buffer, phone: Buffer = TINY_JPEG) => ({ image: b64(image), phoneImage: b64(phone) });

describe.each(testDatabases())('hero image on %s', (kind) => {
  const t = useTestApp(kind);
  const tokens = new Map<string, string>();
  const headers = async (as: string | null) => {
    if (as && !tokens.has(as)) tokens.set(as, (await signInStaff(t.app, as)).accessToken);
    return as ? bearer(tokens.get(as)!) : {};
  };
  const post = async (as: string | null, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `${API_BASE}/master/media/hero`,
      headers: await headers(as),
      payload,
    });
  const info = async (as: string | null) =>
    t.app.inject({ method: 'GET', url: `${API_BASE}/master/media/hero`, headers: await headers(as) });
  const image = (url: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: extra });
  const storedRows = () => t.db.select().from(siteMedia);

  it('serves a transparent pixel, checked on every use, while no image was uploaded', async () => {
    expect((await info('admin')).json()).toEqual({ hero: null });
    for (const name of ['hero', 'hero-phone'] as const) {
      const res = await image(siteMediaUrl(name));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, no-cache');
      expect(await describeImage(res.rawPayload)).toMatchObject({ format: 'png', width: 1, height: 1 });
    }
    expect((await image(`${API_BASE}/media/logo`)).statusCode).toBe(404);
  });

  it('refuses every role but ADMIN with an audited 403, anonymous callers with 401, and writes nothing', async () => {
    for (const role of OTHER_ROLES) {
      const res = await post(role, upload(TINY_JPEG));
      expect(res.statusCode, role).toBe(403);
      expect((await info(role)).statusCode, role).toBe(403);
      const refusals = await t.db
        .select()
        .from(logRecords)
        .where(and(eq(logRecords.username, role), eq(logRecords.url, `${API_BASE}/master/media/hero`)));
      expect(refusals.length, role).toBe(2);
      expect(refusals.every((r) => r.remark.startsWith('Refused'))).toBe(true);
    }
    expect((await post(null, upload(TINY_JPEG))).statusCode).toBe(401);
    expect((await info(null)).statusCode).toBe(401);
    expect(await storedRows()).toEqual([]);
  });

  it.each([
    [
      'a text file named hero.png',
      Buffer.from('<script>alert(1)</script> hero.png'),
      MEDIA_MESSAGES.notImage,
    ],
    ['a PDF', Buffer.from('%PDF-1.7\n%%EOF'), MEDIA_MESSAGES.notImage],
    ['an image of 1 MB and one byte', jpegOfSize(MAX_HERO_BYTES + 1), MEDIA_MESSAGES.tooLarge],
    [
      'bytes that only start like a JPEG',
      Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]),
      MEDIA_MESSAGES.unreadable,
    ],
    ['nothing', Buffer.alloc(0), MEDIA_MESSAGES.noFile],
    ['a header claiming 30000 x 30000 pixels', PIXEL_BOMB_JPEG, MEDIA_MESSAGES.tooManyPixels],
    ['a JPEG cut short', TINY_JPEG.subarray(0, 150), MEDIA_MESSAGES.unreadable],
  ])('refuses %s with a clear 400 and stores nothing', async (_name, bytes, message) => {
    const res = await post('admin', upload(bytes));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await storedRows()).toEqual([]);
  });

  it('refuses a phone copy that is not a small JPEG, and input that is not base64', async () => {
    const cases: [object, string][] = [
      [upload(TINY_JPEG, tinyPng()), MEDIA_MESSAGES.phoneNotJpeg],
      [upload(TINY_JPEG, jpegOfSize(200 * 1024 + 1)), MEDIA_MESSAGES.phoneTooLarge],
      [upload(TINY_JPEG, await photoJpeg(801, 600)), MEDIA_MESSAGES.phoneTooWide],
      [upload(TINY_JPEG, jpegClaiming(801, 600)), `phoneImage: ${MEDIA_MESSAGES.unreadable}`],
      [{ image: b64(TINY_JPEG) }, MEDIA_MESSAGES.phoneMissing],
      [{ image: 'not base64 at all!', phoneImage: b64(TINY_JPEG) }, `image: ${MEDIA_MESSAGES.notBase64}`],
    ];
    for (const [payload, message] of cases) {
      const res = await post('admin', payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect(await storedRows()).toEqual([]);
  });

  it('takes a PNG whatever it is called or claimed to be, audits it, and serves it cacheable', async () => {
    const png = tinyPng();
    // A data URL claiming JPEG (a PNG saved as hero.jpg): the bytes decide.
    const res = await post('admin', {
      image: `data:image/jpeg;base64,${b64(png)}`,
      phoneImage: b64(TINY_JPEG),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MEDIA_MESSAGES.updated);
    // What is stored and served is the PNG written anew from its pixels; the version is its SHA-256.
    const [stored] = (await storedRows()).filter((row) => row.key === 'hero');
    const png2 = Buffer.from(stored.content);
    expect(await describeImage(png2)).toMatchObject({ format: 'png', width: 2, height: 2 });
    const [storedPhone] = (await storedRows()).filter((row) => row.key === 'hero-phone');
    const { hero } = heroInfoReplySchema.parse((await info('admin')).json());
    expect(hero).toMatchObject({
      version: sha(png2),
      contentType: 'image/png',
      byteSize: png2.length,
      phoneVersion: sha(Buffer.from(storedPhone.content)),
      updatedBy: 'admin',
    });
    const audit = await t.db
      .select()
      .from(logRecords)
      .where(and(eq(logRecords.kind, 'admin'), eq(logRecords.username, 'admin')));
    expect(audit.map((a) => a.remark)).toEqual([expect.stringContaining('Hero image updated: image/png')]);

    const stable = await image(siteMediaUrl('hero'));
    expect(stable.statusCode).toBe(200);
    expect(stable.headers['content-type']).toBe('image/png');
    expect(stable.rawPayload.equals(png2)).toBe(true);
    expect(stable.headers.etag).toBe(`"${sha(png2)}"`);
    expect(stable.headers['cache-control']).toBe('public, no-cache');

    const versioned = await image(siteMediaUrl('hero', sha(png2)));
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(versioned.rawPayload.equals(png2)).toBe(true);

    const again = await image(siteMediaUrl('hero'), { 'if-none-match': `"${sha(png2)}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const phone = await image(siteMediaUrl('hero-phone'));
    expect(phone.headers['content-type']).toBe('image/jpeg');
    expect(phone.rawPayload.equals(Buffer.from(storedPhone.content))).toBe(true);
  });

  it('keeps the phone copy within 200 KB once re-encoded, lowering its quality when it must', async () => {
    const phone = await grainyJpeg(600, 800, 40);
    expect(phone.length).toBeLessThanOrEqual(MAX_PHONE_HERO_BYTES);
    // Written again at the stored quality (85) it would pass 200 KB.
    expect((await sharp(phone).jpeg({ quality: 85 }).toBuffer()).length).toBeGreaterThan(
      MAX_PHONE_HERO_BYTES,
    );
    expect((await post('admin', upload(await photoJpeg(64, 48), phone))).statusCode).toBe(200);
    const stored = Buffer.from((await storedRows()).find((row) => row.key === 'hero-phone')!.content);
    expect(stored.length).toBeLessThanOrEqual(MAX_PHONE_HERO_BYTES);
    expect(await describeImage(stored)).toMatchObject({
      format: 'jpeg',
      width: 600,
      height: 800,
      exif: false,
    });
  });

  it('serves a replacement at once: the old ETag no longer matches and an old version is not held for long', async () => {
    const before = await image(siteMediaUrl('hero'));
    expect((await post('admin', upload(jpegOfSize(4096)))).statusCode).toBe(200);
    const next = Buffer.from((await storedRows()).find((row) => row.key === 'hero')!.content);

    const revalidated = await image(siteMediaUrl('hero'), { 'if-none-match': before.headers.etag as string });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.rawPayload.equals(next)).toBe(true);
    expect(revalidated.headers['content-type']).toBe('image/jpeg');
    expect(revalidated.headers.etag).toBe(`"${sha(next)}"`);

    const stale = await image(siteMediaUrl('hero', sha(tinyPng())));
    expect(stale.headers.etag).toBe(`"${sha(next)}"`);
    expect(stale.rawPayload.equals(next)).toBe(true);
    expect(stale.headers['cache-control']).toBe('public, no-cache');
    expect((await storedRows()).map((r) => r.key).sort()).toEqual(['hero', 'hero-phone']);
  });
});
