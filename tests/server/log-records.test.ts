import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import {
  CHAIN_REPORT_FRESH_MS,
  chainStatusSchema,
  logPageSchema,
  type AuditKind,
  type LogQuery,
} from '../../src/contract/log-records.contract';
import { ROLES, type Role } from '../../src/contract/roles';
import { logRecords } from '../../src/server/db/schema';
import { writeAuditLog } from '../../src/server/security/audit-log';
import { api, insertApplications, prepareFixture, sessions, WARD_A } from './applications-fixtures';
import { otpKeyFor } from '../support/otp';
import { useSmtpTestServer } from '../support/smtp-test-server';
import { attemptSignin, bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// GET users/getlog and GET users/getlog/chain: ADMIN only, filters and paging; and every kind of event lands in
// the log with its kind (docs/log-records.md).

const ACCOUNT_OF: Record<Role, string> = {
  ADMIN: 'admin',
  SUPERVISOR: 'supervisor',
  VERIFIER: 'verifier',
  USER: 'user',
  POLICE: 'police',
  LOCALITY: 'locality',
  SUPERMODERATOR: 'supermoderator',
  MODERATOR: 'moderator',
};

describe.each(testDatabases())('log records API on %s', (kind) => {
  // The staff OTP below is mailed (never in the readable outbox): a real SMTP server receives it.
  const smtp = useSmtpTestServer();
  const t = useTestApp(kind, { env: smtp.env });
  const headersOf = sessions(() => t.app);
  const getlog = async (query: Record<string, string> = {}, username = 'admin') =>
    t.app.inject({
      method: 'GET',
      url: `${api('users/getlog')}?${new URLSearchParams(query).toString()}`,
      headers: await headersOf(username),
    });
  const newest = async () => (await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1))[0];

  it.each(ROLES)('lets only ADMIN read the log and its chain (%s)', async (role) => {
    const headers = await headersOf(ACCOUNT_OF[role]);
    for (const url of [api('users/getlog'), api('users/getlog/chain')]) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      if (role === 'ADMIN') {
        expect(res.statusCode).toBe(200);
      } else {
        expect(res.statusCode).toBe(403);
        expect(await newest()).toMatchObject({ kind: 'refusal', username: ACCOUNT_OF[role] });
      }
    }
  });

  it('refuses anonymous callers with 401', async () => {
    for (const path of ['users/getlog', 'users/getlog/chain']) {
      const res = await t.app.inject({ method: 'GET', url: api(path) });
      expect(res.statusCode).toBe(401);
    }
  });

  it.each<[Record<string, string>, string]>([
    [{ page: '-1' }, 'page:'],
    [{ page: 'x' }, 'page:'],
    [{ size: '0' }, 'size:'],
    [{ size: '101' }, 'size:'],
    [{ kind: 'bogus' }, 'kind:'],
    [{ from: '2026-02-30' }, 'from:'],
    [{ to: '24-11-2026' }, 'to:'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'to:'],
    [{ username: 'u'.repeat(65) }, 'username:'],
  ])('answers a bad filter %j with a clear 400', async (query, field) => {
    const res = await getlog(query);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain(field);
  });

  it('filters by user (any case), kind and Indian days, sorted by id, in pages', async () => {
    const day = (iso: string) => new Date(iso);
    const base = { ip: '192.0.2.77', url: '/probe' };
    // 23:30 UTC on 1 March is 05:00 on 2 March in India.
    for (let i = 0; i < 7; i++) {
      await writeAuditLog(t.db, {
        ...base,
        kind: 'admin',
        username: 'Filter.Probe',
        remark: `probe ${i}`,
        at: day('2020-03-01T23:30:00Z'),
      });
    }
    await writeAuditLog(t.db, {
      ...base,
      kind: 'other',
      username: 'filter.probe',
      remark: 'other kind',
      at: day('2020-03-01T12:00:00Z'),
    });
    await writeAuditLog(t.db, {
      ...base,
      kind: 'admin',
      username: 'someone.else',
      remark: 'other user',
      at: day('2020-03-02T01:00:00Z'),
    });

    const read = async (query: LogQuery) => {
      const res = await getlog(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])));
      expect(res.statusCode).toBe(200);
      return logPageSchema.parse(res.json());
    };
    const first = await read({
      username: 'FILTER.PROBE',
      kind: 'admin',
      from: '2020-03-02',
      to: '2020-03-02',
      size: '5',
    });
    expect(first).toMatchObject({ totalElements: 7, totalPages: 2, pageNumber: 0, iscurrentPageLast: false });
    expect(first.content.map((r) => r.remark)).toEqual([
      'probe 0',
      'probe 1',
      'probe 2',
      'probe 3',
      'probe 4',
    ]);
    expect(first.content.map((r) => r.rowNumber)).toEqual([1, 2, 3, 4, 5]);
    const second = await read({
      username: 'filter.probe',
      kind: 'admin',
      from: '2020-03-02',
      size: '5',
      page: '1',
    });
    expect(second.content.map((r) => [r.rowNumber, r.remark])).toEqual([
      [6, 'probe 5'],
      [7, 'probe 6'],
    ]);
    expect(second.iscurrentPageLast).toBe(true);
    const ids = [...first.content, ...second.content].map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    expect((await read({ username: 'filter.probe', to: '2020-03-01' })).content.map((r) => r.remark)).toEqual(
      ['other kind'],
    );
    expect((await read({ kind: 'admin', from: '2020-03-02', to: '2020-03-02' })).totalElements).toBe(8);
    expect((await read({ username: 'nobody.at.all' })).content).toEqual([]);
  });

  it('writes each event with its kind', async () => {
    const kindOfNewest = async () => (await newest()).kind as AuditKind;
    const address = '203.0.113.40';
    await attemptSignin(t.app, { username: 'verifier', password: 'Wrong-Secret-77', remoteAddress: address });
    expect(await newest()).toMatchObject({
      kind: 'signin-failure',
      username: 'verifier',
      remark: 'Sign-in failed: wrong password',
    });

    const { accessToken } = await signInStaff(t.app, 'verifier');
    expect(await newest()).toMatchObject({ kind: 'signin', username: 'verifier' });
    await t.app.inject({ method: 'GET', url: api('users/logout'), headers: bearer(accessToken) });
    expect(await newest()).toMatchObject({ kind: 'logout', username: 'verifier', remark: 'Signed out' });

    const before = (await newest()).id;
    await otpKeyFor(t.app, {
      subject: 'user',
      id: 'admin',
      to: 'admin@mrss.example',
      clock: t.clock,
      mailbox: smtp.received,
    });
    const otpLines = await t.db.select().from(logRecords).where(eq(logRecords.username, 'user:admin'));
    const after = otpLines.filter((r) => r.id > before).map((r) => r.kind);
    expect(after).toEqual(['otp-issue', 'otp-use']);

    const fixture = await prepareFixture(t.db, [WARD_A]);
    const [applid] = await insertApplications(t.db, fixture, [
      { shape: 'LARP', wardCode: WARD_A, logby: 'landlord', completed: true },
    ]);
    const step = await t.app.inject({
      method: 'POST',
      url: api('process/updateApplication'),
      headers: await headersOf('moderator'),
      payload: {
        applid,
        applStatus: { applstatus: 'LAVP' },
        appltype: 'APPLPS',
        remarks: '(May be Accepted)',
      },
    });
    expect(step.statusCode).toBe(200);
    expect(await kindOfNewest()).toBe('workflow');

    const refused = await t.app.inject({
      method: 'GET',
      url: api('users/getlog'),
      headers: await headersOf('police'),
    });
    expect(refused.statusCode).toBe(403);
    expect(await kindOfNewest()).toBe('refusal');

    const res = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/users/getlog?kind=workflow`,
      headers: await headersOf('admin'),
    });
    expect(logPageSchema.parse(res.json()).content.some((r) => r.remark.includes(String(applid)))).toBe(true);
  });

  it('the admin view reports the chain intact, then broken at a record changed in the database', async () => {
    /** Asks until the walk that this call started (or found running) has finished. */
    const settledReport = async () => {
      for (let i = 0; i < 300; i++) {
        const res = await t.app.inject({
          method: 'GET',
          url: api('users/getlog/chain'),
          headers: await headersOf('admin'),
        });
        expect(res.statusCode).toBe(200);
        const status = chainStatusSchema.parse(res.json());
        if (!status.running && status.report) return status.report;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the chain check did not finish');
    };
    t.clock.advance(CHAIN_REPORT_FRESH_MS);
    expect(await settledReport()).toMatchObject({ intact: true, brokenAt: null });

    const [target] = await t.db
      .select()
      .from(logRecords)
      .where(isNotNull(logRecords.chainSeq))
      .orderBy(desc(logRecords.chainSeq))
      .limit(1);
    await t.db.execute(sql`update log_records set ip_address = '198.51.100.99' where id = ${target.id}`);
    // A report younger than CHAIN_REPORT_FRESH_MS is answered as is; then a new walk finds the change.
    expect((await settledReport()).intact).toBe(true);
    t.clock.advance(CHAIN_REPORT_FRESH_MS);
    expect((await settledReport()).brokenAt).toMatchObject({
      reason: 'changed',
      id: target.id,
      seq: target.chainSeq,
    });
  });
});
