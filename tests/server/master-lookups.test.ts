import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_BASE } from '../../src/contract/api';
import {
  districtSchema,
  localAuthoritySchema,
  localitySchema,
  LOOKUP_CACHE_CONTROL,
  policeStationSchema,
  stateSchema,
  tenancyTypeSchema,
} from '../../src/contract/master.contract';
import {
  districts,
  localities,
  occupations,
  policeStations,
  relationshipTypes,
  states,
  wards,
} from '../../src/server/db/schema';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// The public lookups behind the pickers: no sign-in, shapes of public-portal.md section 3, every list compared with
// the rows of its table, filters, single records by code, 404 and 400.

describe.each(testDatabases())('master lookups on %s', (kind) => {
  const t = useTestApp(kind);
  const get = (path: string) => t.app.inject({ method: 'GET', url: `${API_BASE}/master/${path}` });
  const list = async <T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>[]> => {
    const res = await get(path);
    expect(res.statusCode, res.body).toBe(200);
    return z.array(schema).parse(res.json());
  };

  it('lists every state and the districts of one state, anonymously', async () => {
    const stateRows = await list('state', stateSchema);
    expect(stateRows.map((s) => s.stateCode).sort()).toEqual(
      (await t.db.select().from(states)).map((s) => s.code).sort(),
    );
    expect(stateRows.find((s) => s.stateCode === '17')?.stateName).toBe('Meghalaya');
    const meghalaya = await list('district/17', districtSchema);
    const expected = (await t.db.select().from(districts)).filter((d) => d.stateCode === '17');
    expect(meghalaya.map((d) => d.districtCode)).toEqual(expected.map((d) => d.code).sort());
    expect(meghalaya.length).toBe(12);
  });

  it('lists occupations, relationship types and tenancy types in their stored order', async () => {
    const occ = await list('occupation', z.object({ value: z.string() }));
    expect(occ.map((o) => o.value)).toEqual((await t.db.select().from(occupations)).map((o) => o.value));
    const rel = await list('relationshiptype', z.object({ value: z.string() }));
    expect(rel.map((r) => r.value)).toEqual(
      (await t.db.select().from(relationshipTypes)).map((r) => r.value),
    );
    const tenancy = await list('tenancytype', tenancyTypeSchema);
    expect(tenancy[0]).toEqual({ tenancyCode: 'T1', type: expect.any(String) });
  });

  it('lists police stations, by district, and one by code (both paths), 404 for an unknown one', async () => {
    const all = await list('policestation', policeStationSchema);
    expect(all.length).toBe((await t.db.select().from(policeStations)).length);
    const ekh = await list('policestation?districtCode=1701', policeStationSchema);
    expect(ekh.length).toBeGreaterThan(0);
    expect(ekh.every((p) => p.dist.districtCode === '1701' && p.policeStationCode.startsWith('PS1701'))).toBe(
      true,
    );
    for (const path of ['policestation/PS1701001', 'policestationBycode/ps1701001']) {
      const res = await get(path);
      expect(res.statusCode, res.body).toBe(200);
      expect(policeStationSchema.parse(res.json()).policeStationName).toBe('Laitumkhrah Police Station');
    }
    expect((await get('policestation/PS1701999')).statusCode).toBe(404);
    const bad = await get('policestationBycode/1701');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('police station code');
  });

  it('lists localities and the wards of a police station or locality, each with its station', async () => {
    const allLocalities = await list('Locality', localitySchema);
    expect(allLocalities.length).toBe((await t.db.select().from(localities)).length);
    const one = await get('Locality/code/PS1701001LA01');
    expect(localitySchema.parse(one.json())).toMatchObject({
      localityCode: 'PS1701001LA01',
      ps: { policeStationCode: 'PS1701001', policeStationName: 'Laitumkhrah Police Station' },
    });
    expect((await get('Locality/PS1701001LA01')).json()).toEqual(one.json());

    const wardRows = await t.db.select().from(wards);
    const ofStation = await list('LocalAuthority?policeStationCode=PS1701001', localAuthoritySchema);
    expect(ofStation.map((w) => w.localAuthorityCode)).toEqual(
      wardRows
        .filter((w) => w.code.startsWith('PS1701001'))
        .map((w) => w.code)
        .sort(),
    );
    expect(ofStation.every((w) => w.ps.policeStationCode === 'PS1701001')).toBe(true);
    const ofLocality = await list('LocalAuthority?localityCode=PS1701001LA02', localAuthoritySchema);
    expect(ofLocality.every((w) => w.area === 'PS1701001LA02')).toBe(true);
    expect(ofLocality.length).toBeGreaterThan(0);
    expect((await list('LocalAuthority', localAuthoritySchema)).length).toBe(wardRows.length);
    const ward = await get('LocalAuthorityBycode/PS1701001LA01W01');
    expect(localAuthoritySchema.parse(ward.json()).dist.districtCode).toBe('1701');
    expect((await get('LocalAuthority/PS1701001LA01W99')).statusCode).toBe(404);
    expect((await get('LocalAuthority?policeStationCode=LA01')).statusCode).toBe(400);
  });

  it('marks successful lookups cacheable for five minutes, never a 404', async () => {
    const res = await get('state');
    expect(res.headers['cache-control']).toBe(LOOKUP_CACHE_CONTROL);
    expect((await get('LocalAuthority/PS1701001LA01W99')).headers['cache-control']).not.toBe(
      LOOKUP_CACHE_CONTROL,
    );
  });
});
