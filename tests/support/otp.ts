import type { Response as InjectResponse } from 'light-my-request';
import { API_BASE } from '../../src/contract/api';
import type {
  OtpRequestSubject,
  OtpSentReply,
  OtpSubject,
  OutboxEntry,
  ValidateOtpReply,
} from '../../src/contract/otp.contract';
import type { App } from '../../src/server/app';
import type { ReceivedMail } from './smtp-test-server';
import { sealPassword } from './staff-signin';
import type { TestClock } from './test-app';

// The browser's side of OTP access, done in Node with the same calls: GET apikey/getOTP -> read the code from the
// development outbox (GET dev/outbox) -> seal it with users/getPublicKey's key and nonce (RSA-OAEP-SHA-256, as
// src/web/lib/seal-secret.ts does) -> POST apikey/validateOTP -> the citizen key.

export interface OtpTarget {
  /** 'landlord' (EPIC), 'tenant' (ID number), 'registration' (tenant id) or 'user' (staff username). */
  subject: OtpSubject;
  id: string;
  /** Defaults to a new documentation address (198.51.100.x) per call, so per-address limits do not interfere. */
  remoteAddress?: string;
  /** The browser's Cookie header (the person's OTP device cookie, once a right code earned it). */
  cookie?: string;
}

const cookieHeaders = (target: OtpTarget) => (target.cookie ? { cookie: target.cookie } : {});

let lastHost = 0;
/** Suites that do not test the per-address limits call from rotating addresses. */
function addressOf(target: OtpTarget): string {
  if (target.remoteAddress) return target.remoteAddress;
  lastHost = (lastHost % 254) + 1;
  return `198.51.100.${lastHost}`;
}

/**
 * The `challenge` of the newest getOTP reply per app and person, as the browser keeps it: validateOtpCall sends it
 * back unless the call names another (apikey/validateOTP spends a try only with the live code's challenge).
 */
const challenges = new WeakMap<App, Map<string, string>>();
const personOf = (target: Pick<OtpTarget, 'subject' | 'id'>) =>
  `${target.subject}:${target.id.trim().toUpperCase()}`;

/** The challenge the newest successful getOTP for this person answered, or '' when none did. */
export function lastChallenge(app: App, target: Pick<OtpTarget, 'subject' | 'id'>): string {
  return challenges.get(app)?.get(personOf(target)) ?? '';
}

/** One `GET apikey/getOTP/...` call, whatever its outcome. */
export async function requestOtpCall(app: App, target: OtpTarget): Promise<InjectResponse> {
  const url =
    target.subject === 'user'
      ? `${API_BASE}/apikey/getOTP/user/${encodeURIComponent(target.id)}`
      : `${API_BASE}/apikey/getOTP/${encodeURIComponent(target.id)}?subject=${target.subject satisfies OtpRequestSubject}`;
  const res = await app.inject({
    method: 'GET',
    url,
    remoteAddress: addressOf(target),
    headers: cookieHeaders(target),
  });
  if (res.statusCode === 200) {
    const known = challenges.get(app) ?? new Map<string, string>();
    known.set(personOf(target), res.json<OtpSentReply>().challenge);
    challenges.set(app, known);
  }
  return res;
}

/** The newest outbox messages (to one address or number when `to` is given). */
export async function readOutbox(app: App, to?: string): Promise<OutboxEntry[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const res = await app.inject({ method: 'GET', url: `${API_BASE}/dev/outbox${query}` });
  if (res.statusCode !== 200) throw new Error(`GET dev/outbox answered ${res.statusCode}: ${res.body}`);
  return res.json<OutboxEntry[]>();
}

const OTP_CODE = /one-time password is (\d{6})\b/;

/**
 * The code of the newest OTP mail to `to` that a test SMTP server (smtp-test-server.ts) received: a staff account's
 * OTP is never readable in the outbox, even in demo mode, so suites read it from a real SMTP conversation.
 */
export function latestMailedOtpCode(mailbox: readonly ReceivedMail[], to: string): string {
  const mail = mailbox.findLast((m) => m.to.includes(to));
  // Quoted-printable soft line breaks joined again.
  const code = mail?.raw.replace(/=\r?\n/g, '').match(OTP_CODE)?.[1];
  if (!code) throw new Error(`no OTP mail to ${to}`);
  return code;
}

/** The code of the newest OTP message (to `to` when given). */
export async function latestOtpCode(app: App, to?: string): Promise<string> {
  const [newest] = await readOutbox(app, to);
  const code = newest?.text.match(OTP_CODE)?.[1];
  if (!code) throw new Error(`no OTP in the outbox${to ? ` for ${to}` : ''}`);
  return code;
}

/**
 * One `POST apikey/validateOTP/{id}` with `code` sealed under a fresh nonce (or a given ciphertext, for replays),
 * carrying the challenge of the newest getOTP for this person (or `target.challenge`: '' sends none, as a
 * stranger who never asked for the code would).
 */
export async function validateOtpCall(
  app: App,
  target: OtpTarget & { challenge?: string },
  code: string,
  ciphertext?: string,
): Promise<InjectResponse> {
  const remoteAddress = addressOf(target);
  const otp = ciphertext ?? (await sealPassword(app, code, remoteAddress));
  const challenge = target.challenge ?? lastChallenge(app, target);
  return app.inject({
    method: 'POST',
    url: `${API_BASE}/apikey/validateOTP/${encodeURIComponent(target.id)}`,
    remoteAddress,
    headers: cookieHeaders(target),
    payload: { otp, subject: target.subject, ...(challenge ? { challenge } : {}) },
  });
}

export interface OtpKeyOptions extends OtpTarget {
  /** The recipient's address or number, when other messages may be newer in the outbox. */
  to?: string;
  /**
   * The suite's clock: when the person's send limit (3 per 15 minutes) refuses the request, the clock is moved
   * on by the minutes the server names and the request made again, so a suite may log one person in often.
   */
  clock?: TestClock;
  /** Where the code is read instead of the outbox: a test SMTP server's mails (needs `to`; staff OTPs). */
  mailbox?: readonly ReceivedMail[];
}

/**
 * Requests an OTP, reads it from the outbox (or the test SMTP server's mails), validates it and returns the reply with the citizen key (send it as
 * `X-Api-Key`, e.g. with withKey from citizen-key.ts). Suites that only need a key for a scope, not the OTP, can
 * use citizenKeyFor (citizen-key.ts) instead.
 */
export async function otpKeyFor(app: App, target: OtpKeyOptions): Promise<ValidateOtpReply> {
  let sent = await requestOtpCall(app, target);
  const wait = sent.statusCode === 429 && /after (\d+) minute/.exec(sent.json<{ message: string }>().message);
  if (wait && target.clock) {
    target.clock.advance(Number(wait[1]) * 60_000);
    sent = await requestOtpCall(app, target);
  }
  if (sent.statusCode !== 200)
    throw new Error(`getOTP ${target.id} answered ${sent.statusCode}: ${sent.body}`);
  const code = target.mailbox
    ? latestMailedOtpCode(target.mailbox, target.to ?? target.id)
    : await latestOtpCode(app, target.to);
  const verified = await validateOtpCall(app, { subject: target.subject, id: target.id }, code);
  if (verified.statusCode !== 200)
    throw new Error(`validateOTP ${target.id} answered ${verified.statusCode}: ${verified.body}`);
  return verified.json<ValidateOtpReply>();
}
