import type { Response as InjectResponse } from 'light-my-request';
import { API_BASE } from '../../src/contract/api';
import type {
  OtpRequestSubject,
  OtpSubject,
  OutboxEntry,
  ValidateOtpReply,
} from '../../src/contract/otp.contract';
import type { App } from '../../src/server/app';
import { sealPassword } from './staff-signin';

// The browser's side of OTP access, done in Node with the same calls: GET apikey/getOTP -> read the code from the
// development outbox (GET dev/outbox) -> seal it with users/getPublicKey's key and nonce (RSA-OAEP-SHA-256, as
// src/web/lib/seal-secret.ts does) -> POST apikey/validateOTP -> the citizen key.

export interface OtpTarget {
  /** 'landlord' (EPIC), 'tenant' (ID number), 'registration' (tenant id) or 'user' (staff username). */
  subject: OtpSubject;
  id: string;
  remoteAddress?: string;
}

/** One `GET apikey/getOTP/...` call, whatever its outcome. */
export function requestOtpCall(app: App, target: OtpTarget): Promise<InjectResponse> {
  const url =
    target.subject === 'user'
      ? `${API_BASE}/apikey/getOTP/user/${encodeURIComponent(target.id)}`
      : `${API_BASE}/apikey/getOTP/${encodeURIComponent(target.id)}?subject=${target.subject satisfies OtpRequestSubject}`;
  return app.inject({ method: 'GET', url, remoteAddress: target.remoteAddress ?? '127.0.0.1' });
}

/** The newest outbox messages (to one address or number when `to` is given). */
export async function readOutbox(app: App, to?: string): Promise<OutboxEntry[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const res = await app.inject({ method: 'GET', url: `${API_BASE}/dev/outbox${query}` });
  if (res.statusCode !== 200) throw new Error(`GET dev/outbox answered ${res.statusCode}: ${res.body}`);
  return res.json<OutboxEntry[]>();
}

/** The code of the newest OTP message (to `to` when given). */
export async function latestOtpCode(app: App, to?: string): Promise<string> {
  const [newest] = await readOutbox(app, to);
  const code = newest?.text.match(/one-time password is (\d{6})\b/)?.[1];
  if (!code) throw new Error(`no OTP in the outbox${to ? ` for ${to}` : ''}`);
  return code;
}

/** One `POST apikey/validateOTP/{id}` with `code` sealed under a fresh nonce (or a given ciphertext, for replays). */
export async function validateOtpCall(
  app: App,
  target: OtpTarget,
  code: string,
  ciphertext?: string,
): Promise<InjectResponse> {
  const remoteAddress = target.remoteAddress ?? '127.0.0.1';
  const otp = ciphertext ?? (await sealPassword(app, code, remoteAddress));
  return app.inject({
    method: 'POST',
    url: `${API_BASE}/apikey/validateOTP/${encodeURIComponent(target.id)}`,
    remoteAddress,
    payload: { otp, subject: target.subject },
  });
}

/**
 * Requests an OTP, reads it from the outbox, validates it and returns the reply with the citizen key (send it as
 * `X-Api-Key`, e.g. with withKey from citizen-key.ts). `to` names the recipient when other messages may be newer.
 */
export async function otpKeyFor(app: App, target: OtpTarget & { to?: string }): Promise<ValidateOtpReply> {
  const sent = await requestOtpCall(app, target);
  if (sent.statusCode !== 200)
    throw new Error(`getOTP ${target.id} answered ${sent.statusCode}: ${sent.body}`);
  const code = await latestOtpCode(app, target.to);
  const verified = await validateOtpCall(app, target, code);
  if (verified.statusCode !== 200)
    throw new Error(`validateOTP ${target.id} answered ${verified.statusCode}: ${verified.body}`);
  return verified.json<ValidateOtpReply>();
}
