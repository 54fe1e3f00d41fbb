import { beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/api';
import { OTP_SEND_LIMITS, type OtpSentReply } from '../../src/contract/otp.contract';
import { OTP_GUESS_LIMITS } from '../../src/server/security/otp-guess-limit';
import type { App } from '../../src/server/app';
import { latestOtpCode, requestOtpCall, validateOtpCall, type OtpTarget } from '../support/otp';
import { useTestApp } from '../support/test-app';
import { testDatabases } from '../support/test-db';

// Issue 20 (item 4 of the third slice's note): strangers at three or more addresses could use up a person's 10 OTP
// sends a day and so keep the person out for a day. A browser that once entered the person's right code carries a
// signed device cookie for that person (otp-device.ts); its sends and wrong guesses are counted apart from the
// strangers' (docs/otp-and-citizen-keys.md, "The person's own browser").

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const DAILY_CAP = OTP_SEND_LIMITS.perIdentity[0].max;
const [SHORT_WINDOW, DAY_WINDOW] = OTP_SEND_LIMITS.perRequester;
const PERSON: OtpTarget = { subject: 'landlord', id: 'KHS3318820' };
const PERSON_EMAIL = 'ibashisha.lyngdoh@example.in';
const NEIGHBOUR: OtpTarget = { subject: 'landlord', id: 'KHS2041137' };
const NEIGHBOUR_EMAIL = 'banteilang.k@example.in';

let nextHost = 0;
const freshAddress = () => {
  nextHost += 1;
  return `10.88.${(nextHost >> 8) & 255}.${nextHost & 255}`;
};

/** The `name=value` part of the Set-Cookie header a reply carries. */
const cookieOf = (setCookie: string | string[] | number | undefined) => String(setCookie).split(';')[0];

/** The person signs in once from its own browser and keeps the device cookie the right code earned. */
async function personalBrowser(app: App, who = PERSON, email = PERSON_EMAIL): Promise<OtpTarget> {
  const browser = { ...who, remoteAddress: freshAddress() };
  expect((await requestOtpCall(app, browser)).statusCode).toBe(200);
  const verified = await validateOtpCall(app, browser, await latestOtpCode(app, email));
  expect(verified.statusCode, verified.body).toBe(200);
  return { ...browser, cookie: cookieOf(verified.headers['set-cookie']) };
}

/**
 * Strangers at four addresses (each may ask 3 times in 15 minutes) ask for the person's codes until the daily cap
 * refuses them: then even an address that never asked is refused.
 */
async function strangersUseUpTheDay(app: App): Promise<void> {
  for (let tries = 0; tries < 2 * DAILY_CAP; tries++)
    await requestOtpCall(app, { ...PERSON, remoteAddress: `10.99.0.${tries % 4}` });
  expect((await requestOtpCall(app, { ...PERSON, remoteAddress: freshAddress() })).statusCode).toBe(429);
}

describe.each(testDatabases())('the person’s own browser on %s', (kind) => {
  const t = useTestApp(kind);
  beforeEach(() => t.clock.advance(2 * DAY));

  it('gives the browser that entered a right code an HttpOnly, SameSite=Strict cookie for the apikey calls only', async () => {
    const browser = { ...PERSON, remoteAddress: freshAddress() };
    await requestOtpCall(t.app, browser);
    const verified = await validateOtpCall(t.app, browser, await latestOtpCode(t.app, PERSON_EMAIL));
    const header = String(verified.headers['set-cookie']);
    expect(header).toMatch(/^mrss_otp_device_[0-9a-f]{12}=o1\./);
    expect(header).toContain(`Path=${API_BASE}/apikey;`);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    // A wrong code earns nothing.
    await requestOtpCall(t.app, browser);
    const wrong = await validateOtpCall(t.app, browser, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('lets the person’s browser get and use a code after strangers used up the day', async () => {
    const browser = await personalBrowser(t.app);
    await strangersUseUpTheDay(t.app);
    const sent = await requestOtpCall(t.app, browser);
    expect(sent.statusCode, sent.body).toBe(200);
    const verified = await validateOtpCall(t.app, browser, await latestOtpCode(t.app, PERSON_EMAIL));
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('counts the trusted browsers’ sends against a budget of their own, not the strangers’', async () => {
    const browser = await personalBrowser(t.app);
    // The send that earned the cookie was a stranger's (no cookie yet): a day on, it counts nowhere.
    t.clock.advance(DAY);
    const short: number[] = [];
    for (let i = 0; i <= SHORT_WINDOW.max; i++)
      short.push((await requestOtpCall(t.app, { ...browser, remoteAddress: freshAddress() })).statusCode);
    expect(short).toEqual([...Array<number>(SHORT_WINDOW.max).fill(200), 429]);
    // The browser's sends left the strangers' day whole: all 10 of it goes before they are refused.
    t.clock.advance(SHORT_WINDOW.windowMs);
    let strangersSent = 0;
    for (let tries = 0; tries < 2 * DAILY_CAP; tries++) {
      const status = (await requestOtpCall(t.app, { ...PERSON, remoteAddress: `10.98.0.${tries % 4}` }))
        .statusCode;
      if (status === 200) strangersSent += 1;
    }
    expect(strangersSent).toBe(DAILY_CAP);
    // The browsers' own day: what is left of it, then 429.
    const day: number[] = [];
    for (let i = SHORT_WINDOW.max; i <= DAY_WINDOW.max; i++) {
      t.clock.advance(SHORT_WINDOW.windowMs);
      day.push((await requestOtpCall(t.app, browser)).statusCode);
    }
    expect(day).toEqual([...Array<number>(DAY_WINDOW.max - SHORT_WINDOW.max).fill(200), 429]);
  });

  it('treats a cookie of another person, a tampered one or an expired one as no cookie', async () => {
    const neighbourBrowser = await personalBrowser(t.app, NEIGHBOUR, NEIGHBOUR_EMAIL);
    const browser = await personalBrowser(t.app);
    await strangersUseUpTheDay(t.app);
    const [name, value] = browser.cookie!.split('=');
    const flipped = value.slice(0, -2) + (value.endsWith('A') ? 'BB' : 'AA');
    for (const cookie of [neighbourBrowser.cookie!.replace(/^[^=]+/, name), `${name}=${flipped}`]) {
      const refused = await requestOtpCall(t.app, { ...PERSON, remoteAddress: freshAddress(), cookie });
      expect(refused.statusCode, cookie).toBe(429);
    }
    // 90 days on, the browser must prove itself again.
    t.clock.advance(91 * DAY);
    await strangersUseUpTheDay(t.app);
    expect((await requestOtpCall(t.app, browser)).statusCode).toBe(429);
  });

  it('keeps the browser’s code alive when a stranger at the same address asks for one', async () => {
    const browser = await personalBrowser(t.app);
    const sent = await requestOtpCall(t.app, browser);
    const code = await latestOtpCode(t.app, PERSON_EMAIL);
    const stranger = { ...PERSON, remoteAddress: browser.remoteAddress };
    expect((await requestOtpCall(t.app, stranger)).statusCode).toBe(200);
    const verified = await validateOtpCall(
      t.app,
      { ...browser, challenge: sent.json<OtpSentReply>().challenge },
      code,
    );
    expect(verified.statusCode, verified.body).toBe(200);
  });

  it('does not let wrong guesses from the same address use up the browser’s tries', async () => {
    const browser = await personalBrowser(t.app);
    const stranger = { ...PERSON, remoteAddress: browser.remoteAddress, challenge: 'A'.repeat(43) };
    const strangers: number[] = [];
    for (let i = 0; i <= OTP_GUESS_LIMITS.perAddressAndIdentity.max; i++)
      strangers.push((await validateOtpCall(t.app, stranger, '123456')).statusCode);
    expect(strangers.at(-1)).toBe(429);
    expect((await requestOtpCall(t.app, browser)).statusCode).toBe(200);
    const verified = await validateOtpCall(t.app, browser, await latestOtpCode(t.app, PERSON_EMAIL));
    expect(verified.statusCode, verified.body).toBe(200);
  });
});
