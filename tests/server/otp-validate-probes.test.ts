import { beforeEach, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { OTP_MAX_TRIES, OTP_MESSAGES } from '../../src/contract/otp.contract';
import { landlords, otpChallenges } from '../../src/server/db/schema';
import { OTP_GUESS_LIMITS } from '../../src/server/security/otp-guess-limit';
import {
  lastChallenge,
  latestOtpCode,
  requestOtpCall,
  validateOtpCall,
  type OtpTarget,
} from '../support/otp';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// Issue 20, section 3: `validateOTP` was outside the per-address budget; its answers told whether a person had a
// live code, a used one or a locked one; and each probe spent one of the person's tries, so anyone who knew an
// EPIC could lock that person's code. Now wrong codes are counted per address and person (F5: not in getOTP's
// lookup budget), every refusal answers alike, and a guess spends a try only with the challenge of a getOTP reply.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Demo landlords no other test of this file asks codes for (each test starts a day later anyway). */
const VICTIM: OtpTarget = { subject: 'landlord', id: 'KHS2041137' };
const VICTIM_EMAIL = 'banteilang.k@example.in';
const STRANGER: OtpTarget = { subject: 'landlord', id: 'KHS3318820' };
const STRANGER_EMAIL = 'ibashisha.lyngdoh@example.in';
/** Shaped like a challenge token, made by no server. */
const FORGED = 'A'.repeat(43);

const otherThan = (code: string, step = 1) => String((Number(code) + step) % 1_000_000).padStart(6, '0');

/** What the caller sees of a reply, less what differs on every reply anyway. */
function seen(res: InjectResponse) {
  const { date: _date, connection: _connection, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
}

describe.each(testDatabases())('validateOTP probes on %s', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => t.clock.advance(DAY + MINUTE));

  const victimTries = async () => {
    const [{ id }] = await t.db.select().from(landlords).where(eq(landlords.epicNo, VICTIM.id));
    const [challenge] = await t.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.subjectKey, `landlord:${id}`))
      .orderBy(desc(otpChallenges.id))
      .limit(1);
    return challenge.triesLeft;
  };

  it('answers every refused code alike: none asked for, wrong, foreign challenge, used, expired, locked, unknown person', async () => {
    const replies = new Map<string, ReturnType<typeof seen>>();
    replies.set(
      'no code was ever asked for',
      seen(await validateOtpCall(t.app, { ...VICTIM, challenge: FORGED }, '123456')),
    );

    await requestOtpCall(t.app, VICTIM);
    const code = await latestOtpCode(t.app, VICTIM_EMAIL);
    replies.set('a wrong code', seen(await validateOtpCall(t.app, VICTIM, otherThan(code))));
    replies.set(
      'the right code with a forged challenge',
      seen(await validateOtpCall(t.app, { ...VICTIM, challenge: FORGED }, code)),
    );
    expect((await validateOtpCall(t.app, VICTIM, code)).statusCode).toBe(200);
    replies.set('a used code', seen(await validateOtpCall(t.app, VICTIM, code)));

    await requestOtpCall(t.app, VICTIM);
    const late = await latestOtpCode(t.app, VICTIM_EMAIL);
    t.clock.advance(5 * MINUTE + 1);
    replies.set('an expired code', seen(await validateOtpCall(t.app, VICTIM, late)));

    await requestOtpCall(t.app, VICTIM);
    const locked = await latestOtpCode(t.app, VICTIM_EMAIL);
    for (let i = 1; i <= OTP_MAX_TRIES; i++) await validateOtpCall(t.app, VICTIM, otherThan(locked, i));
    replies.set('the right code of a locked challenge', seen(await validateOtpCall(t.app, VICTIM, locked)));

    replies.set(
      'a person who does not exist',
      seen(
        await validateOtpCall(t.app, { subject: 'landlord', id: 'ZZZ0000042', challenge: FORGED }, '123456'),
      ),
    );

    const first = replies.get('a wrong code')!;
    expect(first.status).toBe(400);
    expect(JSON.parse(first.body)).toMatchObject({ message: OTP_MESSAGES.refused });
    for (const [name, reply] of replies) expect(reply, name).toEqual(first);
  });

  it("spends none of a person's tries on guesses without the challenge of that person's code", async () => {
    await requestOtpCall(t.app, VICTIM);
    const code = await latestOtpCode(t.app, VICTIM_EMAIL);
    // A stranger knows the victim's EPIC, not the challenge the victim's getOTP reply carried. It forges one, sends
    // none, or brings a genuine challenge of a code it asked for itself.
    await requestOtpCall(t.app, STRANGER);
    await latestOtpCode(t.app, STRANGER_EMAIL);
    const strangersOwn = lastChallenge(t.app, STRANGER);
    let refused = 0;
    for (let i = 1; i <= 4 * OTP_MAX_TRIES; i++) {
      const challenge = [FORGED, strangersOwn, 'B'.repeat(43), FORGED.slice(1)][i % 4];
      const probe = await validateOtpCall(t.app, { ...VICTIM, challenge }, otherThan(code, i));
      if (probe.statusCode === 400) refused += 1;
    }
    // Even the right code is refused without the challenge (a code read over someone's shoulder is not enough).
    expect((await validateOtpCall(t.app, { ...VICTIM, challenge: FORGED }, code)).statusCode).toBe(400);
    expect(refused).toBe(4 * OTP_MAX_TRIES);
    expect(await victimTries()).toBe(OTP_MAX_TRIES);

    const victim = await validateOtpCall(t.app, VICTIM, code);
    expect(victim.statusCode, victim.body).toBe(200);
  });

  it("locks wrong codes per address and person, not getOTP's lookup budget nor the address's other people", async () => {
    const address = '203.0.113.77';
    const pairLimit = OTP_GUESS_LIMITS.perAddressAndIdentity;
    const probe = (target: OtpTarget) =>
      validateOtpCall(t.app, { ...target, remoteAddress: address, challenge: FORGED }, '123456');
    for (let i = 0; i < pairLimit.max; i++) expect((await probe(VICTIM)).statusCode).toBe(400);
    const over = await probe(VICTIM);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(OTP_MESSAGES.tooManyWrongCodes(pairLimit.windowMs / MINUTE));
    // Someone else's code from the same address, and a code request from it, are not concerned.
    expect((await probe(STRANGER)).statusCode).toBe(400);
    expect((await requestOtpCall(t.app, { ...VICTIM, remoteAddress: address })).statusCode).toBe(200);
    t.clock.advance(pairLimit.windowMs);
    expect((await probe(VICTIM)).statusCode).toBe(400);
  });
});
