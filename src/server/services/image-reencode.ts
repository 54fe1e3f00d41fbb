import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../contract/image-limits';

// Every image the server stores is decoded and written anew from its pixels (docs/media.md, "Stored images are
// re-encoded"). What the sender's file carried besides its pixels never reaches a PDF, a browser or a backup:
// EXIF (phones write GPS positions), comments, ICC profiles, thumbnails, bytes after the end marker (a ZIP or an
// HTML page of a polyglot). A header that claims more pixels than a phone photo has is refused before any
// decoding, so a 134-byte file cannot make the server allocate gigabytes.

export type StoredImageType = 'image/jpeg' | 'image/png';

export interface ReencodedImage {
  bytes: Buffer;
  contentType: StoredImageType;
  width: number;
  height: number;
}

export type ReencodeResult =
  { ok: true; image: ReencodedImage } | { ok: false; reason: 'too-many-pixels' | 'unreadable' };

/**
 * JPEG qualities of the stored copy, best first: 85 shows no loss on a photo or a scan at the sizes the views and
 * PDFs use; the lower ones are tried only when the copy must fit a size (the hero's phone copy).
 */
const JPEG_QUALITIES = [85, 75, 65, 55] as const;

export interface ReencodeLimits {
  /** The longest side the stored copy may have; a larger image is scaled down, a smaller one never enlarged. */
  maxEdge: number;
  /** JPEG only: the most bytes the stored copy may take (the quality is lowered until it fits, or down to 55). */
  maxBytes?: number;
}

// libvips keeps recent operations in a process-wide cache (50 MB by default); an upload is never decoded twice.
sharp.cache(false);

/**
 * The image decoded (refused when it cannot be: truncated, damaged, or not the type its first bytes say),
 * turned upright by its EXIF orientation, made at most `maxEdge` pixels on its longer side, and written again as
 * the same type with no metadata at all (colours converted to sRGB, so no profile is needed). Decoding runs on
 * libuv's threads, never on the event loop.
 */
export async function reencodeImage(
  bytes: Buffer,
  type: StoredImageType,
  limits: ReencodeLimits,
): Promise<ReencodeResult> {
  // The header alone, read without the pixel limit so that an over-large claim gets its own clear refusal.
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height || header.format !== FORMAT_OF[type])
    return { ok: false, reason: 'unreadable' };
  if (header.width * header.height > MAX_IMAGE_PIXELS) return { ok: false, reason: 'too-many-pixels' };

  try {
    // failOn 'warning' (the default, said here on purpose): a truncated or damaged file is refused, not padded.
    // Colours become 8-bit sRGB (with alpha when the image has it), whatever they came as: CMYK, grey, 16-bit.
    const upright = () =>
      sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' })
        .autoOrient()
        .resize({ width: limits.maxEdge, height: limits.maxEdge, fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb');
    const qualities: readonly number[] = type === 'image/jpeg' ? JPEG_QUALITIES : [0];
    for (const [index, quality] of qualities.entries()) {
      // Each try decodes again (streaming, never the whole image in memory); only a copy that must fit a size
      // (the small phone copy) can need more than one.
      const encoded =
        type === 'image/jpeg' ? upright().jpeg({ quality }) : upright().png({ compressionLevel: 9 });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      const fits = limits.maxBytes === undefined || data.length <= limits.maxBytes;
      if (fits || index === qualities.length - 1)
        return {
          ok: true,
          image: { bytes: data, contentType: type, width: info.width, height: info.height },
        };
    }
    return { ok: false, reason: 'unreadable' };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

const FORMAT_OF: Record<StoredImageType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png' };
