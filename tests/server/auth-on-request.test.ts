import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { apiRoutesOf } from '../../src/server/http/route-table';
import { injectOptions, isCitizenRoute, isStaffRoute, requestsFor } from '../support/route-requests';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// Every staff route and every citizen-key route authenticates on request, before its params, query and body are
// read or validated: an anonymous caller (or one with a made-up token or key) gets 401 'Authentication Failed'
// whatever garbage it sends, and so learns nothing about the shapes the API expects. The routes come from the app's
// own table, so a route added later is covered without touching this test.

const RUNS_PER_ROUTE = 15;
/** Fixed unless FUZZ_SEED is set, so a CI failure replays exactly; set it to explore new inputs. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** Fastify's router refuses a path parameter longer than this (maxParamLength): 414, or no route (404). */
const ROUTER_PARAM_LIMIT = 100;

const SHORT_ANSWERS: Record<number, string> = { 404: 'No such route', 414: 'URI Too Long' };

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/**
 * A path the router cannot take apart (an over-long parameter, bytes that are not UTF-8) is refused before any
 * route is chosen, the same way whatever the route: that reveals no route's shapes, and the refusal is audited
 * like every other. Every other anonymous call must be a 401.
 */
function expectedRefusal(url: string): string[] {
  const segments = url.split('?')[0].split('/');
  const answers = ['401 Authentication Failed'];
  if (segments.some((segment) => segment.length > ROUTER_PARAM_LIMIT))
    answers.push('404 No such route', '414 URI Too Long');
  if (!segments.every(decodes)) answers.push('400 not a valid url component');
  // A '.' or '..' segment is resolved away before routing, so the path names another (unknown) route.
  if (segments.some((segment) => segment === '.' || segment === '..')) answers.push('404 No such route');
  return answers;
}

describe.each(testDatabases())('staff and citizen routes authenticate on request on %s', (kind) => {
  const t = useTestApp(kind, { demo: false });

  it('finds the staff routes in the route table', () => {
    const staffRoutes = apiRoutesOf(t.app).filter(isStaffRoute);
    expect(staffRoutes.length).toBeGreaterThanOrEqual(15);
    expect(staffRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        `POST ${API_BASE}/process/updateApplication`,
        `GET ${API_BASE}/register/document/:docid`,
        `GET ${API_BASE}/users/getroles/:username`,
        `GET ${API_BASE}/dashboard/summary`,
      ]),
    );
  });

  it('finds the citizen-key routes in the route table', () => {
    const citizenRoutes = apiRoutesOf(t.app).filter(isCitizenRoute);
    expect(citizenRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        `POST ${API_BASE}/process/changepassword`,
        `POST ${API_BASE}/process/uploaddocument/`,
      ]),
    );
  });

  // Hundreds of requests: past the node project's 30 s on a busy machine, so its own limit (no time is asserted).
  it('answers 401 to anonymous and made-up callers of every staff and citizen route, whatever they send', async () => {
    const wrong: string[] = [];
    let sent = 0;
    const guarded = apiRoutesOf(t.app).filter((r) => isStaffRoute(r) || isCitizenRoute(r));
    for (const [r, route] of guarded.entries()) {
      const samples = fc.sample(requestsFor(route), { numRuns: RUNS_PER_ROUTE, seed: SEED + r });
      const madeUp: Record<string, string> = isStaffRoute(route)
        ? { authorization: 'Bearer made-up-token' }
        : { 'x-api-key': 'made-up-key-made-up-key-made-up-key-made-up' };
      for (const [i, request] of samples.entries()) {
        const headers: Record<string, string> = i % 2 ? madeUp : {};
        const res = await t.app.inject(injectOptions(request, headers, '198.51.100.9'));
        sent++;
        const message = res.json<{ message?: string }>().message ?? '';
        const short = message.endsWith('is not a valid url component')
          ? 'not a valid url component'
          : message;
        const answer = `${res.statusCode} ${SHORT_ANSWERS[res.statusCode] ?? short}`;
        if (!expectedRefusal(request.url).includes(answer))
          wrong.push(`${route.method} ${request.url.slice(0, 120)} -> ${answer.slice(0, 200)}`);
      }
    }
    expect(sent).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  }, 120_000);

  it('declares the bearer or citizen-key scheme on every route that refuses an anonymous caller', async () => {
    const undeclared: string[] = [];
    for (const route of apiRoutesOf(t.app).filter((r) => !isStaffRoute(r) && !isCitizenRoute(r))) {
      const [request] = fc.sample(requestsFor(route), { numRuns: 1, seed: 1 });
      const res = await t.app.inject(injectOptions(request, {}, '198.51.100.10'));
      if (res.statusCode === 401) undeclared.push(`${route.method} ${route.url}`);
    }
    expect(undeclared).toEqual([]);
  });
});
