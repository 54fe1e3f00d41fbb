import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_BASE } from '../../contract/api';

// OWASP's device-cookie scheme (docs/sign-in-security.md): a browser that once signed in to an account
// carries a signed cookie for it, and its attempts are not counted against the account-wide lockout, so an
// attacker failing on purpose cannot lock the real official out.

export const DEVICE_COOKIE_TTL_MS = 90 * 24 * 60 * 60_000;
/** Sent only with sign-in calls: no other route needs it. */
export const DEVICE_COOKIE_PATH = `${API_BASE}/users/signin`;
const VERSION = 'v1';

/** One cookie per account, so officials who share an office computer each keep theirs. */
export function deviceCookieName(username: string): string {
  const tag = createHash('sha256').update(username.toLowerCase()).digest('hex').slice(0, 12);
  return `mrss_device_${tag}`;
}

function mac(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** A new cookie value: random device id, the account it vouches for, when it was issued, and an HMAC. */
export function issueDeviceCookie(
  secret: Buffer,
  username: string,
  now: Date,
): { name: string; value: string } {
  const deviceId = randomBytes(16).toString('base64url');
  const payload = [
    VERSION,
    deviceId,
    Buffer.from(username.toLowerCase()).toString('base64url'),
    Math.floor(now.getTime() / 1000),
  ].join('.');
  return { name: deviceCookieName(username), value: `${payload}.${mac(secret, payload)}` };
}

/** The Set-Cookie header: HttpOnly (no script reads it), SameSite=Strict, Secure over HTTPS. */
export function deviceCookieHeader(cookie: { name: string; value: string }, secure: boolean): string {
  const parts = [
    `${cookie.name}=${cookie.value}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${Math.floor(DEVICE_COOKIE_TTL_MS / 1000)}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The device id when the request carries a valid, unexpired cookie for this account; otherwise null. */
export function trustedDeviceId(
  secret: Buffer,
  cookieHeader: string | undefined,
  username: string,
  now: Date,
): string | null {
  const value = readCookie(cookieHeader, deviceCookieName(username));
  if (!value || value.length > 256) return null;
  const [version, deviceId, user, issued, signature] = value.split('.');
  if (version !== VERSION || !deviceId || !user || !issued || !signature) return null;
  const expected = Buffer.from(mac(secret, [version, deviceId, user, issued].join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Buffer.from(user, 'base64url').toString() !== username.toLowerCase()) return null;
  if (now.getTime() - Number(issued) * 1000 > DEVICE_COOKIE_TTL_MS) return null;
  return deviceId;
}
