import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { CaptchaReply } from '../../contract/users.contract';
import type { Db } from '../db/client';
import { purgeExpiredRows, type ExpiringTable } from '../db/expiring-rows';
import { captchas } from '../db/schema';
import { captchaPng } from './captcha-image';

export const CAPTCHA_TTL_MS = 3 * 60_000;
export const CAPTCHA_TRIES = 3;
const CAPTCHA_LENGTH = 5;
// No look-alikes (0/O, 1/l/I, 5/S, 2/Z ...): the answer is compared without case, so only one case is drawn.
const CAPTCHA_ALPHABET = 'ABCDEFGHJKMNPQRTUVWXY346789';
/** The shape of the ids we issue (18 random bytes, base64url); anything else is unknown without a query. */
const CAPTCHA_ID = /^[A-Za-z0-9_-]{24}$/;
/** Expired rows removed by each issue: more than the one it adds, so a flood cannot grow the table. */
const PURGE_PER_ISSUE = 2;
const CAPTCHA_ROWS: ExpiringTable = { table: 'captchas', key: 'id' };

function randomText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

/** Only this digest is stored. The id salts it so equal answers do not give equal rows. */
function answerDigest(captchaId: string, answer: string): string {
  return createHash('sha256').update(`${captchaId}:${answer.trim().toUpperCase()}`).digest('base64url');
}

/**
 * Draws a new challenge and stores its answer digest. `fixedText` (MRSS_CAPTCHA_FIXED, refused in production)
 * makes the answer known to automated tests; the image is still drawn from it.
 */
export async function issueCaptcha(db: Db, now: Date, fixedText?: string): Promise<CaptchaReply> {
  const captchaId = randomBytes(18).toString('base64url');
  const text = fixedText ?? randomText();
  const png = await captchaPng(text);
  const expiresAt = new Date(now.getTime() + CAPTCHA_TTL_MS);
  await db.insert(captchas).values({
    id: captchaId,
    answerHash: answerDigest(captchaId, text),
    expiresAt,
    triesLeft: CAPTCHA_TRIES,
  });
  await purgeExpiredCaptchas(db, now, PURGE_PER_ISSUE);
  return {
    captchaId,
    image: png.toString('base64'),
    contentType: 'image/png',
    expiresAt: expiresAt.toISOString(),
  };
}

/** Deletes up to `count` expired challenges, oldest first (db/expiring-rows.ts). */
export function purgeExpiredCaptchas(db: Db, now: Date, count: number): Promise<void> {
  return purgeExpiredRows(db, CAPTCHA_ROWS, now, count);
}

export type CaptchaConsume = 'always' | 'onSuccess';

/**
 * Checks an answer in one atomic statement (no two replicas can both accept it). Every check spends a try;
 * a right answer always uses the captcha up. With `consume: 'always'` (sign-in) any attempt uses it up, because
 * a failed sign-in must show a fresh image. Unknown, expired, spent and used captchas all answer false.
 */
export async function checkCaptcha(
  db: Db,
  captchaId: string,
  answer: string,
  now: Date,
  consume: CaptchaConsume = 'always',
): Promise<boolean> {
  if (!CAPTCHA_ID.test(captchaId)) return false;
  const digest = answerDigest(captchaId, answer);
  const matches = sql`${captchas.answerHash} = ${digest}`;
  const rows = await db
    .update(captchas)
    .set({
      triesLeft: sql`${captchas.triesLeft} - 1`,
      usedAt:
        consume === 'always'
          ? now
          : sql`case when ${matches} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(captchas.id, captchaId),
        isNull(captchas.usedAt),
        gt(captchas.expiresAt, now),
        gt(captchas.triesLeft, 0),
      ),
    )
    .returning({ ok: sql<boolean>`${matches}` });
  return rows.length === 1 && rows[0].ok === true;
}
