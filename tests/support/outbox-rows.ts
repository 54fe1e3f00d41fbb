import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { outboxMessages } from '../../src/server/db/schema';

/** The subject line of every OTP message (src/server/notify/otp-message.ts). */
export const OTP_SUBJECT = 'MRSS Portal one-time password';

/**
 * The outbox table as a suite reads it to see where messages went (straight from the database, so it also works
 * for staff OTPs, which the demo outbox never shows): every message to `to`, the OTPs among them, and the notices
 * holding some words. Takes the suite's app holder and reads its `db` at each call (useTestApp fills it before the
 * tests run, after the suite is defined).
 */
export function outboxRows(t: { db: Db }) {
  const outboxOf = (to: string) =>
    t.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, to))
      .orderBy(desc(outboxMessages.id));
  const otpsTo = async (to: string) => (await outboxOf(to)).filter((m) => m.subject === OTP_SUBJECT).length;
  const noticesTo = async (to: string, words: string) =>
    (await outboxOf(to)).filter((m) => m.subject !== OTP_SUBJECT && m.body.includes(words)).length;
  return { outboxOf, otpsTo, noticesTo };
}
