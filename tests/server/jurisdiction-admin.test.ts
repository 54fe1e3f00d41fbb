import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  adminLocalitySchema,
  adminStationSchema,
  adminWardSchema,
  JURISDICTION_ADMIN_MESSAGES as M,
  unitUserSchema,
} from '../../src/contract/jurisdiction-admin.contract';
import { logRecords } from '../../src/server/db/schema';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';
import { api, sessions } from './applications-fixtures';

// Who may create and read what (docs/jurisdiction-admin.md): every call x every demo role x own / other
// jurisdiction x anonymous. Each refusal is a 403 with its own audit record.

const ROLES_OF_DEMO = [
  'admin',
  'supervisor',
  'verifier',
  'user',
  'police',
  'locality',
  'supermoderator',
  'moderator',
];

describe.each(testDatabases())('jurisdiction administration permissions on %s', (kind) => {
  const t = useTestApp(kind);
  const as = sessions(() => t.app);
  let serial = 0;
  const unique = (what: string) => `${what} ${kind} ${++serial}`;

  const call = async (who: string | null, method: 'GET' | 'POST', path: string, payload?: object) =>
    t.app.inject({ method, url: api(path), headers: who ? await as(who) : {}, payload });

  /** Asserts a 403 whose refusal was written to the log records by that user. */
  const refused = async (who: string, method: 'GET' | 'POST', path: string, payload?: object) => {
    const res = await call(who, method, path, payload);
    expect(res.statusCode, `${who} ${path}: ${res.body}`).toBe(403);
    const [last] = await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1);
    expect(last?.username).toBe(who);
    expect(last?.remark).toMatch(/^Refused/);
    return res;
  };

  const station = () => ({ policeStationName: unique('Station'), dist: '1701' });
  const locality = (ps: string) => ({ localityName: unique('Locality'), headManName: 'K. Lyngdoh', ps });
  const ward = (area?: string) => ({ localAuthorityName: unique('Ward'), headManName: 'M. Shylla', area });

  it('lets only ADMIN add a police station', async () => {
    const ok = await call('admin', 'POST', 'master/policeStationEntry', station());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(M.stationAdded);
    for (const who of ROLES_OF_DEMO.filter((r) => r !== 'admin')) {
      await refused(who, 'POST', 'master/policeStationEntry', station());
    }
    expect((await call(null, 'POST', 'master/policeStationEntry', station())).statusCode).toBe(401);
  });

  it('lets ADMIN create a locality anywhere and VERIFIER only in its district', async () => {
    const anywhere = await call('admin', 'POST', 'master/locality', locality('PS1706001'));
    expect(anywhere.statusCode, anywhere.body).toBe(200);
    expect(anywhere.json()).toMatchObject({
      message: M.localityCreated,
      code: expect.stringMatching(/^PS1706001LA\d{2}$/),
    });
    const own = await call('verifier', 'POST', 'master/locality', locality('PS1701002'));
    expect(own.statusCode, own.body).toBe(200);
    const other = await refused('verifier', 'POST', 'master/locality', locality('PS1703001'));
    expect(other.json().message).toBe(M.outsideJurisdiction);
    for (const who of ['supervisor', 'user', 'police', 'locality', 'supermoderator', 'moderator']) {
      await refused(who, 'POST', 'master/locality', locality('PS1701001'));
    }
    expect((await call(null, 'POST', 'master/locality', locality('PS1701001'))).statusCode).toBe(401);
  });

  it('lets ADMIN and VERIFIER (its district) create wards, SUPERMODERATOR only in its own locality', async () => {
    expect(
      (await call('admin', 'POST', 'master/localAuthorityEntry', ward('PS1706001LA01'))).statusCode,
    ).toBe(200);
    expect(
      (await call('verifier', 'POST', 'master/localAuthorityEntry', ward('PS1701002LA01'))).statusCode,
    ).toBe(200);
    await refused('verifier', 'POST', 'master/localAuthorityEntry', ward('PS1703001LA01'));

    const implied = await call('supermoderator', 'POST', 'master/localAuthorityEntry', ward());
    expect(implied.statusCode, implied.body).toBe(200);
    expect(implied.json()).toMatchObject({
      message: M.wardCreated,
      code: expect.stringMatching(/^PS1701001LA01W\d{2}$/),
    });
    const explicit = await call(
      'supermoderator',
      'POST',
      'master/localAuthorityEntry',
      ward('PS1701001LA01'),
    );
    expect(explicit.statusCode, explicit.body).toBe(200);
    const other = await refused(
      'supermoderator',
      'POST',
      'master/localAuthorityEntry',
      ward('PS1701001LA02'),
    );
    expect(other.json().message).toBe(M.notYourLocality);

    for (const who of ['supervisor', 'user', 'police', 'locality', 'moderator']) {
      await refused(who, 'POST', 'master/localAuthorityEntry', ward('PS1701001LA01'));
    }
    expect((await call(null, 'POST', 'master/localAuthorityEntry', ward('PS1701001LA01'))).statusCode).toBe(
      401,
    );
  });

  it('shows the police stations table with their accounts to ADMIN and SUPERVISOR only', async () => {
    for (const who of ['admin', 'supervisor']) {
      const res = await call(who, 'GET', 'master/staff/policestations');
      expect(res.statusCode, res.body).toBe(200);
      const rows = adminStationSchema.array().parse(res.json());
      expect(rows.map((r) => r.policeStationCode)).toEqual(
        expect.arrayContaining(['PS1701001', 'PS1706001']),
      );
      const laitumkhrah = rows.find((r) => r.policeStationCode === 'PS1701001');
      expect(laitumkhrah?.users.map((u) => u.username)).toEqual(['police']);
    }
    for (const who of ['verifier', 'user', 'police', 'locality', 'supermoderator', 'moderator']) {
      await refused(who, 'GET', 'master/staff/policestations');
    }
    expect((await call(null, 'GET', 'master/staff/policestations')).statusCode).toBe(401);
  });

  it('scopes the localities table to the caller and refuses a filter outside it', async () => {
    const codesOf = async (who: string, query = '') => {
      const res = await call(who, 'GET', `master/staff/localities${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return adminLocalitySchema
        .array()
        .parse(res.json())
        .map((r) => r.localityCode);
    };
    expect((await codesOf('admin')).some((c) => c.startsWith('PS1706'))).toBe(true);
    const verifier = await codesOf('verifier');
    expect(verifier.length).toBeGreaterThan(2);
    expect(verifier.every((c) => c.startsWith('PS1701'))).toBe(true);
    expect((await codesOf('police')).every((c) => c.startsWith('PS1701001LA'))).toBe(true);
    expect(await codesOf('verifier', '?policeStationCode=PS1701002')).toEqual(
      verifier.filter((c) => c.startsWith('PS1701002')),
    );
    expect((await codesOf('police', '?districtCode=1701')).every((c) => c.startsWith('PS1701001'))).toBe(
      true,
    );
    await refused('verifier', 'GET', 'master/staff/localities?districtCode=1703');
    await refused('police', 'GET', 'master/staff/localities?policeStationCode=PS1701002');
    for (const who of ['user', 'locality', 'supermoderator', 'moderator']) {
      await refused(who, 'GET', 'master/staff/localities');
    }
    expect((await call(null, 'GET', 'master/staff/localities')).statusCode).toBe(401);
  });

  it('scopes the wards table to the caller, with the verifier’s locality filter', async () => {
    const rowsOf = async (who: string, query = '') => {
      const res = await call(who, 'GET', `master/staff/localauthorities${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return adminWardSchema.array().parse(res.json());
    };
    const own = await rowsOf('supermoderator');
    expect(own.length).toBeGreaterThan(1);
    expect(own.every((w) => w.area === 'PS1701001LA01')).toBe(true);
    expect(
      own.find((w) => w.localAuthorityCode === 'PS1701001LA01W01')?.users.map((u) => u.username),
    ).toEqual(['moderator']);
    const filtered = await rowsOf('verifier', '?localityCode=PS1701002LA01');
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((w) => w.area === 'PS1701002LA01')).toBe(true);
    await refused('verifier', 'GET', 'master/staff/localauthorities?localityCode=PS1703001LA01');
    await refused('supermoderator', 'GET', 'master/staff/localauthorities?localityCode=PS1701001LA02');
    for (const who of ['user', 'moderator']) await refused(who, 'GET', 'master/staff/localauthorities');
    expect((await call(null, 'GET', 'master/staff/localauthorities')).statusCode).toBe(401);
  });

  it('lists the accounts of a unit only inside the caller’s jurisdiction', async () => {
    const res = await call('supermoderator', 'GET', 'master/staff/users/PS1701001LA01');
    expect(res.statusCode, res.body).toBe(200);
    expect(
      unitUserSchema
        .array()
        .parse(res.json())
        .map((u) => u.username),
    ).toEqual(['locality', 'supermoderator']);
    expect((await call('police', 'GET', 'master/staff/users/PS1701001LA01W01')).json()).toEqual([
      expect.objectContaining({ username: 'moderator', role: 'MODERATOR' }),
    ]);
    await refused('supermoderator', 'GET', 'master/staff/users/PS1701001LA02');
    await refused('supermoderator', 'GET', 'master/staff/users/PS1701001');
    await refused('moderator', 'GET', 'master/staff/users/PS1701001LA01W01');
    expect((await call('admin', 'GET', 'master/staff/users/1701')).statusCode).toBe(400);
    expect((await call(null, 'GET', 'master/staff/users/PS1701001')).statusCode).toBe(401);
  });

  it('writes each creation to the log records as an admin change', async () => {
    const res = await call('verifier', 'POST', 'master/locality', locality('PS1701003'));
    const { code } = res.json<{ code: string }>();
    const [last] = await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1);
    expect(last).toMatchObject({
      kind: 'admin',
      username: 'verifier',
      url: expect.stringContaining('master/locality'),
    });
    expect(last?.remark).toContain(code);
    const mine = await t.db.select().from(logRecords).where(eq(logRecords.kind, 'admin'));
    expect(mine.length).toBeGreaterThan(0);
  });
});
