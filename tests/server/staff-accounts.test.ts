import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { roleSchema, userDtoSchema } from '../../src/contract/users.contract';
import { logRecords } from '../../src/server/db/schema';
import { bearer, signInStaff } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

describe.each(testDatabases())('account look-ups on %s', (kind) => {
  const t = useTestApp(kind);
  const tokens = new Map<string, string>();
  const get = async (as: string | null, path: string) => {
    if (as && !tokens.has(as)) tokens.set(as, (await signInStaff(t.app, as)).accessToken);
    return t.app.inject({
      method: 'GET',
      url: `${API_BASE}/${path}`,
      headers: as ? bearer(tokens.get(as)!) : {},
    });
  };

  it('gives the roles of an account to a state-level official', async () => {
    const res = await get('supervisor', 'users/getroles/moderator');
    expect(res.statusCode).toBe(200);
    expect(roleSchema.array().parse(res.json())).toEqual([
      { id: expect.any(Number), name: 'MODERATOR', rolename: 'Sub-Locality/Ward Officer' },
    ]);
  });

  it('lets others see their own roles and those of accounts under them only', async () => {
    expect((await get('moderator', 'users/getroles/moderator')).json()[0].name).toBe('MODERATOR');
    expect((await get('police', 'users/getroles/supermoderator2')).statusCode).toBe(200);
  });

  it('answers an account outside the caller jurisdiction exactly like an unknown one, and writes it down', async () => {
    const replies = await Promise.all([
      get('moderator', 'users/getroles/admin'),
      get('moderator', 'users/getroles/nobody'),
      get('supermoderator2', 'users/getroles/moderator'),
    ]);
    expect(replies.map((r) => [r.statusCode, r.json<unknown>()])).toEqual(
      replies.map(() => [404, { statusCode: 404, error: 'Not Found', message: 'User not found' }]),
    );
    const lines = await t.db
      .select()
      .from(logRecords)
      .where(
        and(eq(logRecords.username, 'moderator'), eq(logRecords.url, `${API_BASE}/users/getroles/admin`)),
      );
    expect(lines.map((l) => l.remark)).toEqual([
      `Refused (404): User not found (GET ${API_BASE}/users/getroles/admin)`,
    ]);
  });

  it('answers 404 for an unknown account and 401 without a session', async () => {
    const missing = await get('admin', 'users/getroles/nobody');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('User not found');
    expect((await get(null, 'users/getroles/admin')).statusCode).toBe(401);
    expect((await get(null, 'users/userbyUserCode/17')).statusCode).toBe(401);
  });

  it('lists the accounts of a usercode inside the caller jurisdiction', async () => {
    const res = await get('police', 'users/userbyUserCode/PS1701001LA01');
    expect(res.statusCode).toBe(200);
    const accounts = userDtoSchema.array().parse(res.json());
    expect(accounts.map((a) => [a.username, a.role[0].name])).toEqual([
      ['locality', 'LOCALITY'],
      ['supermoderator', 'SUPERMODERATOR'],
    ]);
    expect(JSON.stringify(accounts)).not.toMatch(/password/i);

    expect(
      (await get('verifier', 'users/userbyUserCode/1701'))
        .json()
        .map((a: { username: string }) => a.username),
    ).toEqual(['verifier', 'user']);
    expect((await get('admin', 'users/userbyUserCode/17')).json()).toHaveLength(2);
    expect((await get('admin', 'users/userbyUserCode/PS9999')).json()).toEqual([]);
  });

  it('refuses usercodes outside the caller jurisdiction', async () => {
    expect((await get('supermoderator2', 'users/userbyUserCode/PS1701001LA01')).statusCode).toBe(403);
    expect((await get('police', 'users/userbyUserCode/1701')).statusCode).toBe(403);
    expect((await get('verifier', 'users/userbyUserCode/PS1703001')).statusCode).toBe(403);
  });
});
