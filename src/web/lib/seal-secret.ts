/**
 * Seals a secret (a password, an OTP) for transport: RSA-OAEP with SHA-256 over JSON {nonce, secret}, using the
 * server's public key and the single-use nonce it issued with it (docs/password-transport.md). The nonce inside
 * the ciphertext makes a captured request worthless once used.
 */
const OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

export async function sealSecret(
  publicKeySpkiBase64: string,
  nonce: string,
  secret: string,
): Promise<string> {
  const key = await crypto.subtle.importKey('spki', base64ToBytes(publicKeySpkiBase64), OAEP, false, [
    'encrypt',
  ]);
  const payload = new TextEncoder().encode(JSON.stringify({ nonce, secret }));
  const ciphertext = await crypto.subtle.encrypt(OAEP, key, payload);
  return bytesToBase64(new Uint8Array(ciphertext));
}

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
