import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas } from '../../src/server/db/schema';
import { CAPTCHA_TRIES, CAPTCHA_TTL_MS, checkCaptcha, issueCaptcha } from '../../src/server/security/captcha';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/test-db';

describe.each(testDatabases())('captcha store on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind, { demo: false });
  });
  afterAll(() => t.dispose());
  const now = new Date();

  it('keeps only a digest of the answer', async () => {
    const { captchaId } = await issueCaptcha(t.db, now, 'QWERT');
    const rows = await t.db.select().from(captchas);
    const row = rows.find((r) => r.id === captchaId)!;
    expect(row.answerHash).not.toContain('QWERT');
    expect(row.triesLeft).toBe(CAPTCHA_TRIES);
  });

  it("allows three tries with 'onSuccess', then refuses even the right answer", async () => {
    const { captchaId } = await issueCaptcha(t.db, now, 'ABCDE');
    expect(await checkCaptcha(t.db, captchaId, 'WRONG', now, 'onSuccess')).toBe(false);
    expect(await checkCaptcha(t.db, captchaId, ' abcde ', now, 'onSuccess')).toBe(true);
    expect(await checkCaptcha(t.db, captchaId, 'ABCDE', now, 'onSuccess')).toBe(false);

    const second = await issueCaptcha(t.db, now, 'ABCDE');
    for (let i = 0; i < CAPTCHA_TRIES; i++)
      expect(await checkCaptcha(t.db, second.captchaId, 'NOPE', now, 'onSuccess')).toBe(false);
    expect(await checkCaptcha(t.db, second.captchaId, 'ABCDE', now, 'onSuccess')).toBe(false);
  });

  it('refuses an expired or unknown captcha', async () => {
    const { captchaId } = await issueCaptcha(t.db, now, 'ABCDE');
    expect(
      await checkCaptcha(t.db, captchaId, 'ABCDE', new Date(now.getTime() + CAPTCHA_TTL_MS), 'onSuccess'),
    ).toBe(false);
    expect(await checkCaptcha(t.db, 'no-such-id', 'ABCDE', now)).toBe(false);
  });
});
