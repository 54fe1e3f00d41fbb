import { desc, count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applications, logRecords } from '../../src/server/db/schema';
import { hasUnsafeText } from '../../src/contract/text-rules';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import {
  api,
  footprints,
  insertApplications,
  prepareFixture,
  sessions,
  WARD_A,
} from './applications-fixtures';

// Issue 8, item 3: NUL bytes and lone surrogates gave 500 in eleven parameters. The one text rule answers 400 with
// the field named, before any handler or database sees the text, and every refusal, of whatever kind, lands in the
// log records with its texts made safe.

const NUL = '\u0000';
const LONE = '\uD800';
// The JSON text of a lone surrogate: JSON.stringify writes it escaped, as a hostile client would send it.
const jsonWith = (value: unknown) => JSON.stringify(value);

describe.each(testDatabases())('the text rule and the audit of refusals on %s', (kind) => {
  const t = useTestApp(kind);
  const headersOf = sessions(() => t.app);
  let larp: number;

  beforeAll(async () => {
    const fixture = await prepareFixture(t.db, [WARD_A]);
    [larp] = await insertApplications(t.db, fixture, [
      { shape: 'LARP', wardCode: WARD_A, logby: 'landlord' },
    ]);
  });

  const auditCount = async () => (await t.db.select({ n: count() }).from(logRecords))[0].n;
  const lastAudit = async () =>
    (await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1))[0];

  /** Sends a request and checks it was refused with `status` and exactly one audit line, which it returns. */
  const refusedOnce = async (
    request: { method: 'GET' | 'POST'; url: string; as?: string; payload?: string },
    status: number | number[],
    message: string | RegExp,
  ) => {
    // Signed in first: a sign-in writes its own line.
    const auth = request.as ? await headersOf(request.as) : {};
    const before = await auditCount();
    const res = await t.app.inject({
      method: request.method,
      url: request.url,
      headers: { ...auth, ...(request.payload ? { 'content-type': 'application/json' } : {}) },
      payload: request.payload,
    });
    const allowed = Array.isArray(status) ? status : [status];
    expect([request.url, allowed.includes(res.statusCode)]).toEqual([request.url, true]);
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect(await auditCount()).toBe(before + 1);
    const line = await lastAudit();
    expect(line.remark).toMatch(/^Refused( \(\d{3}\))?: /);
    for (const text of [line.remark, line.url, line.username ?? '', line.ipAddress ?? '']) {
      expect(hasUnsafeText(text)).toBe(false);
    }
    return line;
  };

  const signinBody = (fields: Record<string, string>) =>
    jsonWith({ username: 'moderator', password: 'x', captcha: 'TEST42', captchaId: 'abc', ...fields });

  const CASES: [
    name: string,
    request: { method: 'GET' | 'POST'; url: string; as?: string; payload?: string },
    field: string,
  ][] = [
    [
      'sign-in username with NUL',
      { method: 'POST', url: api('users/signin'), payload: signinBody({ username: `mod${NUL}` }) },
      'body.username',
    ],
    [
      'sign-in captchaId with NUL',
      { method: 'POST', url: api('users/signin'), payload: signinBody({ captchaId: `c${NUL}` }) },
      'body.captchaId',
    ],
    [
      'sign-in captchaId with a lone surrogate',
      { method: 'POST', url: api('users/signin'), payload: signinBody({ captchaId: `c${LONE}` }) },
      'body.captchaId',
    ],
    [
      'getroles username',
      { method: 'GET', url: api('users/getroles/mod%00erator'), as: 'admin' },
      'params.username',
    ],
    [
      'userbyUserCode code',
      { method: 'GET', url: api('users/userbyUserCode/17%00'), as: 'admin' },
      'params.code',
    ],
    [
      'list username',
      { method: 'GET', url: api('process/GetApplicationDetails/user/LARP/17/admin%00/0'), as: 'admin' },
      'params.username',
    ],
    [
      'incomplete list code',
      {
        method: 'GET',
        url: api('process/GetIncompleteApplicationDetails/user/LARP/17%00/admin/0'),
        as: 'admin',
      },
      'params.code',
    ],
    [
      'count username',
      { method: 'GET', url: api('process/GetTotalApplications/user/admin%00/LARP'), as: 'admin' },
      'params.username',
    ],
    [
      'landlords page ?name=',
      {
        method: 'GET',
        url: api('process/GetListLandlordsByLACode/user/supermoderator/PS1701001LA01/0?name=a%00b'),
        as: 'supermoderator',
      },
      'query.name',
    ],
    [
      'landlords count ?name=',
      {
        method: 'GET',
        url: api('process/GetTotalLandlordsByLACode/user/supermoderator/PS1701001LA01?name=%00'),
        as: 'supermoderator',
      },
      'query.name',
    ],
  ];

  it.each(CASES)('refuses a %s with 400 naming the field, audited', async (_name, request, field) => {
    const line = await refusedOnce(
      request,
      400,
      new RegExp(`^${field.replace('.', '\\.')}: the text holds a character that is not allowed`),
    );
    expect(line.username).toBe(request.as ?? null);
  });

  it.each([
    ['remarks', { remarks: `fine${NUL}`, applStatus: { applstatus: 'LAVP' } }],
    ['remarks', { remarks: `fine${LONE}`, applStatus: { applstatus: 'LAVP' } }],
    ['otherReason', { event: 'application.reject', reason: 'Other', otherReason: `why${NUL}` }],
    ['otherReason', { event: 'application.reject', reason: 'Other', otherReason: `${LONE}why` }],
  ])('refuses updateApplication %s holding an unsafe character, and changes nothing', async (field, body) => {
    const before = await footprints(t.db, [larp]);
    await refusedOnce(
      {
        method: 'POST',
        url: api('process/updateApplication'),
        as: 'moderator',
        payload: jsonWith({ applid: larp, ...body }),
      },
      400,
      `body.${field}: the text holds a character that is not allowed (a NUL character or a broken Unicode character).`,
    );
    expect(await footprints(t.db, [larp])).toEqual(before);
  });

  it('checks the keys and the depth of a body too', async () => {
    await refusedOnce(
      {
        method: 'POST',
        url: api('process/updateApplication'),
        as: 'moderator',
        payload: jsonWith({ applid: larp, [`x${NUL}`]: 1 }),
      },
      400,
      /^body\.x\uFFFD: /,
    );
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { a: deep };
    await refusedOnce(
      {
        method: 'POST',
        url: api('process/updateApplication'),
        as: 'moderator',
        payload: jsonWith({ applid: larp, deep }),
      },
      400,
      /nested more than 32 levels deep/,
    );
  });

  it('still answers 401 first to an anonymous caller of a staff route, whatever its input', async () => {
    const line = await refusedOnce(
      { method: 'GET', url: api('users/getroles/a%00b') },
      401,
      'Authentication Failed',
    );
    expect(line.username).toBeNull();
  });

  it('audits refusals made before routing: a malformed URL and an over-long path parameter', async () => {
    await refusedOnce(
      { method: 'GET', url: api('users/getroles/%ED%A0%80') },
      400,
      /not a valid url component/,
    );
    // Past Fastify's parameter limit the router finds no route (404), or refuses the parameter (414).
    await refusedOnce(
      { method: 'GET', url: api(`users/getroles/${'a'.repeat(500)}`) },
      [404, 414],
      /No such route|max param length/,
    );
  });

  it('audits schema refusals with the caller, unknown API paths, and not missing web pages', async () => {
    const line = await refusedOnce(
      { method: 'GET', url: api('process/GetApplicationDetail/abc'), as: 'moderator' },
      400,
      /whole number/,
    );
    expect(line.username).toBe('moderator');
    expect(line.remark).toBe(
      `Refused (400): id: The application id must be a whole number. (GET ${api('process/GetApplicationDetail/abc')})`,
    );
    await refusedOnce(
      { method: 'GET', url: api('no/such/route') },
      404,
      `No such route: GET ${api('no/such/route')}`,
    );
    const before = await auditCount();
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing-0000.js' })).statusCode).toBe(404);
    expect(await auditCount()).toBe(before);
  });

  it('writes one line, not two, for a refusal its code already audited', async () => {
    const line = await refusedOnce(
      { method: 'GET', url: api(`process/GetApplicationDetail/${larp}`), as: 'moderator2' },
      // An id outside reach answers like a missing one (docs/reach.md "Ids outside reach"); the line says why.
      404,
      `Application ${larp} was not found.`,
    );
    expect(line.remark).toBe(
      `Refused: application ${larp} is outside the jurisdiction of moderator2 (GET ${api(`process/GetApplicationDetail/${larp}`)})`,
    );
    // The workflow's own refusal (perform-event.ts) and the register's (routes/register.ts).
    const step = await refusedOnce(
      {
        method: 'POST',
        url: api('process/updateApplication'),
        as: 'moderator2',
        payload: jsonWith({ applid: larp, event: 'application.recommendApproval' }),
      },
      // Answered like a missing application (docs/reach.md "Ids outside reach"); the one line says why.
      404,
      `Application ${larp} was not found.`,
    );
    expect(step.remark).toMatch(
      new RegExp(`^Refused: application ${larp} is outside the jurisdiction of moderator2`),
    );
    const lists = await refusedOnce(
      {
        method: 'GET',
        url: api('process/GetTotalLandlordsByLACode/user/someone/PS1701001LA01'),
        as: 'moderator2',
      },
      403,
      'You may only open your own lists.',
    );
    expect(lists.remark).toMatch(/^Refused: You may only open your own lists\./);
  });

  it('leaves the applications table alone through all of it', async () => {
    const [{ n }] = await t.db.select({ n: count() }).from(applications);
    expect(n).toBeGreaterThan(0);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: api(`process/GetApplicationDetail/${larp}`),
          headers: await headersOf('moderator'),
        })
      ).statusCode,
    ).toBe(200);
  });
});
