import { z } from 'zod';
import { OTP_TEXTS } from '../../machines/access/otp-rules';
import { messageReplySchema } from './api';
import { endpoint } from './endpoint';

/**
 * One-time-password access and the staff password change by OTP (public-portal.md sections 2, 4, 7, 8;
 * docs/otp-and-citizen-keys.md). The OTP and the new password travel sealed exactly like the sign-in password:
 * RSA-OAEP-SHA-256 over JSON {nonce, secret} with the key and single-use nonce of `users/getPublicKey`.
 */

/** A code's length, life and wrong tries, and the password policy's length: one copy, shared with the machines. */
export { OTP_LENGTH, OTP_MAX_TRIES, OTP_TTL_MS, PASSWORD_MIN_LENGTH } from '../../machines/access/otp-rules';
/**
 * Codes sent to one identity: at most `max` in any window of `windowMs`, every limit at once
 * (docs/otp-and-citizen-keys.md, "Who can stop a person from getting a code"). `perRequester` counts the sends one
 * requester address asked for (a stranger spends its own budget, not the person's); `perIdentity` counts every
 * send, whoever asked: the bound on messages to the person's phone or mailbox and on codes to guess at. Browsers
 * holding the person's device cookie (they once entered a right code) share one `perRequester` budget of their own
 * and are not counted in `perIdentity`, so strangers using up the 10 cannot stop the person's own browser.
 */
export const OTP_SEND_LIMITS = {
  perRequester: [
    { max: 3, windowMs: 15 * 60_000 },
    { max: 4, windowMs: 24 * 60 * 60_000 },
  ],
  perIdentity: [{ max: 10, windowMs: 24 * 60 * 60_000 }],
} as const;

/**
 * Who asks for a code with `GET apikey/getOTP/{id}?subject=...`: a landlord by EPIC (also the tracker), a tenant
 * by the ID number they registered with, or a tenant by registration number. Staff use `getOTP/user/{username}`.
 */
export const OTP_REQUEST_SUBJECTS = ['landlord', 'tenant', 'registration'] as const;
export const OTP_SUBJECTS = [...OTP_REQUEST_SUBJECTS, 'user'] as const;
export type OtpRequestSubject = (typeof OTP_REQUEST_SUBJECTS)[number];
export type OtpSubject = (typeof OTP_SUBJECTS)[number];

/** An EPIC, tenant ID, registration number, or (validation with subject 'user') a username. */
export const otpIdParamsSchema = z.object({ id: z.string().trim().min(1).max(64) });
export const otpUserParamsSchema = z.object({ username: z.string().trim().min(1).max(64) });
export const otpRequestQuerySchema = z.object({
  subject: z.enum(OTP_REQUEST_SUBJECTS).default('landlord'),
});

export const otpSentReplySchema = z.object({
  message: z.string(),
  channel: z.enum(['email', 'sms']),
  /** ISO time the code stops working (the tenant stepper's 5:00 countdown). */
  expiresAt: z.string(),
  /**
   * Send it back with the code (`validateOTP`'s `challenge`): a guess spends one of the code's tries only with
   * the token of the code it guesses, so someone who never asked for this code cannot use up its tries.
   */
  challenge: z.string(),
});
export type OtpSentReply = z.infer<typeof otpSentReplySchema>;

export const validateOtpBodySchema = z.object({
  /** Base64 RSA-OAEP ciphertext of {nonce, secret: the 6 digits}. */
  otp: z.string().min(1, 'OTP is required').max(2048, 'The OTP is malformed'),
  subject: z.enum(OTP_SUBJECTS).default('landlord'),
  /** The `challenge` of the getOTP reply that sent this code. */
  challenge: z.string({ error: 'challenge is required (from the getOTP reply).' }).min(1).max(128),
});
export type ValidateOtpBody = z.infer<typeof validateOtpBodySchema>;

