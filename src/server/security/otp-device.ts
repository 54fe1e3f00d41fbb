import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { SubjectKey } from '../db/schema';
import { loadTransportKey } from './transport-key';
import { issueDeviceCookie, OTP_DEVICE, trustedDeviceId, type DeviceCookie } from './trusted-device';

// The citizen's device cookie (docs/otp-and-citizen-keys.md, "The person's own browser"): a right code earns the
// browser a signed cookie for that person, sent only to apikey calls. With it, the browser's OTP sends and wrong
// guesses are counted apart from the strangers' (otp-send-limit.ts, otp-guess-limit.ts).

/** The device id when the request carries a valid OTP device cookie for this person; otherwise null. */
export async function trustedOtpDevice(
  db: Db,
  request: FastifyRequest,
  subjectKey: SubjectKey,
  now: Date,
): Promise<string | null> {
  const cookieHeader = request.headers.cookie;
  if (!cookieHeader) return null;
  const { deviceCookieSecret } = await loadTransportKey(db);
  return trustedDeviceId(deviceCookieSecret, cookieHeader, subjectKey, now, OTP_DEVICE);
}

/** A new OTP device cookie for the person whose code was right. */
export async function issueOtpDeviceCookie(db: Db, subjectKey: SubjectKey, now: Date): Promise<DeviceCookie> {
  const { deviceCookieSecret } = await loadTransportKey(db);
  return issueDeviceCookie(deviceCookieSecret, subjectKey, now, OTP_DEVICE);
}
