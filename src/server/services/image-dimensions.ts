import type { SniffedType } from '../security/file-type';

export interface ImageDimensions {
  width: number;
  height: number;
}

/**
 * An image's size in pixels, read from its header (PNG: the IHDR chunk; JPEG: the first start-of-frame segment),
 * or null when the header is missing or damaged. The server has no image decoder; this is enough to refuse a
 * file that only starts like an image, and a "phone" copy that is not small.
 */
export function imageDimensions(bytes: Uint8Array, type: SniffedType): ImageDimensions | null {
  if (type === 'image/png') return pngDimensions(bytes);
  if (type === 'image/jpeg') return jpegDimensions(bytes);
  return null;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function pngDimensions(bytes: Uint8Array): ImageDimensions | null {
  // Signature (8), then the first chunk must be IHDR: length 13, type, width, height.
  if (bytes.length < 24) return null;
  const data = view(bytes);
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (data.getUint32(8) !== 13 || type !== 'IHDR') return null;
  return positive(data.getUint32(16), data.getUint32(20));
}

/** Start-of-frame markers (baseline, progressive, lossless, arithmetic); C4, C8 and CC are other segments. */
const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const START_OF_SCAN = 0xda;

function jpegDimensions(bytes: Uint8Array): ImageDimensions | null {
  const data = view(bytes);
  let at = 2; // after the start-of-image marker FFD8
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    const length = data.getUint16(at + 2);
    if (length < 2) return null;
    if (SOF_MARKERS.has(marker)) {
      if (at + 9 > bytes.length) return null;
      return positive(data.getUint16(at + 7), data.getUint16(at + 5));
    }
    if (marker === START_OF_SCAN) return null; // image data before any frame header
    at += 2 + length;
  }
  return null;
}

function positive(width: number, height: number): ImageDimensions | null {
  return width > 0 && height > 0 ? { width, height } : null;
}
