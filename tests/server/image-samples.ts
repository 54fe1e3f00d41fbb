import sharp from 'sharp';
import { TINY_JPEG } from './uploads-sample-files';

// Images for the re-encoding tests (docs/media.md, "Stored images are re-encoded"), built here so the tests
// carry no binaries: hostile ones (a pixel bomb, a polyglot, a truncated file) and real photos made by sharp.

/** TINY_JPEG with its frame header claiming another size: a few bytes that say "decode me into gigabytes". */
export function jpegClaiming(width: number, height: number): Buffer {
  const copy = Buffer.from(TINY_JPEG);
  const sof = copy.indexOf(Buffer.from([0xff, 0xc0]));
  copy.writeUInt16BE(height, sof + 5);
  copy.writeUInt16BE(width, sof + 7);
  return copy;
}

/** The decompression bomb: a valid-looking JPEG header that claims 30000 x 30000 pixels (900 MP). */
export const PIXEL_BOMB_JPEG = jpegClaiming(30_000, 30_000);

/** What a polyglot carries after the JPEG's end marker: a ZIP's local header and an HTML page with a script. */
export const POLYGLOT_TAIL = Buffer.from(
  'PK\u0003\u0004<html><script>alert(document.domain)</script></html>',
);

/** A JPEG that is also a ZIP and an HTML page (bytes after the end marker; viewers show the picture). */
export function polyglotJpeg(jpeg: Buffer): Buffer {
  return Buffer.concat([jpeg, POLYGLOT_TAIL]);
}

/** A GPS position as a phone writes it (EXIF GPS IFD), with the camera's make: what must never be stored. */
export const PHONE_EXIF = {
  IFD0: { Make: 'PhoneMaker', Model: 'Phone 12', Copyright: 'MARKER-EXIF' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '25/1 34/1 0/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '91/1 53/1 0/1',
  },
};

/** A landscape drawn as SVG (a gradient and a red disc in the upper left quarter): small as a JPEG at any size. */
const scene = (width: number, height: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#3a6"/><stop offset="1" stop-color="#fc8"/></linearGradient></defs>' +
      `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 4}" cy="${height / 4}" r="${height / 8}" fill="#d22"/></svg>`,
  );

/** A JPEG of the given size, with a phone's EXIF (GPS included) and an orientation tag when asked. */
export async function photoJpeg(
  width: number,
  height: number,
  options: { exif?: boolean; orientation?: number } = {},
): Promise<Buffer> {
  let image = sharp(scene(width, height)).jpeg({ quality: 80 });
  if (options.exif) image = image.withExif(PHONE_EXIF);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

/** What sharp reads from stored bytes: format, size, and whether any metadata block is left. */
export async function describeImage(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  return {
    format: meta.format,
    width: meta.width,
    height: meta.height,
    exif: meta.exif !== undefined,
    icc: meta.icc !== undefined,
    xmp: meta.xmp !== undefined,
    comments: (meta.comments ?? []).length,
  };
}

/** Whether `needle` occurs anywhere in `bytes`. */
export const contains = (bytes: Buffer, needle: string | Buffer) => bytes.includes(needle);

/** Grain as heavy as a JPEG can carry, saved at a low quality: it grows when written again at a higher one. */
export function grainyJpeg(width: number, height: number, quality: number): Promise<Buffer> {
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 90 };
  return sharp({ create: { width, height, channels: 3, background: '#789', noise } })
    .jpeg({ quality })
    .toBuffer();
}
