import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_BASE } from '../../src/contract/api';
import { sessions } from '../../src/server/db/schema';
import { requireStaff, staffOf } from '../../src/server/security/auth-guard';
import { hashSessionToken, TOUCH_INTERVAL_MS } from '../../src/server/security/sessions';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

const IDLE_MS = 10 * 60_000;
const ABSOLUTE_MS = 60 * 60_000;

describe.each(testDatabases())('staff sessions on %s', (kind) => {
  const t = useTestApp(kind, {
    env: { SESSION_IDLE_MS: String(IDLE_MS), SESSION_ABSOLUTE_MS: String(ABSOLUTE_MS) },
    // A probe route only ADMIN may use, to check the role guard itself.
    extend: (app, deps) =>
      app.get(`${API_BASE}/test/admin-only`, { preHandler: requireStaff(deps, ['ADMIN']) }, async (req) => ({
        who: staffOf(req),
      })),
  });

  const summary = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${API_BASE}/dashboard/summary`, headers });
  const expectAuthFailed = async (res: Awaited<ReturnType<typeof summary>>) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Authentication Failed' });
  };

  it('answers 401 without a token, with a malformed header and with an unknown token', async () => {
    await expectAuthFailed(await summary());
    await expectAuthFailed(await summary({ authorization: 'Basic YWRtaW46YWRtaW4=' }));
    await expectAuthFailed(await summary({ authorization: 'Bearer ' }));
    await expectAuthFailed(await summary(bearer('x'.repeat(43))));
    await expectAuthFailed(await summary(bearer('x'.repeat(5000))));
  });

  it('makes the token useless as soon as the official logs out', async () => {
    const { accessToken } = await signInStaff(t.app, 'verifier');
    expect((await summary(bearer(accessToken))).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/users/logout`,
      headers: bearer(accessToken),
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: 'You have been logged out.' });
    await expectAuthFailed(await summary(bearer(accessToken)));
  });

  it('logs out from a sendBeacon call that carries the token as text/plain', async () => {
    const { accessToken } = await signInStaff(t.app, 'verifier');
    const beacon = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/users/logout`,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: accessToken,
    });
    expect(beacon.statusCode).toBe(200);
    await expectAuthFailed(await summary(bearer(accessToken)));
  });

  // Issue 20: a POST with the bearer token and no body (what fetch sends for `method: 'POST'` alone, with or
  // without a JSON content type, or an empty text body) answered 400 and left the session alive.
  it.each([
    ['no body and no content type', {}, undefined],
    ['no body with content-type application/json', { 'content-type': 'application/json' }, ''],
    ['no body with content-type text/plain', { 'content-type': 'text/plain' }, ''],
    ['an empty JSON object', { 'content-type': 'application/json' }, '{}'],
  ])('ends the session on POST logout with the bearer token and %s', async (_name, headers, payload) => {
    const { accessToken } = await signInStaff(t.app, 'verifier');
    expect((await summary(bearer(accessToken))).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/users/logout`,
      headers: { ...bearer(accessToken), ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ message: 'You have been logged out.' });
    await expectAuthFailed(await summary(bearer(accessToken)));
  });

  it('answers logout with 200 even without a session, and ends nothing', async () => {
    const { accessToken } = await signInStaff(t.app, 'verifier');
    expect((await t.app.inject({ method: 'GET', url: `${API_BASE}/users/logout` })).statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/users/logout`,
      payload: { accessToken: 'y'.repeat(43) },
    });
    expect(other.statusCode).toBe(200);
    expect((await summary(bearer(accessToken))).statusCode).toBe(200);
  });

  it('ends a session left idle longer than SESSION_IDLE_MS', async () => {
    const { accessToken } = await signInStaff(t.app, 'police');
    t.clock.advance(IDLE_MS - 1000);
    expect((await summary(bearer(accessToken))).statusCode).toBe(200);
    t.clock.advance(IDLE_MS - 1000);
    expect((await summary(bearer(accessToken))).statusCode).toBe(200);
    t.clock.advance(IDLE_MS + 1);
    await expectAuthFailed(await summary(bearer(accessToken)));
  });

  it('ends even a busy session at its absolute expiry', async () => {
    const { accessToken } = await signInStaff(t.app, 'police');
    const step = IDLE_MS / 2;
    let spent = 0;
    for (; spent + step < ABSOLUTE_MS; spent += step) {
      t.clock.advance(step);
      expect((await summary(bearer(accessToken))).statusCode).toBe(200);
    }
    t.clock.advance(ABSOLUTE_MS - spent);
    await expectAuthFailed(await summary(bearer(accessToken)));
  });

  it('records activity at most every 30 seconds', async () => {
    const { accessToken } = await signInStaff(t.app, 'police');
    const lastSeen = async () =>
      (
        await t.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashSessionToken(accessToken)))
      )[0].lastSeenAt.getTime();
    const signedInAt = await lastSeen();
    t.clock.advance(TOUCH_INTERVAL_MS - 1000);
    await summary(bearer(accessToken));
    expect(await lastSeen()).toBe(signedInAt);
    t.clock.advance(2000);
    await summary(bearer(accessToken));
    expect(await lastSeen()).toBe(t.clock.now().getTime());
  });

  it('answers 403 to a role the route does not allow, and records the refusal', async () => {
    const moderator = await signInStaff(t.app, 'moderator');
    const refused = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/test/admin-only`,
      headers: bearer(moderator.accessToken),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not allowed to do this.');
    const log = await t.db.query.logRecords.findMany({ where: (r, { eq }) => eq(r.username, 'moderator') });
    expect(log.map((r) => r.remark)).toContain(
      'Refused: role MODERATOR may not use GET /mrssapi/mrss/v-1/test/admin-only',
    );

    const admin = await signInStaff(t.app, 'admin');
    const allowed = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/test/admin-only`,
      headers: bearer(admin.accessToken),
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().who).toMatchObject({ username: 'admin', role: 'ADMIN', usercode: '17', level: 1 });
  });
});
