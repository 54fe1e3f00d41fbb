import { desc, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationPageSchema } from '../../src/contract/applications.contract';
import { applications, logRecords } from '../../src/server/db/schema';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import {
  api,
  insertApplications,
  prepareFixture,
  sessions,
  SHAPES,
  WARD_A,
  WARD_B,
  WARD_C,
  type RowSpec,
} from './applications-fixtures';

// Each role's lists hold only its jurisdiction's applications, whatever code and username the URL carries.
// Expectations use the prefix property of the codes (docs/jurisdiction-codes.md), written out per account.

/** The ward-code prefix each account answers for ('' = the whole state). */
const PREFIX = {
  admin: '',
  supervisor: '',
  verifier: 'PS1701',
  user: 'PS1701',
  police: 'PS1701001',
  locality: 'PS1701001LA01',
  supermoderator: 'PS1701001LA01',
  supermoderator2: 'PS1701001LA02',
  moderator: 'PS1701001LA01W01',
  moderator2: 'PS1701001LA02W01',
} as const;
type Account = keyof typeof PREFIX;
const ACCOUNTS = Object.keys(PREFIX) as Account[];
const USERCODE: Record<Account, string> = {
  admin: '17',
  supervisor: '17',
  verifier: '1701',
  user: '1701',
  police: 'PS1701001',
  locality: 'PS1701001LA01',
  supermoderator: 'PS1701001LA01',
  supermoderator2: 'PS1701001LA02',
  moderator: 'PS1701001LA01W01',
  moderator2: 'PS1701001LA02W01',
};

const CODES = [
  '17',
  '1701',
  '1703',
  'PS1701001',
  'PS1701002',
  'PS1701001LA01',
  'PS1701001LA02',
  'PS1701001LA01W01',
  'PS1701001LA01W02',
  'PS1703001LA01W01',
  'LA-01',
  'LA-02',
];
const STATUSES = ['LARP', 'LAVP', 'PLVP', 'RJT', 'RECT', 'APARV'] as const;
const WARD_A2 = 'PS1701001LA01W02';
const WARD_MOD2 = 'PS1701001LA02W01';

/** The ward prefix a URL code names for this account, or the status code of its refusal. */
function prefixOfCode(account: Account, code: string): string | 400 {
  if (code.startsWith('LA-')) {
    return PREFIX[account].length >= 9 ? `${PREFIX[account].slice(0, 9)}LA${code.slice(3)}` : 400;
  }
  return /^\d/.test(code) ? `PS${code}` : code;
}

/** The prefix the list must cover: the code when inside the account's area, the account's area when the code holds it. */
function expectedScope(account: Account, code: string): string | 400 | 403 {
  const own = PREFIX[account];
  const asked = code === USERCODE[account] ? own : prefixOfCode(account, code);
  if (asked === 400) return 400;
  if (asked.startsWith(own)) return asked;
  if (own.startsWith(asked)) return own;
  return 403;
}