/** The citizen key: send it as the `X-Api-Key` header on the calls that follow (never in a URL). */
export const validateOtpReplySchema = z.object({
  apiKey: z.string(),
  expiresAt: z.string(),
  subject: z.enum(OTP_SUBJECTS),
  landlordId: z.number().int().optional(),
  tenantId: z.number().int().optional(),
  username: z.string().optional(),
  message: z.string(),
  /**
   * 'held-change': the key reaches only the record's pending channel change (a contested tenant record,
   * docs/otp-channel-changes.md); absent or 'record': the person's records.
   */
  reach: z.enum(['record', 'held-change']).optional(),
});
export type ValidateOtpReply = z.infer<typeof validateOtpReplySchema>;

/** `POST process/changepassword` with a 'user' key for the same username; the new password is sealed. */
export const changePasswordBodySchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(64, 'Username is too long'),
  password: z.string().min(1, 'Password is required').max(2048, 'Password is malformed'),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

const afterMinutes = (minutes: number) => `after ${minutes} minute${minutes === 1 ? '' : 's'}`;

/** What people read. The spec's own texts are used word for word; the others are ours (the spec has none). */
export const OTP_MESSAGES = {
  ...OTP_TEXTS,
  noUser: 'No such user.',
  tooManySends: (minutes: number) => `Too many OTP requests. Please try again ${afterMinutes(minutes)}.`,
  /** Wrong codes from one address for one person (or, far more, for anyone): validateOTP waits. */
  tooManyWrongCodes: (minutes: number) =>
    `Too many wrong OTPs from your network. Please try again ${afterMinutes(minutes)}.`,
  notSent: 'Server Error: Please try again!',
  sentToOperatorConsole:
    'Demonstration mode without a mail server: the one-time password was printed on the server console. ' +
    'Ask the person running the server for it.',
  passwordTooCommon: 'This password is too common. Please choose another one.',
  otherUser: 'This key was issued for another username.',
} as const;

/** The address rate limit's name for the OTP requests, and (with the subject) their lookups' label. */
export const OTP_REQUEST_LIMIT = 'apikey/getOTP';

const otpTag = 'otp';

/** The OTP endpoints: asking for a code and proving it are public; logout and the password change take the key. */
export const OTP_ENDPOINTS = {
  requestOtp: endpoint({
    method: 'GET',
    path: '/apikey/getOTP/:id',
    access: { public: true },
    tag: otpTag,
    params: otpIdParamsSchema,
    query: otpRequestQuerySchema,
    reply: otpSentReplySchema,
  }),
  requestStaffOtp: endpoint({
    method: 'GET',
    path: '/apikey/getOTP/user/:username',
    access: { public: true },
    tag: otpTag,
    params: otpUserParamsSchema,
    reply: otpSentReplySchema,
  }),
  validateOtp: endpoint({
    method: 'POST',
    path: '/apikey/validateOTP/:id',
    access: { public: true },
    tag: otpTag,
    params: otpIdParamsSchema,
    body: validateOtpBodySchema,
    reply: validateOtpReplySchema,
  }),
  /** Any kind of key ends itself, a contested record's held-change key too. */
  logout: endpoint({
    method: 'POST',
    path: '/apikey/logout',
    access: { citizen: ['landlord', 'tenant', 'user'], heldChangeKeys: true },
    tag: otpTag,
    reply: messageReplySchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/process/changepassword',
    access: { citizen: ['user'] },
    tag: otpTag,
    body: changePasswordBodySchema,
    reply: messageReplySchema,
  }),
};

/** One message as the demonstration outbox (`GET dev/outbox`, with MRSS_DEMO=true only) shows it. */
export const outboxEntrySchema = z.object({
  to: z.string(),
  channel: z.enum(['email', 'sms']),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export const outboxQuerySchema = z.object({ to: z.string().trim().min(1).max(254).optional() });
/** The outbox shows the newest this many messages. */
export const OUTBOX_PAGE_SIZE = 50;
