import { deflateSync, crc32 } from 'node:zlib';
import {
  MEDIA_MESSAGES,
  SITE_MEDIA_ENDPOINTS,
  SITE_MEDIA_NAMES,
  type SiteMediaName,
} from '../../contract/site-media.contract';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { auditContext } from '../security/audit-log';
import { staffOf } from '../security/auth-guard';
import { checkHeroUpload, heroInfo, mediaToServe, storeHero } from '../services/site-media.service';
import type { ZodApi } from '../http/zod-api';

/** A version asked for by `?v=` is the one held for a year; a URL without it is checked on every use. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, no-cache';

const isSiteMedia = (name: string): name is SiteMediaName =>
  (SITE_MEDIA_NAMES as readonly string[]).includes(name);

/**
 * The Media Update calls (ADMIN) and the public images (docs/media.md): GET and POST master/media/hero,
 * GET media/{hero|hero-phone}[?v=version].
 */
export function registerSiteMediaRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { db } = deps;

  serve(api, deps, SITE_MEDIA_ENDPOINTS.hero, async () => ({ hero: await heroInfo(db) }));

  serve(api, deps, SITE_MEDIA_ENDPOINTS.uploadHero, async (request) => {
    const images = await checkHeroUpload(request.body);
    const hero = await storeHero(db, images, {
      ...auditContext(request),
      username: staffOf(request).username,
      at: deps.clock.now(),
    });
    return { message: MEDIA_MESSAGES.updated, hero };
  });

  // Anonymous and not rate-limited: the landing page of every visitor behind one address (an office, a mobile
  // operator's NAT) asks for it, and it costs one primary-key read (the bytes only when they must be sent).
  serve(api, deps, SITE_MEDIA_ENDPOINTS.image, async (request, reply) => {
    const { name } = request.params;
    if (!isSiteMedia(name)) throw new HttpError(404, 'There is no such image.');
    const current = await mediaToServe(db, name);
    // None uploaded yet: a transparent pixel, so the landing page's banner keeps its plain look and no
    // browser logs a failed image. Checked again on every use, so the first upload shows at once.
    const media = current ?? NO_IMAGE;
    const cacheControl = current && request.query.v === current.sha256 ? IMMUTABLE : REVALIDATE;
    reply.header('Cache-Control', cacheControl).header('ETag', `"${media.sha256}"`);
    if (holdsVersion(request.headers['if-none-match'], media.sha256)) return reply.code(304).send();
    const loaded = await media.load();
    return reply
      .header('ETag', `"${loaded.sha256}"`)
      .header('Content-Type', loaded.contentType)
      .header('Content-Length', loaded.bytes.length)
      .send(loaded.bytes);
  });

  return Promise.resolve();
}

/** If-None-Match names this version (a list, a weak form, or `*`). */
function holdsVersion(ifNoneMatch: string | undefined, sha256: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === `"${sha256}"`);
}

/** A 1x1 fully transparent PNG, built here rather than kept as an opaque blob. */
function transparentPixel(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]); // 1x1, 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0, 0, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PIXEL = transparentPixel();
const NO_IMAGE = {
  contentType: 'image/png',
  sha256: 'none',
  load: () => Promise.resolve({ contentType: 'image/png', sha256: 'none', bytes: PIXEL }),
};
