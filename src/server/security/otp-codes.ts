import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../contract/otp.contract';
import type { Db } from '../db/client';
import { loadTransportKey } from './transport-key';

// The code itself: 6 digits from the CSPRNG, stored only as an HMAC keyed by a server secret and bound to its
// challenge, so a copy of otp_challenges (a backup, a replica) does not let anyone test the 10^6 codes offline.

const CODE_SHAPE = new RegExp(`^[0-9]{${OTP_LENGTH}}$`);

/** A uniformly random code of OTP_LENGTH digits (leading zeros kept). */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

const secrets = new WeakMap<Db, Promise<Buffer>>();

/**
 * The HMAC key of OTP hashes, derived (HKDF) from the persisted transport key's derived secret: every replica
 * computes the same one, and rotating the transport key voids the codes in flight with everything else.
 */
function otpSecret(db: Db): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = loadTransportKey(db).then(({ deviceCookieSecret }) =>
      Buffer.from(hkdfSync('sha256', deviceCookieSecret, '', 'mrss otp code v1', 32)),
    );
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

/**
 * The stored form of a code: HMAC-SHA-256 over what it is bound to and the code. An OTP is bound to its challenge
 * id; a tenant's consent code to 'consent:<its row id>' (services/consent-codes.ts), so neither hash can
 * stand for the other.
 */
export async function hashOtpCode(db: Db, challengeId: number | string, code: string): Promise<string> {
  const mac = createHmac('sha256', await otpSecret(db));
  return mac.update(`${challengeId}:${code}`).digest('base64url');
}

/**
 * Whether `guess` is the code behind `codeHash`. Anything not shaped like a code is simply wrong (it still costs
 * a try: it was a guess). The digests are compared in constant time.
 */
export async function otpMatches(
  db: Db,
  challengeId: number | string,
  codeHash: string,
  guess: string,
): Promise<boolean> {
  if (!CODE_SHAPE.test(guess)) return false;
  const expected = Buffer.from(codeHash, 'base64url');
  const actual = Buffer.from(await hashOtpCode(db, challengeId, guess), 'base64url');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * The token `GET apikey/getOTP` hands to the one who asked for challenge `challengeId`: an HMAC of the id under the
 * same server secret, so it needs no column and cannot be made without the server. `validateOTP` spends one of
 * the code's tries only for a guess that carries the live challenge's token: a stranger probing someone's code
 * without having asked for it (and so without the token) cannot burn that person's tries.
 */
export async function challengeToken(db: Db, challengeId: number): Promise<string> {
  const mac = createHmac('sha256', await otpSecret(db));
  return mac.update(`challenge:${challengeId}`).digest('base64url');
}

/** Whether `token` is challenge `challengeId`'s token, compared in constant time. */
export async function challengeTokenMatches(db: Db, challengeId: number, token: string): Promise<boolean> {
  const expected = Buffer.from(await challengeToken(db, challengeId));
  const actual = Buffer.from(token);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
