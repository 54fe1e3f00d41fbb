import { describe, expect, it } from 'vitest';
import type { CaptchaReply } from '../../src/contract/users.contract';
import { THROTTLE_LIMITS } from '../../src/server/security/signin-throttle';
import { SIGNIN_MESSAGES } from '../../src/server/services/signin.service';
import { attemptSignin, getJson, sealPassword } from '../support/staff-signin';
import { useTestApp } from '../support/test-app';
import { testDatabases, TEST_PASSWORD } from '../support/test-db';

// Issue 8, finding 1: a sealed password captured from a refused attempt must be worthless to whoever replays
// it, from any address. The nonce inside it is spent by every attempt, whatever refuses it afterwards.

describe.each(testDatabases())('sealed password replay on %s', (kind) => {
  const t = useTestApp(kind);
  const victimIp = '198.51.100.10';
  const attackerIp = '203.0.113.66';

  /** The attacker's replay: the captured ciphertext with a fresh, correctly answered captcha. */
  const replay = (username: string, ciphertext: string) =>
    attemptSignin(t.app, { username, ciphertext, remoteAddress: attackerIp });

  it('refuses a ciphertext captured from an attempt refused for its captcha', async () => {
    const ciphertext = await sealPassword(t.app, TEST_PASSWORD, victimIp);
    const refused = await attemptSignin(t.app, {
      username: 'supervisor',
      ciphertext,
      captcha: 'WRONG7',
      remoteAddress: victimIp,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SIGNIN_MESSAGES.badCaptcha);

    const replayed = await replay('supervisor', ciphertext);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(SIGNIN_MESSAGES.formExpired);
    expect(replayed.json()).not.toHaveProperty('accessToken');
  });

  it('refuses a ciphertext and a captcha captured from an attempt refused by the throttle', async () => {
    for (let i = 0; i < THROTTLE_LIMITS.accountFromIp; i++) {
      const res = await attemptSignin(t.app, {
        username: 'verifier',
        password: 'wrong',
        remoteAddress: victimIp,
      });
      expect(res.statusCode).toBe(401);
    }
    const ciphertext = await sealPassword(t.app, TEST_PASSWORD, victimIp);
    const { captchaId } = await getJson<CaptchaReply>(t.app, 'users/getcaptcha', victimIp);
    const throttled = await attemptSignin(t.app, {
      username: 'verifier',
      ciphertext,
      captchaId,
      remoteAddress: victimIp,
    });
    expect(throttled.statusCode).toBe(429);

    // Another address is not throttled for this account, so only the spent nonce stops the replay ...
    const replayed = await replay('verifier', ciphertext);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(SIGNIN_MESSAGES.formExpired);
    // ... and the captcha answered in the throttled attempt is spent too.
    const captchaReused = await attemptSignin(t.app, {
      username: 'verifier',
      captchaId,
      remoteAddress: attackerIp,
    });
    expect(captchaReused.statusCode).toBe(400);
    expect(captchaReused.json().message).toBe(SIGNIN_MESSAGES.badCaptcha);
    // The same address, with a fresh form, still signs in: the refusals above were the replay's fault.
    expect((await attemptSignin(t.app, { username: 'verifier', remoteAddress: attackerIp })).statusCode).toBe(
      200,
    );
  });

  it('refuses a ciphertext captured from an attempt with a wrong password or an unknown username', async () => {
    for (const username of ['user', 'no-such-official']) {
      const ciphertext = await sealPassword(t.app, 'a-wrong-password', victimIp);
      const refused = await attemptSignin(t.app, { username, ciphertext, remoteAddress: victimIp });
      expect(refused.statusCode).toBe(401);
      const replayed = await replay(username, ciphertext);
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json().message).toBe(SIGNIN_MESSAGES.formExpired);
    }
  });
});
