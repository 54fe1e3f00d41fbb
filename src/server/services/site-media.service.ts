import { createHash } from 'node:crypto';
import { inArray, eq } from 'drizzle-orm';
import {
  MAX_HERO_BYTES,
  MAX_PHONE_HERO_BYTES,
  MEDIA_MESSAGES,
  PHONE_HERO_MAX_SIDE,
  type HeroInfo,
  type HeroUploadBody,
  type SiteMediaName,
} from '../../contract/site-media.contract';
import type { Db } from '../db/client';
import { siteMedia } from '../db/schema';
import { HttpError } from '../http/errors';
import { writeAuditLog, type AuditEntry } from '../security/audit-log';
import { decodeBase64, sniffFileType, splitDataUrl } from '../security/file-type';
import {
  reencodeImage,
  type ReencodedImage,
  type ReencodeLimits,
  type StoredImageType,
} from './image-reencode';

// The landing page's hero image (docs/media.md): the ADMIN's upload as is ('hero', wide screens) and the small
// JPEG the browser made from it ('hero-phone', phones), stored side by side in site_media, replaced together.

type ImageType = StoredImageType;

export interface CheckedImage {
  bytes: Buffer;
  contentType: ImageType;
  sha256: string;
}

/** The longest side of the stored wide-screen image: a 2560 px wide screen shows it at its own size. */
export const HERO_MAX_EDGE = 2560;

const refuse = (message: string): never => {
  throw new HttpError(400, message);
};

function decode(text: string, field: 'image' | 'phoneImage'): Buffer {
  const bytes = decodeBase64(splitDataUrl(text).data);
  if (bytes === null) return refuse(`${field}: ${MEDIA_MESSAGES.notBase64}`);
  return bytes;
}

const checked = (bytes: Buffer, contentType: ImageType): CheckedImage => ({
  bytes,
  contentType,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});

/** The image decoded and written anew from its pixels (image-reencode.ts), or a 400 naming the field. */
async function reencoded(
  bytes: Buffer,
  type: ImageType,
  prefix: string,
  limits: ReencodeLimits = { maxEdge: HERO_MAX_EDGE },
): Promise<ReencodedImage> {
  const result = await reencodeImage(bytes, type, limits);
  if (result.ok) return result.image;
  return refuse(
    `${prefix}${result.reason === 'too-many-pixels' ? MEDIA_MESSAGES.tooManyPixels : MEDIA_MESSAGES.unreadable}`,
  );
}

/**
 * Both images, their types read from their bytes (never from a name or a claimed type), each re-encoded from its
 * decoded pixels (what is stored and served, and what the version hashes), or a 400. Stores nothing.
 */
export async function checkHeroUpload(
  body: HeroUploadBody,
): Promise<{ image: CheckedImage; phone: CheckedImage }> {
  const image = decode(body.image, 'image');
  if (image.length === 0) refuse(MEDIA_MESSAGES.noFile);
  if (image.length > MAX_HERO_BYTES) refuse(MEDIA_MESSAGES.tooLarge);
  const type = sniffFileType(image);
  if (type !== 'image/jpeg' && type !== 'image/png') return refuse(MEDIA_MESSAGES.notImage);

  const phone = decode(body.phoneImage, 'phoneImage');
  if (phone.length === 0) refuse(MEDIA_MESSAGES.phoneMissing);
  if (phone.length > MAX_PHONE_HERO_BYTES) refuse(MEDIA_MESSAGES.phoneTooLarge);
  if (sniffFileType(phone) !== 'image/jpeg') refuse(MEDIA_MESSAGES.phoneNotJpeg);

  const wide = await reencoded(image, type, '');
  // The phone copy stays light once re-encoded too: its quality is lowered if it would pass 200 KB.
  const small = await reencoded(phone, 'image/jpeg', 'phoneImage: ', {
    maxEdge: HERO_MAX_EDGE,
    maxBytes: MAX_PHONE_HERO_BYTES,
  });
  // Below HERO_MAX_EDGE nothing is scaled, so these are the sizes the browser made.
  if (small.width > PHONE_HERO_MAX_SIDE || small.height > PHONE_HERO_MAX_SIDE)
    refuse(MEDIA_MESSAGES.phoneTooWide);
  return { image: checked(wide.bytes, type), phone: checked(small.bytes, 'image/jpeg') };
}

