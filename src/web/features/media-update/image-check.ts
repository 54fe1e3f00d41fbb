import { MAX_HERO_BYTES, MEDIA_MESSAGES } from '../../../contract/site-media.contract';

export type HeroImageType = 'image/jpeg' | 'image/png';

export type ImageCheck = { ok: true; type: HeroImageType } | { ok: false; message: string };

/** The first bytes of each kind the card accepts; the server reads them again (server/security/file-type.ts). */
const SIGNATURES: { type: HeroImageType; bytes: readonly number[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/**
 * The browser's check before an upload, with the server's words: JPEG or PNG by its first bytes (the file's
 * name and the type the system guesses from it are not trusted), at most 1 MB.
 */
export async function checkChosenImage(file: Blob): Promise<ImageCheck> {
  if (file.size === 0) return { ok: false, message: MEDIA_MESSAGES.noFile };
  if (file.size > MAX_HERO_BYTES) return { ok: false, message: MEDIA_MESSAGES.tooLarge };
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const match = SIGNATURES.find(({ bytes }) => bytes.every((b, i) => head[i] === b));
  return match ? { ok: true, type: match.type } : { ok: false, message: MEDIA_MESSAGES.notImage };
}

/** A file's bytes as a data URL, as the upload call sends them. */
export function asDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error('The file could not be read.'));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}
