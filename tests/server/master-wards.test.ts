import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { logRecords, wards } from '../../src/server/db/schema';
import { wardRefSchema } from '../../src/contract/master.contract';
import { OUTSIDE_LOCALITY_MESSAGE } from '../../src/server/routes/master';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// GET master/LocalAuthorityByLocality/{code}: the SUPERMODERATOR's ward filter options, inside its locality only.

describe.each(testDatabases())('wards of a locality on %s', (kind) => {
  const t = useTestApp(kind);
  const get = async (username: string | null, code: string) =>
    t.app.inject({
      method: 'GET',
      url: `${API_BASE}/master/LocalAuthorityByLocality/${code}`,
      headers: username ? bearer((await signInStaff(t.app, username)).accessToken) : {},
    });

  it('lists exactly the wards of the supermoderator’s own locality, in code order', async () => {
    const res = await get('supermoderator', 'PS1701001LA01');
    expect(res.statusCode, res.body).toBe(200);
    const rows = wardRefSchema.array().parse(res.json());
    const expected = (await t.db.select().from(wards))
      .filter((w) => w.localityCode === 'PS1701001LA01')
      .map((w) => w.code)
      .sort();
    expect(expected.length).toBeGreaterThan(1);
    expect(rows.map((r) => r.localAuthorityCode)).toEqual(expected);
    expect(rows.every((r) => r.localAuthorityName.length > 0 && r.headManName.length > 0)).toBe(true);
  });

  it('refuses another locality with 403 and writes the refusal to the log records', async () => {
    const res = await get('supermoderator', 'PS1701001LA02');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(OUTSIDE_LOCALITY_MESSAGE);
    const [last] = await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1);
    expect(last?.remark).toContain(OUTSIDE_LOCALITY_MESSAGE);
  });

  it('refuses a ward officer asking for its parent locality (a ward does not reach its siblings)', async () => {
    expect((await get('moderator', 'PS1701001LA01')).statusCode).toBe(403);
  });

  it('answers 404 for an unknown locality in reach, 400 for a malformed code and 401 without a session', async () => {
    expect((await get('admin', 'PS1701001LA99')).statusCode).toBe(404);
    const bad = await get('supermoderator', 'LA01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('locality code');
    expect((await get(null, 'PS1701001LA01')).statusCode).toBe(401);
  });
});
