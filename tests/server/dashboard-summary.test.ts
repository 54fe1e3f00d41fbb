import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { dashboardSummaryReplySchema } from '../../src/contract/dashboard.contract';
import { wards } from '../../src/server/db/schema';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// The demo seed (src/server/db/seed/demo-hierarchy.ts) has 5 stations, 8 localities and 16 wards in state 17;
// district 1701 holds 3 stations, 5 localities and 11 wards; station PS1701001 holds 2 localities and 5 wards.
const EXPECTED: [username: string, stations: number, localities: number, wards: number][] = [
  ['admin', 5, 8, 16],
  ['supervisor', 5, 8, 16],
  ['verifier', 3, 5, 11],
  ['user', 3, 5, 11],
  ['police', 1, 2, 5],
  ['locality', 1, 1, 3],
  ['supermoderator', 1, 1, 3],
  ['supermoderator2', 1, 1, 2],
  ['moderator', 1, 1, 1],
  ['moderator2', 1, 1, 1],
];

// Which unit cards each account gets (docs/dashboard.md); the application cards are tested in
// tests/server/applications-dashboard.test.ts.
const UNIT_CARDS_OF: Record<string, string[]> = {
  admin: ['policeStations', 'localities', 'subLocalities'],
  supervisor: ['policeStations', 'localities', 'subLocalities'],
  verifier: ['localities', 'subLocalities'],
  user: [],
  police: ['localities', 'subLocalities'],
  locality: ['subLocalities'],
  supermoderator: ['subLocalities'],
  supermoderator2: ['subLocalities'],
  moderator: [],
  moderator2: [],
};
const UNIT_KEYS = ['policeStations', 'localities', 'subLocalities'];

describe.each(testDatabases())('dashboard summary on %s', (kind) => {
  const t = useTestApp(kind);

  const summaryOf = async (username: string) => {
    const { accessToken } = await signInStaff(t.app, username);
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/dashboard/summary`,
      headers: bearer(accessToken),
    });
    expect(res.statusCode).toBe(200);
    return dashboardSummaryReplySchema.parse(res.json());
  };

  it.each(EXPECTED)(
    'counts the units in the jurisdiction of %s',
    async (username, stations, localities, subLocalities) => {
      const { cards } = await summaryOf(username);
      const expected = [
        { key: 'policeStations', label: 'Registered Police Stations', count: stations },
        { key: 'localities', label: 'Registered Localities', count: localities },
        { key: 'subLocalities', label: 'Registered Sub-Localities', count: subLocalities },
      ].filter((card) => UNIT_CARDS_OF[username].includes(card.key));
      expect(cards.filter((card) => UNIT_KEYS.includes(card.key))).toEqual(expected);
    },
  );

  it('counts live rows: a new ward shows up for its station and the state, not for a neighbour', async () => {
    await t.db.insert(wards).values({
      code: 'PS1701001LA02W03',
      name: 'New Ward',
      headmanName: 'Z. Test',
      localityCode: 'PS1701001LA02',
    });
    const count = async (username: string) =>
      (await summaryOf(username)).cards.find((c) => c.key === 'subLocalities')!.count;
    expect(await count('police')).toBe(6);
    expect(await count('admin')).toBe(17);
    expect(await count('supermoderator2')).toBe(3);
    expect(await count('supermoderator')).toBe(3);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_BASE}/dashboard/summary` });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Authentication Failed');
  });
});
