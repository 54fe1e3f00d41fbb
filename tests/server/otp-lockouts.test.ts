import { beforeEach, describe, expect, it } from 'vitest';
import { OTP_MAX_TRIES, OTP_SEND_LIMITS, type OtpSentReply } from '../../src/contract/otp.contract';
import { OTP_GUESS_LIMITS } from '../../src/server/security/otp-guess-limit';
import {
  latestMailedOtpCode,
  latestOtpCode,
  readOutbox,
  requestOtpCall,
  validateOtpCall,
  type OtpTarget,
} from '../support/otp';
import type { App } from '../../src/server/app';
import { useSmtpTestServer } from '../support/smtp-test-server';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// Issue 20, pen-test F5: no stranger locks a person or an office out of its OTPs. Sends are counted per person
// and requester address (a requester spends its own budget), with a daily cap per person whatever the requesters
// (the flood bound); a code belongs to the requester it was sent for (another requester's send does not replace it);
// wrong codes lock the pair (address, person) and, much later, the address (docs/otp-and-citizen-keys.md).

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const DAILY_CAP = OTP_SEND_LIMITS.perIdentity[0].max;
const PERSON: OtpTarget = { subject: 'landlord', id: 'KHS3318820' };
const PERSON_EMAIL = 'ibashisha.lyngdoh@example.in';
const NEIGHBOUR: OtpTarget = { subject: 'landlord', id: 'KHS2041137' };
const NEIGHBOUR_EMAIL = 'banteilang.k@example.in';
/** Shaped like a challenge token, made by no server. */
const FORGED = 'A'.repeat(43);

let nextHost = 0;
const freshAddress = () => {
  nextHost += 1;
  return `10.77.${(nextHost >> 8) & 255}.${nextHost & 255}`;
};
const at = (target: OtpTarget, remoteAddress: string): OtpTarget => ({ ...target, remoteAddress });
/** An attacker's loop: asks for the target's code from one address until the server refuses it. */
async function askUntilRefused(app: App, attacker: OtpTarget): Promise<void> {
  const statuses: number[] = [];
  while (!statuses.includes(429) && statuses.length < 20)
    statuses.push((await requestOtpCall(app, attacker)).statusCode);
  expect(statuses.at(-1)).toBe(429);
}

/** The person asks from an address of its own, reads the code that came and signs in with it. */
async function signsInFromElsewhere(app: App, who: OtpTarget, codeReceived: () => Promise<string>) {
  const person = at(who, freshAddress());
  const sent = await requestOtpCall(app, person);
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await validateOtpCall(app, person, await codeReceived());
  expect(verified.statusCode, verified.body).toBe(200);
}

const otherThan = (code: string, step = 1) => String((Number(code) + step) % 1_000_000).padStart(6, '0');

describe.each(testDatabases())('OTP lockouts on %s', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => t.clock.advance(2 * DAY));

  it('an attacker at one address asking until refused does not stop the person at another', async () => {
    await askUntilRefused(t.app, at(PERSON, freshAddress()));
    await signsInFromElsewhere(t.app, PERSON, () => latestOtpCode(t.app, PERSON_EMAIL));
  });

  it('keeps the code the person asked for working while others keep asking for codes', async () => {
    const person = at(PERSON, freshAddress());
    const sent = await requestOtpCall(t.app, person);
    expect(sent.statusCode).toBe(200);
    const code = await latestOtpCode(t.app, PERSON_EMAIL);
    for (let i = 0; i < 2; i++)
      expect((await requestOtpCall(t.app, at(PERSON, freshAddress()))).statusCode).toBe(200);
    // The person's browser kept its own reply's challenge; the newest codes in the mailbox are the others'.
    const verified = await validateOtpCall(
      t.app,
      { ...person, challenge: sent.json<OtpSentReply>().challenge },
      code,
    );
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('sends at most the daily cap to the person, whatever the number of requesters', async () => {
    const before = (await readOutbox(t.app, PERSON_EMAIL)).length;
    const statuses: number[] = [];
    for (let i = 0; i < 3 * DAILY_CAP; i++) {
      statuses.push((await requestOtpCall(t.app, at(PERSON, freshAddress()))).statusCode);
      t.clock.advance(MINUTE);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(DAILY_CAP);
    expect(statuses.slice(DAILY_CAP).every((s) => s === 429)).toBe(true);
    expect((await readOutbox(t.app, PERSON_EMAIL)).length - before).toBe(DAILY_CAP);
    // The cap is a sliding day: the first send leaves it a day after it was made.
    t.clock.advance(DAY - 3 * DAILY_CAP * MINUTE);
    expect((await requestOtpCall(t.app, at(PERSON, freshAddress()))).statusCode).toBe(200);
  });

  it("a typist's wrong codes at a shared address do not stop another person there", async () => {
    const office = freshAddress();
    const typist = at(PERSON, office);
    let wrong = 0;
    for (let round = 0; round < 3; round++) {
      expect((await requestOtpCall(t.app, typist)).statusCode).toBe(200);
      const code = await latestOtpCode(t.app, PERSON_EMAIL);
      for (let i = 1; i <= OTP_MAX_TRIES; i++, wrong++)
        await validateOtpCall(t.app, typist, otherThan(code, i));
    }
    for (; wrong < 30; wrong++) await validateOtpCall(t.app, typist, '000000');
    // The pair (office, person) is locked for a while.
    expect((await validateOtpCall(t.app, typist, '000000')).statusCode).toBe(429);

    const neighbour = at(NEIGHBOUR, office);
    expect((await requestOtpCall(t.app, neighbour)).statusCode).toBe(200);
    const code = await latestOtpCode(t.app, NEIGHBOUR_EMAIL);
    const verified = await validateOtpCall(t.app, neighbour, code);
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('stops a guesser spraying many identities from one address, and only that address', async () => {
    const guesser = freshAddress();
    const limit = OTP_GUESS_LIMITS.perAddress.max;
    const probe = (n: number, remoteAddress: string) =>
      validateOtpCall(
        t.app,
        {
          subject: 'landlord',
          id: `KHS${String(1_000_000 + n).padStart(7, '0')}`,
          remoteAddress,
          challenge: FORGED,
        },
        '123456',
      );
    for (let n = 0; n < limit; n++) {
      expect((await probe(n, guesser)).statusCode).toBe(400);
      t.clock.advance(1_000); // the nonce endpoint allows 60 a minute per address
    }
    const stopped = await probe(limit, guesser);
    expect(stopped.statusCode).toBe(429);
    // Another address is not concerned, and the guesser's address may still ask for codes (a different budget).
    expect((await probe(limit, freshAddress())).statusCode).toBe(400);
    t.clock.advance(OTP_GUESS_LIMITS.perAddress.windowMs);
    expect((await probe(limit + 1, guesser)).statusCode).toBe(400);
  });
});

describe.each(testDatabases())('staff password-change OTP lockouts on %s', (kind) => {
  const smtp = useSmtpTestServer();
  const t = useTestApp(kind, { env: smtp.env });

  it("an attacker asking for an official's code until refused does not stop the official", async () => {
    const official: OtpTarget = { subject: 'user', id: 'moderator' };
    await askUntilRefused(t.app, at(official, freshAddress()));
    await signsInFromElsewhere(t.app, official, () =>
      Promise.resolve(latestMailedOtpCode(smtp.received, 'moderator@mrss.example')),
    );
  });
});
