import { generateKeyPair, hkdfSync, randomBytes, webcrypto } from 'node:crypto';
import { promisify } from 'node:util';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { sealedSecretSchema, type SealedSecret } from '../../contract/users.contract';
import type { Db } from '../db/client';
import { purgeExpiredRows, type ExpiringTable } from '../db/expiring-rows';
import { serverKeys, transportNonces } from '../db/schema';
import { isSealed, openSealed, sealWithKey, type KeyEncryptionKeys } from './key-encryption';

// Password transport (docs/password-transport.md): the browser encrypts JSON {nonce, secret} with this
// RSA-OAEP-SHA-256 key. PKCS#1 v1.5 is not offered: it is open to padding-oracle attacks (Bleichenbacher) and
// Node >= 20.11 refuses to decrypt it (CVE-2023-46809).

const KEY_ID = 'transport';
const RSA_BITS = 2048;
const CIPHERTEXT_BYTES = RSA_BITS / 8;
const OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;
export const NONCE_TTL_MS = 5 * 60_000;
/** Nonces are base64url; anything else (a NUL byte, say) is refused before it reaches a query. */
const NONCE_FORMAT = /^[A-Za-z0-9_-]{1,64}$/;
/** Expired rows removed by each issue: more than the one it adds, so a flood cannot grow the table. */
const PURGE_PER_ISSUE = 2;
const NONCE_ROWS: ExpiringTable = { table: 'transport_nonces', key: 'nonce' };

interface TransportKey {
  /** Base64 DER SubjectPublicKeyInfo, as given to browsers. */
  publicKeySpki: string;
  privateKey: webcrypto.CryptoKey;
  /** Secret for HMACs that must survive restarts and be shared by replicas (trusted-device cookies). */
  deviceCookieSecret: Buffer;
}

/** Loaded once per database handle, at start (prepareTransportKey): every replica reads the same persisted pair. */
const loaded = new WeakMap<Db, Promise<TransportKey>>();

/**
 * Loads (or, on a new database, creates) the key pair and opens its private key with the key-encryption keys,
 * sealing it under the current key if it was stored in plain text or under the previous key. buildApp awaits it,
 * so a server that cannot open its keys refuses to start (KeyEncryptionError) instead of failing on a sign-in.
 */
export function prepareTransportKey(db: Db, keys: KeyEncryptionKeys): Promise<TransportKey> {
  const key = loadOrCreate(db, keys);
  loaded.set(db, key);
  key.catch(() => loaded.delete(db));
  return key;
}

export function loadTransportKey(db: Db): Promise<TransportKey> {
  const key = loaded.get(db);
  if (!key)
    return Promise.reject(new Error('The transport key was not prepared: buildApp prepares it at start.'));
  return key;
}

async function loadOrCreate(db: Db, keys: KeyEncryptionKeys): Promise<TransportKey> {
  let [row] = await db.select().from(serverKeys).where(eq(serverKeys.id, KEY_ID));
  if (!row) {
    const pair = await promisify(generateKeyPair)('rsa', {
      modulusLength: RSA_BITS,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'der' },
    });
    // Two replicas starting together may both generate; the first insert wins and both read it back.
    await db
      .insert(serverKeys)
      .values({
        id: KEY_ID,
        publicKeySpki: pair.publicKey.toString('base64'),
        privateKeyPkcs8: sealWithKey(pair.privateKey, keys.current, SEAL_LABEL),
      })
      .onConflictDoNothing();
    [row] = await db.select().from(serverKeys).where(eq(serverKeys.id, KEY_ID));
  }
  const pkcs8 = await openPrivateKey(db, row.privateKeyPkcs8, keys);
  const privateKey = await webcrypto.subtle.importKey('pkcs8', pkcs8, OAEP, false, ['decrypt']);
  const deviceCookieSecret = Buffer.from(hkdfSync('sha256', pkcs8, '', 'mrss trusted-device cookie v1', 32));
  return { publicKeySpki: row.publicKeySpki, privateKey, deviceCookieSecret };
}

