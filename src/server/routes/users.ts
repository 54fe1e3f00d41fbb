import type { FastifyRequest } from 'fastify';
import { tokenInLogoutBody, USER_ENDPOINTS } from '../../contract/users.contract';
import type { AppDeps } from '../deps';
import { serve } from '../http/serve-endpoint';
import { anonymousRateLimiter } from '../security/anonymous-rate-limit';
import { auditContext, writeAuditLog } from '../security/audit-log';
import { bearerToken, staffOf } from '../security/auth-guard';
import { issueCaptcha } from '../security/captcha';
import { revokeSession } from '../security/sessions';
import { issueTransportNonce, loadTransportKey } from '../security/transport-key';
import { deviceCookieHeader, secureCookies } from '../security/trusted-device';
import { signIn } from '../services/signin.service';
import { accountsByUsercode, rolesOfAccount } from '../services/staff-accounts.service';
import type { ZodApi } from '../http/zod-api';

/** The per-address budget's name of an endpoint: its path without the leading slash ('users/getcaptcha'). */
const budgetName = (path: string) => path.replace(/^\//, '');

/** Staff sign-in, logout and account look-ups (docs/password-transport.md, docs/sign-in-security.md). */
export async function registerUserRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { db, config } = deps;
  const { clock } = deps;
  const limits = { idleMs: config.SESSION_IDLE_MS, absoluteMs: config.SESSION_ABSOLUTE_MS };
  const perAddressLimit = anonymousRateLimiter({ db, clock });
  const limited = (path: string) => ({ before: [perAddressLimit(budgetName(path))] });

  serve(
    api,
    deps,
    USER_ENDPOINTS.publicKey,
    async () => {
      const [{ publicKeySpki }, { nonce, expiresAt }] = await Promise.all([
        loadTransportKey(db),
        issueTransportNonce(db, clock.now()),
      ]);
      return { publicKey: publicKeySpki, nonce, expiresAt: expiresAt.toISOString() };
    },
    limited(USER_ENDPOINTS.publicKey.path),
  );

  serve(
    api,
    deps,
    USER_ENDPOINTS.captcha,
    async () => issueCaptcha(db, clock.now(), config.MRSS_CAPTCHA_FIXED),
    limited(USER_ENDPOINTS.captcha.path),
  );

  serve(api, deps, USER_ENDPOINTS.signin, async (request, reply) => {
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
  });

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
  serve(api, deps, USER_ENDPOINTS.logout, (request) => logout(request, null));
  // The POST must end the session however it is sent (issue 20: a bearer token with no body answered 400 and
  // the session stayed alive): no body, an empty JSON body, `{}`, the sendBeacon text. So in this scope alone any
  // body is taken as text and only ever searched for a token; nothing about it can refuse the logout.
  await api.register((scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, body);
    });
    serve(scoped, deps, USER_ENDPOINTS.logoutBeacon, (request) =>
      logout(request, tokenInLogoutBody(request.body)),
    );
    return Promise.resolve();
  });

  serve(api, deps, USER_ENDPOINTS.roles, async (request) =>
    rolesOfAccount(db, staffOf(request), request.params.username),
  );

  serve(api, deps, USER_ENDPOINTS.byUsercode, async (request) =>
    accountsByUsercode(db, staffOf(request), request.params.code),
  );
}
