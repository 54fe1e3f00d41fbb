import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { logRecords } from '../../src/server/db/schema';
import { attemptSignin, bearer, sealPassword } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases, TEST_PASSWORD } from '../support/test-db';

const SIGNIN_URL = `${API_BASE}/users/signin`;

describe.each(testDatabases())('sign-in audit trail on %s', (kind) => {
  const t = useTestApp(kind);

  const lastRecord = async () => {
    const rows = await t.db.select().from(logRecords);
    return rows.sort((a, b) => a.id - b.id).at(-1)!;
  };

  it('records each sign-in outcome with the address, path, account and reason', async () => {
    const ip = '192.0.2.10';
    const cases: [string, () => ReturnType<typeof attemptSignin>, string, string][] = [
      ['success', () => attemptSignin(t.app, { username: 'admin', remoteAddress: ip }), 'admin', 'Signed in'],
      [
        'wrong password',
        () => attemptSignin(t.app, { username: 'admin', password: 'Wrong-Secret-77', remoteAddress: ip }),
        'admin',
        'Sign-in failed: wrong password',
      ],
      [
        'unknown user',
        () => attemptSignin(t.app, { username: 'ghost', remoteAddress: ip }),
        'ghost',
        'Sign-in failed: unknown username',
      ],
      [
        'wrong captcha',
        () => attemptSignin(t.app, { username: 'admin', captcha: 'NOPE1', remoteAddress: ip }),
        'admin',
        'Sign-in failed: wrong, expired or reused captcha',
      ],
      [
        'garbage ciphertext',
        () =>
          attemptSignin(t.app, {
            username: 'admin',
            ciphertext: Buffer.alloc(256).toString('base64'),
            remoteAddress: ip,
          }),
        'admin',
        'Sign-in failed: unreadable password',
      ],
    ];
    for (const [, run, username, remark] of cases) {
      await run();
      expect(await lastRecord()).toMatchObject({ ipAddress: ip, url: SIGNIN_URL, username, remark });
    }
  });

  it('records a replayed ciphertext and a throttled attempt', async () => {
    const ip = '192.0.2.20';
    const ciphertext = await sealPassword(t.app, TEST_PASSWORD);
    await attemptSignin(t.app, { username: 'verifier', ciphertext, remoteAddress: ip });
    await attemptSignin(t.app, { username: 'verifier', ciphertext, remoteAddress: ip });
    expect(await lastRecord()).toMatchObject({
      ipAddress: ip,
      remark: 'Sign-in refused: replayed or expired password form',
    });

    for (let i = 0; i < 5; i++)
      await attemptSignin(t.app, { username: 'verifier', password: 'bad-guess-1', remoteAddress: ip });
    await attemptSignin(t.app, { username: 'verifier', remoteAddress: ip });
    expect(await lastRecord()).toMatchObject({
      ipAddress: ip,
      username: 'verifier',
      url: SIGNIN_URL,
      remark: 'Sign-in refused: too many failed attempts',
    });
  });

  it('records logout, and never stores a password or a token', async () => {
    const res = await attemptSignin(t.app, { username: 'user', remoteAddress: '192.0.2.30' });
    const { accessToken } = res.json();
    await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/users/logout`,
      headers: bearer(accessToken),
      remoteAddress: '192.0.2.30',
    });
    expect(await lastRecord()).toMatchObject({
      ipAddress: '192.0.2.30',
      url: `${API_BASE}/users/logout`,
      username: 'user',
      remark: 'Signed out',
    });

    const everything = JSON.stringify(await t.db.select().from(logRecords));
    for (const secret of [TEST_PASSWORD, 'Wrong-Secret-77', 'bad-guess-1', accessToken])
      expect(everything).not.toContain(secret);
  });
});
