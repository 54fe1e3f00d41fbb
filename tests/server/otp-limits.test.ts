import { beforeEach, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { OTP_MESSAGES } from '../../src/contract/otp.contract';
import { logRecords, otpChallenges } from '../../src/server/db/schema';
import { ADDRESS_LOOKUP_LIMIT, TOO_MANY_LOOKUPS_MESSAGE } from '../../src/server/security/lookup-limit';
import { latestOtpCode, otpKeyFor, requestOtpCall, validateOtpCall, type OtpTarget } from '../support/otp';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const LANDLORD: OtpTarget = { subject: 'landlord', id: 'KHS3318820' };
const LANDLORD_EMAIL = 'ibashisha.lyngdoh@example.in';

/** A fresh address per call, so only the limits under test can refuse (an attacker has many addresses too). */
let nextHost = 0;
const freshAddress = () => {
  nextHost += 1;
  return `10.${(nextHost >> 16) & 255}.${(nextHost >> 8) & 255}.${nextHost & 255}`;
};
const from = (target: OtpTarget): OtpTarget => ({ ...target, remoteAddress: freshAddress() });

describe.each(testDatabases())('OTP limits on %s', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => t.clock.advance(2 * DAY));

  it('sends at most 3 codes in 15 minutes and 4 in a day per requester, 10 in a day to one person, and says how long to wait', async () => {
    const requester = { ...LANDLORD, remoteAddress: freshAddress() };
    const statuses = async (target: () => OtpTarget, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await requestOtpCall(t.app, target())).statusCode);
      return out;
    };
    expect(await statuses(() => requester, 3)).toEqual([200, 200, 200]);
    const fourth = await requestOtpCall(t.app, requester);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe('Too many OTP requests. Please try again after 15 minutes.');
    t.clock.advance(10 * MINUTE);
    expect((await requestOtpCall(t.app, requester)).json().message).toBe(
      'Too many OTP requests. Please try again after 5 minutes.',
    );
    // Refused requests do not count: after the wait, the requester's fourth and last of the day.
    t.clock.advance(5 * MINUTE);
    expect(await statuses(() => requester, 1)).toEqual([200]);
    expect((await requestOtpCall(t.app, requester)).json().message).toBe(
      'Too many OTP requests. Please try again after 1425 minutes.',
    );
    // Other requesters are not refused for it, up to the person's 10 a day, whoever asks.
    expect(await statuses(() => from(LANDLORD), 7)).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const eleventh = await requestOtpCall(t.app, from(LANDLORD));
    expect(eleventh.json().message).toBe('Too many OTP requests. Please try again after 1425 minutes.');
    t.clock.advance(1425 * MINUTE);
    expect((await requestOtpCall(t.app, from(LANDLORD))).statusCode).toBe(200);
  });

  it('limits the OTP requests of one address, also for people who do not exist', async () => {
    const address = '192.0.2.77';
    const unknown = (n: number): OtpTarget => ({
      subject: 'landlord',
      id: `ZZZ${String(n).padStart(7, '0')}`,
      remoteAddress: address,
    });
    for (let i = 0; i < ADDRESS_LOOKUP_LIMIT.max; i++) {
      expect((await requestOtpCall(t.app, unknown(i))).statusCode).toBe(404);
    }
    const over = await requestOtpCall(t.app, unknown(99));
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(TOO_MANY_LOOKUPS_MESSAGE);
    // A registered landlord from that address is refused alike: the reply tells nothing about who exists.
    const known = await requestOtpCall(t.app, { ...LANDLORD, remoteAddress: address });
    expect(known.statusCode).toBe(429);
    expect((await requestOtpCall(t.app, from(LANDLORD))).statusCode).toBe(200);
    const audited = await t.db
      .select()
      .from(logRecords)
      .where(and(eq(logRecords.ipAddress, address), like(logRecords.remark, 'Refused: over %')));
    expect(audited).toHaveLength(1);
    t.clock.advance(ADDRESS_LOOKUP_LIMIT.windowMs);
    expect((await requestOtpCall(t.app, unknown(100))).statusCode).toBe(404);
  });

  it('admits at most 30 of 40 racing lookups from one address, and writes the flood to the audit trail', async () => {
    const address = '192.0.2.88';
    const replies = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        requestOtpCall(t.app, {
          subject: 'landlord',
          id: `ZZY${String(i).padStart(7, '0')}`,
          remoteAddress: address,
        }),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(ADDRESS_LOOKUP_LIMIT.max);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
    expect(statuses.every((s) => s === 404 || s === 429)).toBe(true);
    const audited = await t.db
      .select()
      .from(logRecords)
      .where(and(eq(logRecords.ipAddress, address), like(logRecords.remark, 'Refused: over %')));
    expect(audited.length).toBeGreaterThanOrEqual(1);
  });

  it('lets the test helper wait out the send limit with the suite clock', async () => {
    const started = t.clock.now().getTime();
    for (let i = 0; i < 4; i++) {
      const reply = await otpKeyFor(t.app, {
        ...LANDLORD,
        remoteAddress: '192.0.2.99',
        to: LANDLORD_EMAIL,
        clock: t.clock,
      });
      expect(reply.apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    expect(t.clock.now().getTime() - started).toBe(15 * MINUTE);
  });

  it('loses no wrong try and accepts no code twice when requests race', async () => {
    await requestOtpCall(t.app, from(LANDLORD));
    const code = await latestOtpCode(t.app, LANDLORD_EMAIL);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => validateOtpCall(t.app, from(LANDLORD), wrong)),
    );
    // All answer alike (issue 20); the audit trail says which guess spent a try and which found none left.
    expect(new Set(replies.map((r) => r.json().message as string))).toEqual(new Set([OTP_MESSAGES.refused]));
    const remarks = (
      await t.db.select().from(logRecords).where(like(logRecords.remark, 'OTP refused:%'))
    ).map((row) => row.remark);
    expect(remarks.filter((m) => m.startsWith('OTP refused: wrong code'))).toHaveLength(4);
    expect(remarks.filter((m) => m === 'OTP refused: too many wrong tries, code ended')).toHaveLength(4);
    const [challenge] = await t.db
      .select()
      .from(otpChallenges)
      .where(like(otpChallenges.subjectKey, 'landlord:%'))
      .orderBy(desc(otpChallenges.id))
      .limit(1);
    expect(challenge.triesLeft).toBe(0);

    await requestOtpCall(t.app, from(LANDLORD));
    const fresh = await latestOtpCode(t.app, LANDLORD_EMAIL);
    const both = await Promise.all([
      validateOtpCall(t.app, from(LANDLORD), fresh),
      validateOtpCall(t.app, from(LANDLORD), fresh),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
