import { desc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { OtpSentReply } from '../../src/contract/otp.contract';
import { logRecords, otpRequests, outboxMessages } from '../../src/server/db/schema';
import { requestOtpCall, validateOtpCall } from '../support/otp';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// GET apikey/getOTP/user/{username} must not tell which staff usernames exist: an unknown name answers 200 with
// the reply a real account gets (same message, channel, fields), sends nothing, spends the caller's address
// budget and the name's send budget alike (the 4th request from one address in 15 minutes is refused 429 for
// both), and only the audit log says what happened.

const shapeOf = (reply: OtpSentReply) => ({
  keys: Object.keys(reply).sort(),
  message: reply.message,
  channel: reply.channel,
  challengeLength: reply.challenge.length,
});

describe.each(testDatabases())('staff usernames not enumerable by getOTP on %s', (kind) => {
  const t = useTestApp(kind);
  const quietly = <T>(call: () => Promise<T>) => {
    // Demo mode prints a real account's code on the operator console: keep the test output clean.
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    return call().finally(() => log.mockRestore());
  };

  it('answers an unknown username as a known one, sends nothing, and audits the truth', async () => {
    const known = await quietly(() => requestOtpCall(t.app, { subject: 'user', id: 'moderator' }));
    const outboxBefore = (await t.db.select().from(outboxMessages)).length;
    const unknown = await requestOtpCall(t.app, { subject: 'user', id: 'no-such-official' });
    expect(known.statusCode, known.body).toBe(200);
    expect(unknown.statusCode, unknown.body).toBe(200);
    expect(shapeOf(unknown.json())).toEqual(shapeOf(known.json()));
    expect(Date.parse(unknown.json<OtpSentReply>().expiresAt)).toBe(
      Date.parse(known.json<OtpSentReply>().expiresAt),
    );
    expect(await t.db.select().from(outboxMessages)).toHaveLength(outboxBefore);
    const [last] = await t.db.select().from(logRecords).orderBy(desc(logRecords.id)).limit(1);
    expect(last.remark).toBe('OTP not sent: no user with this username (answered as if sent)');
    // No code exists for the name: any guess is refused as for a wrong code.
    const guess = await validateOtpCall(t.app, { subject: 'user', id: 'no-such-official' }, '123456');
    expect(guess.statusCode).not.toBe(200);
  });

  it('spends the same per-name budget: the 4th request from one address in 15 minutes is refused 429 for both', async () => {
    for (const username of ['admin', 'never-registered']) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await quietly(() =>
              requestOtpCall(t.app, { subject: 'user', id: username, remoteAddress: '192.0.2.50' }),
            )
          ).statusCode,
        );
      expect(statuses, username).toEqual([200, 200, 200, 429]);
    }
    const counted = await t.db
      .select()
      .from(otpRequests)
      .where(eq(otpRequests.subjectKey, 'user:never-registered'));
    expect(counted.map((r) => r.outcome)).toEqual(['sent', 'sent', 'sent', 'refused']);
  });
});
