import { z } from 'zod';
import { endpoint } from './endpoint';
import { MAX_IMAGE_MEGAPIXELS } from './image-limits';
import { MAX_HERO_BYTES, MAX_PHONE_HERO_BYTES, PHONE_HERO_MAX_SIDE } from './site-media-urls';

export * from './site-media-urls';

/** What the Update Image card and the server say (docs/media.md); the browser checks first with the same words. */
export const MEDIA_MESSAGES = {
  noFile: 'Please choose an image to upload.',
  notImage:
    'Only JPEG or PNG images can be uploaded: this file is neither (its content was checked, not its name).',
  tooLarge: 'The image is larger than 1 MB. Please choose a smaller image.',
  unreadable: 'The image could not be read: it is damaged or not a complete JPEG or PNG file.',
  tooManyPixels: `The image has too many pixels (more than ${MAX_IMAGE_MEGAPIXELS} megapixels). Please choose a smaller image.`,
  notBase64: 'The image was not sent as base64.',
  phoneMissing: 'phoneImage: the small copy for phones is required.',
  phoneNotJpeg: 'phoneImage: the small copy for phones must be a JPEG image.',
  phoneTooLarge: `phoneImage: the small copy for phones must be at most ${MAX_PHONE_HERO_BYTES / 1024} KB.`,
  phoneTooWide: `phoneImage: the small copy for phones must be at most ${PHONE_HERO_MAX_SIDE} pixels on each side.`,
  updated: 'The hero image was updated. The landing page shows it now.',
} as const;

/** Base64 of at most 1 MB plus a data-URL prefix: longer text cannot be a file the server would keep. */
const MAX_IMAGE_TEXT = Math.ceil(MAX_HERO_BYTES / 3) * 4 + 64;
const MAX_PHONE_TEXT = Math.ceil(MAX_PHONE_HERO_BYTES / 3) * 4 + 64;

/**
 * POST master/media/hero. Both images as base64 (a data URL is accepted too). Any type a data URL or the file name
 * claims is ignored: the server reads the type from the bytes.
 */
export const heroUploadBodySchema = z.object({
  image: z.string({ error: MEDIA_MESSAGES.noFile }).max(MAX_IMAGE_TEXT, MEDIA_MESSAGES.tooLarge),
  phoneImage: z
    .string({ error: MEDIA_MESSAGES.phoneMissing })
    .max(MAX_PHONE_TEXT, MEDIA_MESSAGES.phoneTooLarge),
});
export type HeroUploadBody = z.infer<typeof heroUploadBodySchema>;

/** The current hero image as the admin screen shows it. `version` is the SHA-256 (hex) of the uploaded image. */
export const heroInfoSchema = z.object({
  version: z.string(),
  contentType: z.enum(['image/jpeg', 'image/png']),
  byteSize: z.number().int(),
  phoneVersion: z.string(),
  phoneByteSize: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type HeroInfo = z.infer<typeof heroInfoSchema>;

/** GET master/media/hero: the current image, or null when none was uploaded (the landing page's plain banner). */
export const heroInfoReplySchema = z.object({ hero: heroInfoSchema.nullable() });
export type HeroInfoReply = z.infer<typeof heroInfoReplySchema>;

export const heroUploadReplySchema = z.object({ message: z.string(), hero: heroInfoSchema });
export type HeroUploadReply = z.infer<typeof heroUploadReplySchema>;

const onlyAdmin = { staff: ['ADMIN'] } as const;

/**
 * The Media Update calls (ADMIN) and the public images: GET and POST master/media/hero, GET
 * media/{hero|hero-phone}[?v=version] (the image's bytes, sent by the handler).
 */
export const SITE_MEDIA_ENDPOINTS = {
  hero: endpoint({
    method: 'GET',
    path: '/master/media/hero',
    access: onlyAdmin,
    tag: 'media',
    reply: heroInfoReplySchema,
  }),
  uploadHero: endpoint({
    method: 'POST',
    path: '/master/media/hero',
    access: onlyAdmin,
    tag: 'media',
    body: heroUploadBodySchema,
    reply: heroUploadReplySchema,
  }),
  image: endpoint({
    method: 'GET',
    path: '/media/:name',
    access: { public: true },
    tag: 'media',
    params: z.object({ name: z.string().max(64) }),
    query: z.object({ v: z.string().max(128).optional() }),
    reply: null,
  }),
};
