import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_BASE } from '../../contract/api';

// OWASP's device-cookie scheme: a browser that once proved it holds an account carries a signed cookie for it,
// and its attempts are counted apart from everyone else's, so an attacker failing or asking on purpose cannot
// lock the real person out. Two kinds: staff sign-in (docs/sign-in-security.md: the account-wide lockout) and a
// citizen's OTP sends (docs/otp-and-citizen-keys.md: the person's 10 sends a day).

export const DEVICE_COOKIE_TTL_MS = 90 * 24 * 60 * 60_000;

/** What tells the kinds apart: the name's prefix, the path the browser sends it on, and the signed version tag. */
export interface DeviceCookieKind {
  readonly prefix: string;
  readonly path: string;
  readonly version: string;
}

/** Staff sign-in, one cookie per username: sent only with sign-in calls, no other route needs it. */
export const SIGNIN_DEVICE: DeviceCookieKind = {
  prefix: 'mrss_device_',
  path: `${API_BASE}/users/signin`,
  version: 'v1',
};

/** A citizen's OTP requests, one cookie per person (subject key): sent only with the apikey calls (get, check). */
export const OTP_DEVICE: DeviceCookieKind = {
  prefix: 'mrss_otp_device_',
  path: `${API_BASE}/apikey`,
  version: 'o1',
};

/** One cookie per account, so people who share a computer each keep theirs. */
export function deviceCookieName(account: string, kind: DeviceCookieKind = SIGNIN_DEVICE): string {
  const tag = createHash('sha256').update(account.toLowerCase()).digest('hex').slice(0, 12);
  return `${kind.prefix}${tag}`;
}

function mac(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export interface DeviceCookie {
  name: string;
  value: string;
  kind: DeviceCookieKind;
}

/** A new cookie value: kind's version, random device id, the account it vouches for, when issued, and an HMAC. */
export function issueDeviceCookie(
  secret: Buffer,
  account: string,
  now: Date,
  kind: DeviceCookieKind = SIGNIN_DEVICE,
): DeviceCookie {
  const deviceId = randomBytes(16).toString('base64url');
  const payload = [
    kind.version,
    deviceId,
    Buffer.from(account.toLowerCase()).toString('base64url'),
    Math.floor(now.getTime() / 1000),
  ].join('.');
  return { name: deviceCookieName(account, kind), value: `${payload}.${mac(secret, payload)}`, kind };
}

/** Cookies get `Secure` in production and over HTTPS (a plain-HTTP localhost demo could not keep them otherwise). */
export function secureCookies(nodeEnv: string, protocol: string): boolean {
  return nodeEnv === 'production' || protocol === 'https';
}

/** The Set-Cookie header: HttpOnly (no script reads it), SameSite=Strict, Secure over HTTPS. */
export function deviceCookieHeader(cookie: DeviceCookie, secure: boolean): string {
  const parts = [
    `${cookie.name}=${cookie.value}`,
    `Path=${cookie.kind.path}`,
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

/** The device id when the request carries a valid, unexpired cookie of this kind for this account; else null. */
export function trustedDeviceId(
  secret: Buffer,
  cookieHeader: string | undefined,
  account: string,
  now: Date,
  kind: DeviceCookieKind = SIGNIN_DEVICE,
): string | null {
  const value = readCookie(cookieHeader, deviceCookieName(account, kind));
  if (!value || value.length > 256) return null;
  const [version, deviceId, owner, issued, signature] = value.split('.');
  if (version !== kind.version || !deviceId || !owner || !issued || !signature) return null;
  const expected = Buffer.from(mac(secret, [version, deviceId, owner, issued].join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Buffer.from(owner, 'base64url').toString() !== account.toLowerCase()) return null;
  if (now.getTime() - Number(issued) * 1000 > DEVICE_COOKIE_TTL_MS) return null;
  return deviceId;
}