/** Bound into the seal, so a sealed value copied into another row or column does not open. */
const SEAL_LABEL = `server_keys:${KEY_ID}:private_key_pkcs8`;

/**
 * The private key's PKCS#8 bytes from its stored form. A row written before issue 20 (plain base64) or sealed
 * under the previous key is sealed again under the current one. The update only applies if the row still holds
 * what was read, so replicas starting together cannot overwrite each other: the first wins, the others' update
 * matches nothing, and every process holds the same key pair either way.
 */
async function openPrivateKey(db: Db, stored: string, keys: KeyEncryptionKeys): Promise<Buffer> {
  const opened = isSealed(stored)
    ? openSealed(stored, keys, SEAL_LABEL)
    : { plain: Buffer.from(stored, 'base64'), sealedUnderCurrent: false };
  if (!opened.sealedUnderCurrent) {
    await db
      .update(serverKeys)
      .set({ privateKeyPkcs8: sealWithKey(opened.plain, keys.current, SEAL_LABEL) })
      .where(and(eq(serverKeys.id, KEY_ID), eq(serverKeys.privateKeyPkcs8, stored)));
  }
  return opened.plain;
}

/** Issues a single-use nonce that must travel inside the next ciphertext, and purges a few expired ones. */
export async function issueTransportNonce(db: Db, now: Date): Promise<{ nonce: string; expiresAt: Date }> {
  const nonce = randomBytes(18).toString('base64url');
  const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
  await db.insert(transportNonces).values({ nonce, expiresAt });
  await purgeExpiredRows(db, NONCE_ROWS, now, PURGE_PER_ISSUE);
  return { nonce, expiresAt };
}

export type SealedSecretFailure = 'unreadable' | 'expired';

/** Why a sealed secret was refused; `message` is fit to show the person. */
export class SealedSecretError extends Error {
  constructor(readonly reason: SealedSecretFailure) {
    super(
      reason === 'expired'
        ? 'This form has expired. Please try again.'
        : 'The password could not be read. Please reload the page and try again.',
    );
  }
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

async function decrypt(db: Db, ciphertext: string): Promise<unknown> {
  if (!BASE64.test(ciphertext)) throw new SealedSecretError('unreadable');
  const bytes = Buffer.from(ciphertext, 'base64');
  if (bytes.length !== CIPHERTEXT_BYTES) throw new SealedSecretError('unreadable');
  const { privateKey } = await loadTransportKey(db);
  try {
    // WebCrypto decrypts on libuv's pool, off the event loop that serves other requests.
    const plain = await webcrypto.subtle.decrypt(OAEP, privateKey, bytes);
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plain));
  } catch {
    throw new SealedSecretError('unreadable');
  }
}

/**
 * Decrypts a browser's sealed secret and consumes its nonce in one atomic statement, so the same ciphertext
 * is accepted once at most, by any replica. Callers open the secret first, before any other check can refuse
 * the request, so a ciphertext seen in a refused attempt is spent too. Throws SealedSecretError; never anything that would be a 500
 * for bad input. Reused by every form that sends a secret (sign-in, password change, OTP).
 */
export async function openSealedSecret(
  db: Db,
  ciphertext: string,
  now: Date = new Date(),
): Promise<SealedSecret> {
  const parsed = sealedSecretSchema.safeParse(await decrypt(db, ciphertext));
  if (!parsed.success || !NONCE_FORMAT.test(parsed.data.nonce)) throw new SealedSecretError('unreadable');
  const consumed = await db
    .update(transportNonces)
    .set({ usedAt: now })
    .where(
      and(
        eq(transportNonces.nonce, parsed.data.nonce),
        isNull(transportNonces.usedAt),
        gt(transportNonces.expiresAt, now),
      ),
    )
    .returning({ nonce: transportNonces.nonce });
  if (consumed.length === 0) throw new SealedSecretError('expired');
  return parsed.data;
}
