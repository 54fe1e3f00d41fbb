import { count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jurisdictionLevelOf } from '../../machines/application/jurisdiction';
import { JURISDICTION_ADMIN_MESSAGES as M } from '../../src/contract/jurisdiction-admin.contract';
import { localities, logRecords, policeStations, roles, users, wards } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/security/passwords';
import { signInStaff, bearer } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { TEST_PASSWORD, testDatabases } from '../support/test-db';
import { api, sessions } from './applications-fixtures';

// Creation of stations, localities and wards: bad input changes nothing, codes are the next free number under
// the parent (gaps filled, limits refused), concurrent creations under one parent all get their own code.

describe.each(testDatabases())('jurisdiction creation on %s', (kind) => {
  const t = useTestApp(kind);
  const as = sessions(() => t.app);
  const post = async (path: string, payload: unknown, who = 'admin') =>
    t.app.inject({ method: 'POST', url: api(path), headers: await as(who), payload: payload as object });

  const footprint = async () => {
    const [s] = await t.db.select({ n: count() }).from(policeStations);
    const [l] = await t.db.select({ n: count() }).from(localities);
    const [w] = await t.db.select({ n: count() }).from(wards);
    const [a] = await t.db.select({ n: count() }).from(logRecords).where(eq(logRecords.kind, 'admin'));
    return [s?.n, l?.n, w?.n, a?.n];
  };

  const BAD: [string, unknown, string][] = [
    ['master/policeStationEntry', { dist: '1701' }, `policeStationName: ${M.stationNameRequired}`],
    [
      'master/policeStationEntry',
      { policeStationName: '   ', dist: '1701' },
      `policeStationName: ${M.stationNameRequired}`,
    ],
    ['master/policeStationEntry', { policeStationName: 'Umiam' }, `dist: ${M.districtRequired}`],
    ['master/policeStationEntry', { policeStationName: 'Umiam', dist: '17' }, 'dist: Give a district code'],
    ['master/policeStationEntry', { policeStationName: 'Umiam', dist: '1799' }, `dist: ${M.unknownDistrict}`],
    [
      'master/policeStationEntry',
      { policeStationName: 'x'.repeat(101), dist: '1701' },
      'policeStationName: At most 100',
    ],
    ['master/locality', { headManName: 'A', ps: 'PS1701001' }, `localityName: ${M.nameRequired}`],
    [
      'master/locality',
      { localityName: 'Umpling', headManName: ' ', ps: 'PS1701001' },
      `headManName: ${M.headmanRequired}`,
    ],
    ['master/locality', { localityName: 'Umpling', headManName: 'A' }, `ps: ${M.stationRequired}`],
    [
      'master/locality',
      { localityName: 'Umpling', headManName: 'A', ps: 'PS1701999' },
      `ps: ${M.unknownStation}`,
    ],
    [
      'master/locality',
      { localityName: 'Umpling', headManName: 'A', ps: 'LA01' },
      'ps: Give a police station code',
    ],
    [
      'master/localAuthorityEntry',
      { headManName: 'A', area: 'PS1701001LA01' },
      `localAuthorityName: ${M.nameRequired}`,
    ],
    [
      'master/localAuthorityEntry',
      { localAuthorityName: 'Mawpat', area: 'PS1701001LA01' },
      `headManName: ${M.headmanRequired}`,
    ],
    [
      'master/localAuthorityEntry',
      { localAuthorityName: 'Mawpat', headManName: 'A' },
      `area: ${M.areaRequired}`,
    ],
    [
      'master/localAuthorityEntry',
      { localAuthorityName: 'Mawpat', headManName: 'A', area: '' },
      `area: ${M.areaRequired}`,
    ],
    [
      'master/localAuthorityEntry',
      { localAuthorityName: 'Mawpat', headManName: 'A', area: 'PS1701001LA77' },
      `area: ${M.unknownLocality}`,
    ],
    [
      'master/localAuthorityEntry',
      { localAuthorityName: 'Mawpat', headManName: 'A', area: 'PS1701001LA01', ps: 'PS1701002' },
      `ps: ${M.stationNotOfLocality}`,
    ],
    ['master/localAuthorityEntry', ['not', 'an', 'object'], ''],
  ];

  it.each(BAD)('refuses %s %j with a clear 400 and writes nothing', async (path, body, message) => {
    const before = await footprint();
    const res = await post(path, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await footprint()).toEqual(before);
  });

  it('refuses a duplicate name under the same parent (trimmed, any case) with 409, elsewhere it is fine', async () => {
    const before = await footprint();
    const dup = await post('master/policeStationEntry', {
      policeStationName: '  laitumkhrah POLICE station ',
      dist: '1701',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(M.duplicateStation);
    const wardDup = await post('master/localAuthorityEntry', {
      localAuthorityName: 'nongrim hills',
      headManName: 'A',
      area: 'PS1701001LA01',
    });
    expect(wardDup.json().message).toBe(M.duplicateWard);
    expect(await footprint()).toEqual(before);
    const elsewhere = await post('master/policeStationEntry', {
      policeStationName: 'Laitumkhrah Police Station',
      dist: '1702',
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('gives the next free number under the parent, filling gaps, with names trimmed', async () => {
    const next = await post('master/policeStationEntry', { policeStationName: '  Umiam  ', dist: '1701' });
    expect(next.json()).toEqual({ message: M.stationAdded, code: 'PS1701004' });
    const [row] = await t.db.select().from(policeStations).where(eq(policeStations.code, 'PS1701004'));
    expect(row).toMatchObject({ name: 'Umiam', districtCode: '1701' });

    await t.db.insert(policeStations).values([
      { code: 'PS1712002', name: 'Loaded two', districtCode: '1712' },
      { code: 'PS1712004', name: 'Loaded four', districtCode: '1712' },
    ]);
    const codes = [];
    for (const name of ['Mairang', 'Nongstoin', 'Mawshynrut']) {
      codes.push(
        (await post('master/policeStationEntry', { policeStationName: name, dist: '1712' })).json().code,
      );
    }
    expect(codes).toEqual(['PS1712001', 'PS1712003', 'PS1712005']);

    const loc = await post('master/locality', {
      localityName: 'Umsning',
      headManName: 'R. Nongrum',
      ps: 'PS1712003',
    });
    expect(loc.json().code).toBe('PS1712003LA01');
    const ward = await post('master/localAuthorityEntry', {
      localAuthorityName: 'Umsning East',
      headManName: 'T. Sun',
      area: 'PS1712003LA01',
      ps: 'PS1712003',
    });
    expect(ward.json().code).toBe('PS1712003LA01W01');
    expect(jurisdictionLevelOf(ward.json().code)).toBe('ward');
  });

  it('refuses a 1000th station, a 100th locality and a 100th ward with a clear 409', async () => {
    await t.db.insert(policeStations).values(
      Array.from({ length: 999 }, (_, i) => ({
        code: `PS1711${String(i + 1).padStart(3, '0')}`,
        name: `S${i}`,
        districtCode: '1711',
      })),
    );
    const station = await post('master/policeStationEntry', {
      policeStationName: 'One too many',
      dist: '1711',
    });
    expect(station.statusCode).toBe(409);
    expect(station.json().message).toBe(M.stationsFull);

    await t.db.insert(localities).values(
      Array.from({ length: 99 }, (_, i) => ({
        code: `PS1711001LA${String(i + 1).padStart(2, '0')}`,
        name: `L${i}`,
        headmanName: 'H',
        policeStationCode: 'PS1711001',
      })),
    );
    const loc = await post('master/locality', {
      localityName: 'One too many',
      headManName: 'H',
      ps: 'PS1711001',
    });
    expect([loc.statusCode, loc.json().message]).toEqual([409, M.localitiesFull]);

    await t.db.insert(wards).values(
      Array.from({ length: 99 }, (_, i) => ({
        code: `PS1711001LA01W${String(i + 1).padStart(2, '0')}`,
        name: `W${i}`,
        headmanName: 'H',
        localityCode: 'PS1711001LA01',
      })),
    );
    const ward = await post('master/localAuthorityEntry', {
      localAuthorityName: 'One too many',
      headManName: 'H',
      area: 'PS1711001LA01',
    });
    expect([ward.statusCode, ward.json().message]).toEqual([409, M.wardsFull]);
  });

  it('gives concurrent creations under one parent different codes, and one name only once', async () => {
    await as('admin');
    const many = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((n) =>
        post('master/localAuthorityEntry', {
          localAuthorityName: `Race ${n}`,
          headManName: 'H',
          area: 'PS1703001LA01',
        }),
      ),
    );
    expect(many.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const codes = many.map((r) => r.json().code as string);
    expect(new Set(codes).size).toBe(5);
    const stored = await t.db.select().from(wards).where(like(wards.code, 'PS1703001LA01W%'));
    expect(stored.length).toBe(2 + 5);

    const same = await Promise.all(
      [1, 2, 3].map(() =>
        post('master/locality', { localityName: 'Twin', headManName: 'H', ps: 'PS1703001' }),
      ),
    );
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(
      same.filter((r) => r.statusCode === 409).every((r) => r.json().message === M.duplicateLocality),
    ).toBe(true);
  });

  it('gives a new ward a code its officer can sign in with, seeing nothing of the other wards', async () => {
    const created = await post('master/localAuthorityEntry', {
      localAuthorityName: 'Fresh Ward',
      headManName: 'H',
      area: 'PS1701001LA01',
    });
    const code = created.json().code as string;
    const [role] = await t.db.select().from(roles).where(eq(roles.name, 'MODERATOR'));
    await t.db.insert(users).values({
      username: `fresh-${kind}`,
      passwordHash: await hashPassword(TEST_PASSWORD),
      usercode: code,
      roleId: role.id,
      level: 5,
    });
    const session = await signInStaff(t.app, `fresh-${kind}`);
    expect(session.usercode).toBe(code);
    const summary = await t.app.inject({
      method: 'GET',
      url: api('dashboard/summary'),
      headers: bearer(session.accessToken),
    });
    expect(summary.statusCode, summary.body).toBe(200);
    const cards = summary.json<{ cards: { key: string; count: number }[] }>().cards;
    expect(cards.length).toBeGreaterThan(0);
    expect(
      cards
        .filter((c) => !['policeStations', 'localities', 'subLocalities'].includes(c.key))
        .every((c) => c.count === 0),
    ).toBe(true);
  });
});
