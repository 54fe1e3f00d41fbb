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

/** JPEG quality of the stored copy: no visible loss on a photo or a scan at the sizes the views and PDFs use. */
const JPEG_QUALITY = 85;

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
  maxEdge: number,
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
    const pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' })
      .autoOrient()
      .resize({ width: maxEdge, height: maxEdge, fit: 'inside', withoutEnlargement: true });
    const encoded =
      type === 'image/jpeg'
        ? pipeline.jpeg({ quality: JPEG_QUALITY })
        : pipeline.png({ compressionLevel: 9 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ok: true, image: { bytes: data, contentType: type, width: info.width, height: info.height } };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

const FORMAT_OF: Record<StoredImageType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png' };