/**
 * Replaces both images and writes the admin audit record in one transaction: a reader sees the old pair or the
 * new pair, never one of each, and no image changes without its record.
 */
export async function storeHero(
  db: Db,
  images: { image: CheckedImage; phone: CheckedImage },
  audit: Omit<AuditEntry, 'kind' | 'remark'> & { username: string },
): Promise<HeroInfo> {
  await db.transaction(async (tx) => {
    for (const [key, image] of [
      ['hero', images.image],
      ['hero-phone', images.phone],
    ] as const) {
      const values = {
        contentType: image.contentType,
        content: image.bytes,
        sha256: image.sha256,
        byteSize: image.bytes.length,
        updatedAt: audit.at ?? new Date(),
        updatedBy: audit.username,
      };
      await tx
        .insert(siteMedia)
        .values({ key, ...values })
        .onConflictDoUpdate({ target: siteMedia.key, set: values });
    }
    await writeAuditLog(tx, {
      ...audit,
      kind: 'admin',
      remark: `Hero image updated: ${images.image.contentType}, ${images.image.bytes.length} bytes, SHA-256 ${images.image.sha256.slice(0, 12)}`,
    });
  });
  const info = await heroInfo(db);
  if (!info) throw new Error('the hero image just stored was not found');
  return info;
}

/** The current hero image's facts (never its bytes), or null when none was uploaded. */
export async function heroInfo(db: Db): Promise<HeroInfo | null> {
  const rows = await db
    .select({
      key: siteMedia.key,
      contentType: siteMedia.contentType,
      sha256: siteMedia.sha256,
      byteSize: siteMedia.byteSize,
      updatedAt: siteMedia.updatedAt,
      updatedBy: siteMedia.updatedBy,
    })
    .from(siteMedia)
    .where(inArray(siteMedia.key, ['hero', 'hero-phone']));
  const hero = rows.find((row) => row.key === 'hero');
  const phone = rows.find((row) => row.key === 'hero-phone');
  if (!hero || !phone) return null;
  return {
    version: hero.sha256,
    contentType: hero.contentType === 'image/png' ? 'image/png' : 'image/jpeg',
    byteSize: hero.byteSize,
    phoneVersion: phone.sha256,
    phoneByteSize: phone.byteSize,
    updatedAt: hero.updatedAt.toISOString(),
    updatedBy: hero.updatedBy,
  };
}

export interface MediaBytes {
  contentType: string;
  sha256: string;
  bytes: Buffer;
}

export interface ServedMedia {
  contentType: string;
  sha256: string;
  /** Read only when the caller does not hold this version already (a newer upload may have come meanwhile). */
  load: () => Promise<MediaBytes>;
}

/**
 * One public image: its version first (a small read), its bytes only when they must be sent. Bytes of a version
 * are the same everywhere, so a process may keep the last ones it read per name (no state that could differ
 * between replicas: a new upload is a new version, read from the database).
 */
export async function mediaToServe(db: Db, name: SiteMediaName): Promise<ServedMedia | null> {
  const [row] = await db
    .select({ contentType: siteMedia.contentType, sha256: siteMedia.sha256 })
    .from(siteMedia)
    .where(eq(siteMedia.key, name));
  if (!row) return null;
  return {
    ...row,
    load: async () => {
      const kept = lastRead.get(name);
      if (kept?.sha256 === row.sha256) return kept;
      const [stored] = await db
        .select({ content: siteMedia.content, sha256: siteMedia.sha256, contentType: siteMedia.contentType })
        .from(siteMedia)
        .where(eq(siteMedia.key, name));
      if (!stored) throw new HttpError(404, 'There is no such image.');
      const fresh = {
        contentType: stored.contentType,
        sha256: stored.sha256,
        bytes: Buffer.from(stored.content),
      };
      lastRead.set(name, fresh);
      return fresh;
    },
  };
}

const lastRead = new Map<SiteMediaName, MediaBytes>();
