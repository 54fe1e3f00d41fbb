import { publicKeyReplySchema } from '../../contract/users.contract';
import { sealSecret } from '../lib/seal-secret';
import { api } from './client';

/**
 * Seals a secret (a password, an OTP) for one request: fetches the transport key with a fresh single-use nonce
 * (users/getPublicKey) and encrypts {nonce, secret} (docs/password-transport.md).
 */
export async function sealForServer(secret: string, signal?: AbortSignal): Promise<string> {
  const key = publicKeyReplySchema.parse(await api('users/getPublicKey', { signal }));
  return sealSecret(key.publicKey, key.nonce, secret);
}
