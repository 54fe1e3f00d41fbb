// What an uploaded file really is, read from its first bytes (magic numbers). A file name or a claimed
// content type is whatever the sender typed; only the bytes decide what we store and later serve, so a script
// renamed photo.jpg is never handed back to a browser as an image.

export type SniffedType = 'image/jpeg' | 'image/png' | 'application/pdf';

const SIGNATURES: { type: SniffedType; bytes: readonly number[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // '%PDF-'
];

/** The type the bytes declare, or null when they are none of the three kinds we accept. */
export function sniffFileType(file: Uint8Array): SniffedType | null {
  for (const { type, bytes } of SIGNATURES) {
    if (file.length >= bytes.length && bytes.every((b, i) => file[i] === b)) return type;
  }
  return null;
}

/** A person's name for a type, as messages show it. */
export const TYPE_NAMES: Record<SniffedType, string> = {
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'application/pdf': 'PDF document',
};

/** Browsers and old clients say image/jpg or image/pjpeg for JPEG; every other claim is taken literally. */
export function normaliseClaimedType(claimed: string): string {
  const bare = claimed.split(';')[0].trim().toLowerCase();
  return bare === 'image/jpg' || bare === 'image/pjpeg' ? 'image/jpeg' : bare;
}

/** Strict base64 (standard alphabet, optional padding); null when the text is not base64 at all. */
export function decodeBase64(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  if (compact.length === 0) return Buffer.alloc(0);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact) || compact.length % 4 === 1) return null;
  return Buffer.from(compact, 'base64');
}

/** Splits a data URL (`data:image/png;base64,...`) into its claimed type and data; plain base64 passes through. */
export function splitDataUrl(text: string): { claimed: string | null; data: string } {
  const match = /^data:([^;,]*)(?:;[^,]*)?;base64,/i.exec(text);
  return match
    ? { claimed: match[1] || null, data: text.slice(match[0].length) }
    : { claimed: null, data: text };
}
