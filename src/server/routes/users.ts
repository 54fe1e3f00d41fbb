import type { FastifyRequest } from 'fastify';
import { errorReplySchema, messageReplySchema } from '../../contract/api';
import {
  captchaReplySchema,
  tokenInLogoutBody,
  publicKeyReplySchema,
  roleSchema,
  signinBodySchema,
  signinReplySchema,
  userDtoSchema,
  usercodeParamsSchema,
  usernameParamsSchema,
} from '../../contract/users.contract';
import type { AppDeps } from '../deps';
import { anonymousRateLimiter } from '../security/anonymous-rate-limit';
import { auditContext, writeAuditLog } from '../security/audit-log';
import { bearerToken, requireStaff, staffOf } from '../security/auth-guard';
import { issueCaptcha } from '../security/captcha';
import { revokeSession } from '../security/sessions';
import { issueTransportNonce, loadTransportKey } from '../security/transport-key';
import { deviceCookieHeader, secureCookies } from '../security/trusted-device';
import { signIn } from '../services/signin.service';
import { accountsByUsercode, rolesOfAccount } from '../services/staff-accounts.service';
import type { ZodApi } from '../http/zod-api';

const errors = { '4xx': errorReplySchema };
/** Marks staff routes in the OpenAPI document (/docs). */
const bearerAuth = [{ bearer: [] }];

/** Staff sign-in, logout and account look-ups (docs/password-transport.md, docs/sign-in-security.md). */
export async function registerUserRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  const { clock } = deps;
  const limits = { idleMs: config.SESSION_IDLE_MS, absoluteMs: config.SESSION_ABSOLUTE_MS };
  const staff = requireStaff(deps);
  const perAddressLimit = anonymousRateLimiter({ db, clock });
  api.get(
    '/users/getPublicKey',
    {
      onRequest: perAddressLimit('users/getPublicKey'),
      schema: { response: { 200: publicKeyReplySchema, ...errors } },
    },
    async () => {
      const [{ publicKeySpki }, { nonce, expiresAt }] = await Promise.all([
        loadTransportKey(db),
        issueTransportNonce(db, clock.now()),
      ]);
      return { publicKey: publicKeySpki, nonce, expiresAt: expiresAt.toISOString() };
    },
  );

  api.get(
    '/users/getcaptcha',
    {
      onRequest: perAddressLimit('users/getcaptcha'),
      schema: { response: { 200: captchaReplySchema, ...errors } },
    },
    async () => issueCaptcha(db, clock.now(), config.MRSS_CAPTCHA_FIXED),
  );

  api.post(
    '/users/signin',
    { schema: { body: signinBodySchema, response: { 200: signinReplySchema, ...errors } } },
    async (request, reply) => {
      const { ip, url } = auditContext(request);
      const result = await signIn(db, limits, {
        body: request.body,
        ip,
        url,
        cookieHeader: request.headers.cookie,
        now: clock.now(),
      });
      const secure = secureCookies(config.NODE_ENV, request.protocol);
      reply.header('Set-Cookie', deviceCookieHeader(result.deviceCookie, secure));
      return result.reply;
    },
  );

  const logout = async (request: FastifyRequest, fromBody: string | null) => {
    const token = bearerToken(request) ?? fromBody;
    const now = clock.now();
    const username = token ? await revokeSession(db, token, now) : null;
    if (username)
      await writeAuditLog(db, {
        ...auditContext(request),
        kind: 'logout',
        username,
        remark: 'Signed out',
        at: now,
      });
    return { message: 'You have been logged out.' };
  };
  api.get('/users/logout', { schema: { response: { 200: messageReplySchema } } }, (request) =>
    logout(request, null),
  );
  // The POST must end the session however it is sent (issue 20: a bearer token with no body answered 400 and
  // the session stayed alive): no body, an empty JSON body, `{}`, the sendBeacon text. So in this scope alone any
  // body is taken as text and only ever searched for a token; nothing about it can refuse the logout.
  await api.register((scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, body);
    });
    scoped.post(
      '/users/logout',
      { schema: { response: { 200: messageReplySchema, ...errors } } },
      (request) => logout(request, tokenInLogoutBody(request.body)),
    );
    return Promise.resolve();
  });

  api.get(
    '/users/getroles/:username',
    {
      onRequest: staff,
      schema: {
        security: bearerAuth,
        params: usernameParamsSchema,
        response: { 200: roleSchema.array(), ...errors },
      },
    },
    async (request) => rolesOfAccount(db, staffOf(request), request.params.username),
  );

  api.get(
    '/users/userbyUserCode/:code',
    {
      onRequest: staff,
      schema: {
        security: bearerAuth,
        params: usercodeParamsSchema,
        response: { 200: userDtoSchema.array(), ...errors },
      },
    },
    async (request) => accountsByUsercode(db, staffOf(request), request.params.code),
  );
}
