import { webcrypto } from 'node:crypto';
import type { Response as InjectResponse } from 'light-my-request';
import { API_BASE } from '../../src/contract/api';
import type { CaptchaReply, PublicKeyReply, SigninReply } from '../../src/contract/users.contract';
import type { App } from '../../src/server/app';
import { TEST_CAPTCHA } from './test-app';
import { TEST_PASSWORD } from './test-db';

// The browser's side of staff sign-in, done in Node with the same WebCrypto calls a browser makes:
// getPublicKey -> RSA-OAEP-SHA-256 encrypt {nonce, secret} -> getcaptcha -> signin.

/** Encrypts a sealed secret exactly as the web app does. `publicKey` is the base64 SPKI from getPublicKey. */
export async function sealSecret(publicKey: string, payload: unknown): Promise<string> {
  const key = await webcrypto.subtle.importKey(
    'spki',
    Buffer.from(publicKey, 'base64'),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const plain = new TextEncoder().encode(typeof payload === 'string' ? payload : JSON.stringify(payload));
  const sealed = await webcrypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, plain);
  return Buffer.from(sealed).toString('base64');
}

/** A GET from `remoteAddress` (the anonymous endpoints count requests per address). */
export async function getJson<T>(app: App, path: string, remoteAddress = '127.0.0.1'): Promise<T> {
  const res = await app.inject({ method: 'GET', url: `${API_BASE}/${path}`, remoteAddress });
  if (res.statusCode !== 200) throw new Error(`GET ${path} answered ${res.statusCode}: ${res.body}`);
  return res.json<T>();
}

/** Fetches a key and nonce and returns the ciphertext of `secret`. */
export async function sealPassword(app: App, secret: string, remoteAddress?: string): Promise<string> {
  const { publicKey, nonce } = await getJson<PublicKeyReply>(app, 'users/getPublicKey', remoteAddress);
  return sealSecret(publicKey, { nonce, secret });
}

export interface SigninAttempt {
  username: string;
  password?: string;
  /** Defaults to the fixed test answer. */
  captcha?: string;
  /** A captcha id to reuse; a fresh one is fetched when absent. */
  captchaId?: string;
  /** A ready ciphertext (for replays); otherwise `password` is sealed with a fresh nonce. */
  ciphertext?: string;
  remoteAddress?: string;
  cookie?: string;
}

/** One sign-in call, whatever its outcome; the key and captcha are fetched from the same address, as a browser does. */
export async function attemptSignin(app: App, attempt: SigninAttempt): Promise<InjectResponse> {
  const remoteAddress = attempt.remoteAddress ?? '127.0.0.1';
  const ciphertext =
    attempt.ciphertext ?? (await sealPassword(app, attempt.password ?? TEST_PASSWORD, remoteAddress));
  const captchaId =
    attempt.captchaId ?? (await getJson<CaptchaReply>(app, 'users/getcaptcha', remoteAddress)).captchaId;
  return app.inject({
    method: 'POST',
    url: `${API_BASE}/users/signin`,
    remoteAddress,
    headers: attempt.cookie ? { cookie: attempt.cookie } : {},
    payload: {
      username: attempt.username,
      password: ciphertext,
      captcha: attempt.captcha ?? TEST_CAPTCHA,
      captchaId,
    },
  });
}

/** Signs in and returns the reply; throws with the server's message otherwise. */
export async function signInStaff(
  app: App,
  username: string,
  password = TEST_PASSWORD,
): Promise<SigninReply> {
  const res = await attemptSignin(app, { username, password });
  if (res.statusCode !== 200)
    throw new Error(`sign-in of ${username} answered ${res.statusCode}: ${res.body}`);
  return res.json<SigninReply>();
}

/** The `name=value` part of the trusted-device cookie a successful sign-in set. */
export function deviceCookieFrom(res: InjectResponse): string {
  const header = res.headers['set-cookie'];
  const line = Array.isArray(header) ? header[0] : header;
  if (!line) throw new Error('no Set-Cookie header');
  return line.split(';')[0];
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
