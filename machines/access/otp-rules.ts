/**
 * The OTP rules and texts the browser's machines and the server share (docs/otp-and-citizen-keys.md): machines
 * cannot import the contract, so the one copy lives here and src/contract/otp.contract.ts re-exports it.
 */

/** A code is this many digits, lives this long (the 5:00 countdown) and allows this many wrong tries. */
export const OTP_LENGTH = 6;
export const OTP_TTL_MS = 5 * 60_000;
export const OTP_MAX_TRIES = 5;

/** A new staff password has at least this many characters (checked in the browser and again on the server). */
export const PASSWORD_MIN_LENGTH = 8;

/** What people read about a code. The spec's own texts word for word; the others are ours (the spec has none). */
const WRONG_CODE = 'Invalid OTP, Please retry!';
const REFUSED_HINT = 'If it keeps failing, please request a new OTP.';

export const OTP_TEXTS = {
  sentByEmail: 'OTP has been sent to your registered email!',
  sentBySms: 'OTP has been sent to your registered mobile number!',
  verified: 'OTP has been successfully verified!',
  noLandlord: 'Landlord does not exist!',
  noTenant: 'Tenant does not exist. Please Register!',
  wrongCode: WRONG_CODE,
  // Ours: what every refused code answers, whatever the reason (wrong, used, expired, locked, never asked for, or
  // no such person): the answer must not tell a stranger whether someone has a live code (issue 20).
  refused: `${WRONG_CODE} ${REFUSED_HINT}`,
  /** The second sentence of `refused`, which the tracker and the clearance add to their own 'Invalid OTP'. */
  refusedHint: REFUSED_HINT,
  locked: 'Too many wrong tries. Please request a new OTP.',
  expired: 'This OTP has expired. Please request a new one.',
  // Ours: the tracker's and the clearance's key (from their own OTP step) ended while they were in use.
  keyEnded: 'Your OTP session has ended. Please verify your EPIC number again.',
  passwordChanged: 'Your Password has been changed successfully!',
  passwordTooShort: `The new password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordIsUsername: 'The new password must not be the username.',
} as const;
