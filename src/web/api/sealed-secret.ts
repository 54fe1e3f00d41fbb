import { USER_ENDPOINTS, type PublicKeyReply } from '../../contract/users.contract';
import { sealSecret } from '../lib/seal-secret';
import { callEndpoint } from './endpoint-call';

/** A key fetched ahead is used only while its nonce has at least this long to live. */
const SPARE_LIFE_MS = 30_000;

let prepared: Promise<PublicKeyReply | null> | null = null;

function fetchKey(signal?: AbortSignal): Promise<PublicKeyReply> {
  return callEndpoint(USER_ENDPOINTS.publicKey, {}, signal);
}

/**
 * Fetches the next transport key and nonce while the person is still typing (after an OTP was sent), so the
 * submit that follows waits on one round trip, not two. A failed fetch is forgotten: the submit fetches its own.
 */
export function prepareSeal(): void {
  prepared = fetchKey().catch(() => null);
}

async function takePrepared(): Promise<PublicKeyReply | null> {
  const waiting = prepared;
  prepared = null;
  const key = waiting ? await waiting : null;
  return key && Date.parse(key.expiresAt) - Date.now() > SPARE_LIFE_MS ? key : null;
}

/**
 * Seals a secret (a password, an OTP) for one request: the transport key with a fresh single-use nonce
 * (users/getPublicKey, fetched ahead by prepareSeal or now) encrypts {nonce, secret} (docs/password-transport.md).
 */
export async function sealForServer(secret: string, signal?: AbortSignal): Promise<string> {
  const key = (await takePrepared()) ?? (await fetchKey(signal));
  return sealSecret(key.publicKey, key.nonce, secret);
}
