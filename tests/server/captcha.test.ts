import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchas } from '../../src/server/db/schema';
import {
  CAPTCHA_TRIES,
  CAPTCHA_TTL_MS,
  checkCaptcha,
  issueCaptcha,
  purgeExpiredCaptchas,
} from '../../src/server/security/captcha';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/test-db';

describe.each(testDatabases())('captcha store on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind, { demo: false });
  });
  afterAll(() => t.dispose());
  const now = new Date();

  it('draws the same text differently every time, as pixels (no drawing commands to look up)', async () => {
    const pictures = await Promise.all([1, 2, 3].map(() => issueCaptcha(t.db, now, 'AB3XY')));
    const bytes = pictures.map((p) => Buffer.from(p.image, 'base64'));
    for (const [i, picture] of pictures.entries()) {
      expect(picture.contentType).toBe('image/png');
      expect(bytes[i].subarray(1, 4).toString()).toBe('PNG');
      expect(bytes[i].toString('latin1')).not.toContain('<path');
    }
    expect(new Set(bytes.map((b) => b.toString('base64'))).size).toBe(3);
  });

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

  it.each([
    ['a NUL byte', (id: string) => `${id.slice(0, 23)}\u0000`],
    ['a lone surrogate', (id: string) => `${id.slice(0, 23)}\uD800`],
    ['an oversized id', (id: string) => id.repeat(400)],
  ])(
    'answers false, never throws, for an id with %s, and the real captcha is unharmed',
    async (_what, spoil) => {
      const { captchaId } = await issueCaptcha(t.db, now, 'ABCDE');
      expect(await checkCaptcha(t.db, spoil(captchaId), 'ABCDE', now)).toBe(false);
      expect(await checkCaptcha(t.db, captchaId, 'ABCDE', now)).toBe(true);
    },
  );

  it('removes expired challenges as new ones are issued, oldest first', async () => {
    const later = new Date(now.getTime() + CAPTCHA_TTL_MS);
    const before = (await t.db.select().from(captchas)).length;
    expect(before).toBeGreaterThan(2);
    const fresh = await issueCaptcha(t.db, later, 'ABCDE');
    const after = await t.db.select().from(captchas);
    // One added, two expired ones removed.
    expect(after).toHaveLength(before - 1);
    expect(after.some((r) => r.id === fresh.captchaId)).toBe(true);
    await purgeExpiredCaptchas(t.db, later, 1000);
    expect((await t.db.select().from(captchas)).map((r) => r.id)).toEqual([fresh.captchaId]);
  });
});
