import { z } from 'zod';
import { messageReplySchema } from './api';
import { SIGNIN_PATH } from './api-base';
import { endpoint } from './endpoint';
import { ROLES } from './roles';

/**
 * Staff sign-in. The password never travels in clear: the browser fetches the public key and a single-use
 * nonce, encrypts JSON {nonce, secret} with RSA-OAEP-SHA-256 and sends the base64 ciphertext
 * (protocol: docs/password-transport.md).
 */
export const publicKeyReplySchema = z.object({
  /** Base64 DER SubjectPublicKeyInfo of the RSA-OAEP (SHA-256) transport key. */
  publicKey: z.string(),
  /** Single-use nonce that must be inside the encrypted payload. */
  nonce: z.string(),
  /** ISO time after which the nonce is refused. */
  expiresAt: z.string(),
});
export type PublicKeyReply = z.infer<typeof publicKeyReplySchema>;

/** What the browser encrypts: the nonce binds the ciphertext to one use. */
export const sealedSecretSchema = z.object({ nonce: z.string().min(1), secret: z.string().min(1).max(256) });
export type SealedSecret = z.infer<typeof sealedSecretSchema>;

export const captchaReplySchema = z.object({
  captchaId: z.string(),
  /** Base64 image data; `contentType` says how to show it. */
  image: z.string(),
  contentType: z.string(),
  expiresAt: z.string(),
});
export type CaptchaReply = z.infer<typeof captchaReplySchema>;

export const signinBodySchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(64, 'Username is too long'),
  /** Base64 RSA-OAEP ciphertext of a sealed secret. */
  password: z.string().min(1, 'Password is required').max(2048, 'Password is malformed'),
  captcha: z.string().trim().min(1, 'Captcha is required').max(16, 'Captcha is too long'),
  captchaId: z.string().min(1, 'Captcha has expired. Please refresh it.').max(64),
});
export type SigninBody = z.infer<typeof signinBodySchema>;

export const signinReplySchema = z.object({
  accessToken: z.string(),
  userlevel: z.number().int(),
  roles: z.enum(ROLES),
  username: z.string(),
  usercode: z.string(),
});
export type SigninReply = z.infer<typeof signinReplySchema>;

export const roleSchema = z.object({ id: z.number().int(), name: z.enum(ROLES), rolename: z.string() });
export type RoleDto = z.infer<typeof roleSchema>;

export const userDtoSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  usercode: z.string(),
  level: z.number().int(),
  role: z.array(roleSchema),
});
export type UserDto = z.infer<typeof userDtoSchema>;

export const usernameParamsSchema = z.object({ username: z.string().min(1).max(64) });
export const usercodeParamsSchema = z.object({ code: z.string().min(1).max(32) });

/** Session storage keys the browser keeps after sign-in (backoffice.md section 3). */
export { SESSION_KEYS } from './session-keys';

/**
 * Logout also accepts POST, for navigator.sendBeacon on page unload: a beacon cannot set headers, so the
 * token may come as the text/plain body (or JSON {accessToken}) instead of the Authorization header. Any other
 * body (none, empty, `{}`) is no token, never a refusal: the Authorization header still ends its session.
 */
export function tokenInLogoutBody(body: unknown): string | null {
  if (typeof body !== 'string') return null;
  const text = body.trim();
  if (text === '' || text.length > 400) return null;
  if (!text.startsWith('{')) return text;
  try {
    const token: unknown = (JSON.parse(text) as { accessToken?: unknown }).accessToken;
    return typeof token === 'string' && token.trim() !== '' ? token.trim() : null;
  } catch {
    return null;
  }
}

/** Staff sign-in, logout and account look-ups (docs/password-transport.md, docs/sign-in-security.md). */
export const USER_ENDPOINTS = {
  publicKey: endpoint({
    method: 'GET',
    path: '/users/getPublicKey',
    access: { public: true },
    tag: 'users',
    reply: publicKeyReplySchema,
  }),
  captcha: endpoint({
    method: 'GET',
    path: '/users/getcaptcha',
    access: { public: true },
    tag: 'users',
    reply: captchaReplySchema,
  }),
  signin: endpoint({
    method: 'POST',
    path: SIGNIN_PATH,
    access: { public: true },
    tag: 'users',
    body: signinBodySchema,
    reply: signinReplySchema,
  }),
  /** The token in the Authorization header. */
  logout: endpoint({
    method: 'GET',
    path: '/users/logout',
    access: { public: true },
    tag: 'users',
    reply: messageReplySchema,
  }),
  /** The same for navigator.sendBeacon: any body, searched for a token (tokenInLogoutBody). */
  logoutBeacon: endpoint({
    method: 'POST',
    path: '/users/logout',
    access: { public: true },
    tag: 'users',
    reply: messageReplySchema,
  }),
  roles: endpoint({
    method: 'GET',
    path: '/users/getroles/:username',
    access: { staff: 'any' },
    tag: 'users',
    params: usernameParamsSchema,
    reply: roleSchema.array(),
  }),
  byUsercode: endpoint({
    method: 'GET',
    path: '/users/userbyUserCode/:code',
    access: { staff: 'any' },
    tag: 'users',
    params: usercodeParamsSchema,
    reply: userDtoSchema.array(),
  }),
};