describe.each(testDatabases())('application lists on %s', (kind) => {
  const t = useTestApp(kind);
  const headersOf = sessions(() => t.app);
  let all: (typeof applications.$inferSelect)[];

  beforeAll(async () => {
    const wards = [WARD_A, WARD_A2, WARD_MOD2, WARD_B, WARD_C];
    const fixture = await prepareFixture(t.db, wards);
    const specs: RowSpec[] = wards.flatMap((wardCode) => [
      ...SHAPES.map((shape) => ({ shape, wardCode, logby: 'landlord' })),
      { shape: 'LARP' as const, wardCode, logby: 'moderator', completed: false },
      { shape: 'LARP.deleted' as const, wardCode, logby: 'landlord', completed: false },
    ]);
    await insertApplications(t.db, fixture, specs);
    all = await t.db.select().from(applications).orderBy(desc(applications.applid));
  });

  const expectedIds = (prefix: string, status: string, variant: 'complete' | 'incomplete') =>
    all
      .filter(
        (a) =>
          a.deletedAt === null &&
          a.status === status &&
          a.wardCode.startsWith(prefix) &&
          (variant === 'complete') === (a.completedAt !== null),
      )
      .map((a) => a.applid);

  it.each(ACCOUNTS)('lists only the jurisdiction of %s, whatever code the URL names', async (account) => {
    const headers = await headersOf(account);
    const wrong: string[] = [];
    for (const code of [...CODES, USERCODE[account]]) {
      const scope = expectedScope(account, code);
      for (const status of STATUSES) {
        for (const [path, variant] of [
          ['GetApplicationDetails', 'complete'],
          ['GetIncompleteApplicationDetails', 'incomplete'],
        ] as const) {
          const res = await t.app.inject({
            method: 'GET',
            url: api(`process/${path}/user/${status}/${code}/${account}/0?size=100`),
            headers,
          });
          const label = `${variant} ${status} code ${code}`;
          if (typeof scope === 'number') {
            if (res.statusCode !== scope) wrong.push(`${label}: expected ${scope}, got ${res.statusCode}`);
            continue;
          }
          const page = applicationPageSchema.parse(res.json());
          const ids = page.applDto.map((r) => r.applid);
          const expected = expectedIds(scope, status, variant);
          if (JSON.stringify(ids) !== JSON.stringify(expected) || page.totalElements !== expected.length) {
            wrong.push(
              `${label}: expected [${expected.join()}], got [${ids.join()}] (total ${page.totalElements})`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each(ACCOUNTS)('refuses %s the lists and totals of another username', async (account) => {
    const headers = await headersOf(account);
    const other = account === 'admin' ? 'moderator' : 'admin';
    for (const url of [
      `process/GetApplicationDetails/user/LARP/${USERCODE[account]}/${other}/0`,
      `process/GetIncompleteApplicationDetails/user/LARP/${USERCODE[account]}/${other}/0`,
      `process/GetTotalApplications/user/${other}/LARP`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: api(url), headers });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('The username in the path must be your own.');
    }
  });

  it.each(ACCOUNTS)('counts for %s what its own lists hold', async (account) => {
    const headers = await headersOf(account);
    for (const status of STATUSES) {
      const res = await t.app.inject({
        method: 'GET',
        url: api(`process/GetTotalApplications/user/${account}/${status}`),
        headers,
      });
      expect(res.json(), status).toEqual({ count: expectedIds(PREFIX[account], status, 'complete').length });
    }
  });

  it('writes a refused list request to the audit trail', async () => {
    const headers = await headersOf('moderator2');
    const res = await t.app.inject({
      method: 'GET',
      url: api(`process/GetApplicationDetails/user/LARP/${WARD_A}/moderator2/0`),
      headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You may only list the applications of your own jurisdiction.');
    const lines = await t.db
      .select()
      .from(logRecords)
      .where(like(logRecords.remark, `Refused: moderator2 asked%${WARD_A}%`));
    expect(lines.length).toBeGreaterThan(0);
  });

  it('shows each row with names, address, the viewer’s status label and its actions', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: api(`process/GetApplicationDetails/user/LAVP/${WARD_A}/moderator/0`),
      headers: await headersOf('moderator'),
    });
    const { applDto } = applicationPageSchema.parse(res.json());
    expect(applDto.length).toBeGreaterThan(0);
    for (const row of applDto) {
      expect(row.statusLabel).toBe('Pending at Locality/Cantonment level');
      expect(row.wardName).toBe('Laitumkhrah Main');
      expect(row.tenantname.length).toBeGreaterThan(0);
      expect(row.landlordname.length).toBeGreaterThan(0);
      expect(row.rentaladdress).toMatch(/, \d{6}$/);
      // The moderator may delete only what it logged itself.
      expect(row.allowedEvents.includes('application.delete')).toBe(row.logby === 'moderator');
    }
    const asLocality = await t.app.inject({
      method: 'GET',
      url: api(`process/GetApplicationDetails/user/LAVP/${WARD_A}/supermoderator/0`),
      headers: await headersOf('supermoderator'),
    });
    const localityRows = applicationPageSchema.parse(asLocality.json()).applDto;
    expect(localityRows.every((r) => r.statusLabel === 'Pending')).toBe(true);
    expect(localityRows.every((r) => r.allowedEvents.includes('application.accept'))).toBe(true);
  });
});
