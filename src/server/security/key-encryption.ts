import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

// Keys the server keeps in its database (the transport key pair of server_keys) are stored sealed with
// AES-256-GCM under a key-encryption key that is never in the database: a backup or a copy of the database
// alone does not carry them (issue 20; docs/secrets.md).

const KEY_BYTES = 32;
const IV_BYTES = 12;
const SEALED_PREFIX = 'aes-256-gcm';

/** Where a development or demo server keeps the key it generated, when none is configured. */
export const GENERATED_KEY_FILE = 'key-encryption.key';

export const KEY_FORMAT_MESSAGE =
  'must be the base64 of 32 random bytes (make one with: openssl rand -base64 32)';

/** A configured key: the base64 of exactly 32 bytes. */
export const keyEncryptionKeySetting = z
  .string()
  .trim()
  .refine((text) => decodeKey(text) !== null, KEY_FORMAT_MESSAGE);

/** The key that seals what is written now, and the previous one, still accepted for opening during a rotation. */
export interface KeyEncryptionKeys {
  current: Buffer;
  previous?: Buffer;
  /** Said at start when the server made its own key (development and demo only). */
  note?: string;
}

/** A configuration or a database this server cannot open its keys with; the message says what to do. */
export class KeyEncryptionError extends Error {}

interface KeySettings {
  NODE_ENV: string;
  DATA_DIR: string;
  MRSS_KEY_ENCRYPTION_KEY?: string;
  MRSS_KEY_ENCRYPTION_KEY_FILE?: string;
  MRSS_KEY_ENCRYPTION_KEY_PREVIOUS?: string;
}

/**
 * The key-encryption keys from the configuration: MRSS_KEY_ENCRYPTION_KEY, or the file MRSS_KEY_ENCRYPTION_KEY_FILE
 * names (the base64 of 32 bytes in it), plus MRSS_KEY_ENCRYPTION_KEY_PREVIOUS during a rotation. With neither set
 * outside production, a key generated once in DATA_DIR (never in the database); production requires one.
 */
export function resolveKeyEncryptionKeys(settings: KeySettings): KeyEncryptionKeys {
  const previous = settings.MRSS_KEY_ENCRYPTION_KEY_PREVIOUS
    ? (decodeKey(settings.MRSS_KEY_ENCRYPTION_KEY_PREVIOUS) ?? undefined)
    : undefined;
  if (settings.MRSS_KEY_ENCRYPTION_KEY && settings.MRSS_KEY_ENCRYPTION_KEY_FILE) {
    throw new KeyEncryptionError(
      'Set MRSS_KEY_ENCRYPTION_KEY or MRSS_KEY_ENCRYPTION_KEY_FILE, not both: which one holds the key would be a guess.',
    );
  }
  if (settings.MRSS_KEY_ENCRYPTION_KEY) {
    return { current: requireKey(settings.MRSS_KEY_ENCRYPTION_KEY, 'MRSS_KEY_ENCRYPTION_KEY'), previous };
  }
  if (settings.MRSS_KEY_ENCRYPTION_KEY_FILE) {
    const path = settings.MRSS_KEY_ENCRYPTION_KEY_FILE;
    const name = `MRSS_KEY_ENCRYPTION_KEY_FILE (${path})`;
    return { current: requireKey(readKeyFile(path, name), name), previous };
  }
  if (settings.NODE_ENV === 'production') {
    throw new KeyEncryptionError(
      'MRSS_KEY_ENCRYPTION_KEY or MRSS_KEY_ENCRYPTION_KEY_FILE is required when NODE_ENV=production: the server ' +
        `keys in the database are stored encrypted under it (docs/secrets.md). It ${KEY_FORMAT_MESSAGE}.`,
    );
  }
  const path = join(settings.DATA_DIR, GENERATED_KEY_FILE);
  const created = createKeyFileOnce(path);
  return {
    current: requireKey(readKeyFile(path, path), path),
    previous,
    note: created
      ? `Generated the key that encrypts the server keys in the database: ${path}. Keep it out of database ` +
        'backups; production sets MRSS_KEY_ENCRYPTION_KEY or MRSS_KEY_ENCRYPTION_KEY_FILE instead (docs/secrets.md).'
      : undefined,
  };
}

/** A short public name of a key (not secret: 32 bits of its SHA-256), stored with what it sealed. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** `aes-256-gcm:<key id>:<iv>:<tag>:<ciphertext>`; `label` is bound in as associated data (the row it belongs to). */
export function sealWithKey(plain: Buffer, key: Buffer, label: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(label));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return [SEALED_PREFIX, keyId(key), iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
    .join(':');
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(`${SEALED_PREFIX}:`);
}

/**
 * Opens a sealed value with the current or the previous key; `sealedUnderCurrent` is false when the caller
 * should seal it again under the current key (a rotation in progress). A value sealed under neither is a
 * KeyEncryptionError that names both key ids.
 */
export function openSealed(
  stored: string,
  keys: KeyEncryptionKeys,
  label: string,
): { plain: Buffer; sealedUnderCurrent: boolean } {
  const [, id, iv, tag, body] = stored.split(':');
  const key = [keys.current, keys.previous].find((candidate) => candidate && keyId(candidate) === id);
  if (!key) {
    const configured = [keys.current, keys.previous].filter((k): k is Buffer => !!k).map(keyId);
    throw new KeyEncryptionError(
      `The server keys in the database (${label}) are encrypted under key ${id}, and this server has ` +
        `${configured.join(' and ')}. Start it with the key used before (MRSS_KEY_ENCRYPTION_KEY), or, to ` +
        'rotate, with the new key and the old one as MRSS_KEY_ENCRYPTION_KEY_PREVIOUS (docs/secrets.md).',
    );
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
      .setAAD(Buffer.from(label))
      .setAuthTag(Buffer.from(tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]);
    return { plain, sealedUnderCurrent: key === keys.current };
  } catch {
    throw new KeyEncryptionError(
      `The server keys in the database (${label}) do not open with key ${id}: the stored value was altered.`,
    );
  }
}

function decodeKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed, 'base64');
  return bytes.length === KEY_BYTES ? bytes : null;
}

function requireKey(text: string, name: string): Buffer {
  const key = decodeKey(text);
  if (!key) throw new KeyEncryptionError(`${name} ${KEY_FORMAT_MESSAGE}.`);
  return key;
}

function readKeyFile(path: string, name: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw new KeyEncryptionError(`${name} cannot be read: ${(err as Error).message}`);
  }
}

/**
 * Writes a new random key to `path` unless one is there, readable by the owner only. Written to a private file
 * and hard-linked into place, so processes starting together on one data folder all end up with the first one.
 */
function createKeyFileOnce(path: string): boolean {
  if (existsSync(path)) return false;
  mkdirSync(join(path, '..'), { recursive: true });
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600 });
  try {
    linkSync(draft, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(draft);
  }
}
