import { and, assign, fromPromise, not, setup, stateIn } from 'xstate';
import { SERVER_FALLBACK_MESSAGE, messageOr, noticeOf, statusOf, type Notice } from './failures';
import { OTP_LENGTH, OTP_MAX_TRIES, OTP_TEXTS, OTP_TTL_MS } from './otp-rules';
import { notProvided as notProvidedBy } from '../not-provided';

/**
 * One-time-password access (public-portal.md sections 2, 4, 7, 8): ask for a code, type it while a countdown runs,
 * have it checked, and come out with the short-lived citizen key the server issues. The landlord and tenant
 * steppers and the password change invoke it as their child `otp`; the wiring provides `requestOtp` and
 * `verifyOtp` (which seals the code before sending it) with `otpAccessMachine.provide(...)`.
 */

/** Whose code it is: the `subject` query of `apikey/getOTP/{id}`, or 'user' for `apikey/getOTP/user/{username}`. */
export type OtpSubject = 'landlord' | 'tenant' | 'registration' | 'user';

export interface OtpAccessInput {
  subject: OtpSubject;
  /** The EPIC, tenant ID or registration number, or the staff username. */
  id: string;
  /** Spec: 6, but 5 for the clearance tab's Verify. */
  minOtpLength?: number;
  /** Spec: the 5:00 countdown. */
  countdownMs?: number;
  /** Ask for a code at once (the stepper's Get OTP button already said so). */
  requestOnStart?: boolean;
}

export interface OtpRequest {
  subject: OtpSubject;
  id: string;
}

/** What `GET apikey/getOTP/...` answers. */
export interface OtpSent {
  message: string;
  channel: 'email' | 'sms';
  expiresAt: string;
  /** Sent back with the code: the server counts a guess only for the code this reply announced. */
  challenge: string;
}

/** The clear code goes to the actor; sealing it (RSA-OAEP) is the wiring's job. */
export interface OtpVerification extends OtpRequest {
  otp: string;
  /** The `challenge` of the reply that announced the code. */
  challenge: string;
}

/** What `POST apikey/validateOTP/{id}` answers: the key later anonymous calls carry in X-Api-Key. */
export interface CitizenKey {
  apiKey: string;
  expiresAt: string;
  subject: OtpSubject;
  landlordId?: number;
  tenantId?: number;
  username?: string;
  /**
   * 'held-change': the key reaches only the record's pending change of its mobile or email (a contested tenant
   * record, docs/otp-channel-changes.md); absent: the person's records.
   */
  reach?: 'held-change';
}

export const OTP_MIN_LENGTH = OTP_LENGTH;
/** The countdown runs for the code's whole life. */
export const OTP_COUNTDOWN_MS = OTP_TTL_MS;
export const OTP_COUNTDOWN_TICK_MS = 1_000;
/** The server locks a code after 5 wrong tries; the machine counts them too, so it can say so without a call. */
export const OTP_MAX_WRONG_TRIES = OTP_MAX_TRIES;

export const OTP_MESSAGES = {
  sentByEmail: OTP_TEXTS.sentByEmail,
  sentBySms: OTP_TEXTS.sentBySms,
  verified: OTP_TEXTS.verified,
  wrongCode: OTP_TEXTS.wrongCode,
  locked: OTP_TEXTS.locked,
  expired: OTP_TEXTS.expired,
  // Ours: the server's own 429 message (with the minutes to wait) is shown when it sends one.
  tooManyRequests: 'Too many OTP requests. Please try again later.',
} as const;

/** Spec section 8: what a refused request says depends on who asked. */
function requestRefusal(subject: OtpSubject, error: unknown): Notice {
  const status = statusOf(error);
  if (status === 429)
    return noticeOf('error', 'otp.tooManyRequests', messageOr(error, OTP_MESSAGES.tooManyRequests));
  const tenant = subject === 'tenant' || subject === 'registration';
  if (status === 404 && subject === 'landlord')
    return noticeOf('error', 'otp.noLandlord', OTP_TEXTS.noLandlord);
  if (status === 404 && tenant) return noticeOf('error', 'otp.noTenant', OTP_TEXTS.noTenant);
  if (tenant) return noticeOf('error', 'otp.requestFailed', 'Server Error: Please try again!');
  return noticeOf('error', 'otp.requestFailed', messageOr(error, SERVER_FALLBACK_MESSAGE));
}

/** 400 and 401 are the server judging the code; anything else (no answer, 5xx) says nothing about the code. */
function isCodeRefusal(error: unknown): boolean {
  const status = statusOf(error);
  return status === 400 || status === 401;
}

export interface OtpAccessContext {
  subject: OtpSubject;
  id: string;
  minOtpLength: number;
  countdownMs: number;
  requestOnStart: boolean;
  otp: string;
  remainingMs: number;
  wrongTries: number;
  sent: OtpSent | null;
  key: CitizenKey | null;
  notice: Notice | null;
}

export type OtpAccessEvent =
  { type: 'otp.request' } | { type: 'otp.change'; value: string } | { type: 'otp.verify' };

const notProvided = notProvidedBy('otpAccessMachine');

export const otpAccessMachine = setup({
  types: {
    input: {} as OtpAccessInput,
    context: {} as OtpAccessContext,
    events: {} as OtpAccessEvent,
    output: {} as CitizenKey,
  },
  actors: {
    requestOtp: fromPromise<OtpSent, OtpRequest>(notProvided('requestOtp')),
    verifyOtp: fromPromise<CitizenKey, OtpVerification>(notProvided('verifyOtp')),
  },
  delays: {
    countdownTick: OTP_COUNTDOWN_TICK_MS,
  },
  guards: {
    requestOnStart: ({ context }) => context.requestOnStart && context.id.trim() !== '',
    idPresent: ({ context }) => context.id.trim() !== '',
    otpLongEnough: ({ context }) => context.otp.length >= context.minOtpLength,
    lastTick: ({ context }) => context.remainingMs <= OTP_COUNTDOWN_TICK_MS,
    verifying: stateIn('#otpAccess.codeSent.code.verifying'),
    countdownElapsed: stateIn('#otpAccess.codeSent.countdown.elapsed'),
    codeRefused: ({ event }) => 'error' in event && isCodeRefusal(event.error),
    lastWrongTry: ({ context, event }) =>
      'error' in event && isCodeRefusal(event.error) && context.wrongTries + 1 >= OTP_MAX_WRONG_TRIES,
  },
  actions: {
    forgetCode: assign({ otp: '', notice: null, sent: null, wrongTries: 0 }),
    setOtp: assign({
      otp: ({ context, event }) =>
        event.type === 'otp.change' ? event.value.replace(/\s+/g, '') : context.otp,
    }),
    tick: assign({ remainingMs: ({ context }) => Math.max(0, context.remainingMs - OTP_COUNTDOWN_TICK_MS) }),
    countWrongTry: assign({ wrongTries: ({ context }) => context.wrongTries + 1 }),
    clearNotice: assign({ notice: null }),
  },
}).createMachine({
  id: 'otpAccess',
  context: ({ input }) => ({
    subject: input.subject,
    id: input.id.trim(),
    minOtpLength: input.minOtpLength ?? OTP_MIN_LENGTH,
    countdownMs: input.countdownMs ?? OTP_COUNTDOWN_MS,
    requestOnStart: input.requestOnStart ?? false,
    otp: '',
    remainingMs: 0,
    wrongTries: 0,
    sent: null,
    key: null,
    notice: null,
  }),
  initial: 'idle',
  output: ({ context }) => context.key as CitizenKey,
  states: {
    // No code asked for yet: the OTP field stays disabled until Get OTP.
    idle: {
      always: { guard: 'requestOnStart', target: 'requesting' },
      on: { 'otp.request': { guard: 'idPresent', target: 'requesting' } },
    },
    // The server is sending a code; any earlier code and what was typed for it are void.
    requesting: {
      tags: ['busy'],
      entry: 'forgetCode',
      invoke: {
        id: 'requestOtp',
        src: 'requestOtp',
        input: ({ context }) => ({ subject: context.subject, id: context.id }),
        onDone: {
          target: 'codeSent',
          actions: assign(({ context, event }) => ({
            sent: event.output,
            remainingMs: context.countdownMs,
            notice:
              event.output.channel === 'email'
                ? noticeOf('info', 'otp.sentByEmail', OTP_MESSAGES.sentByEmail)
                : noticeOf('info', 'otp.sentBySms', OTP_MESSAGES.sentBySms),
          })),
        },
        onError: {
          target: 'requestFailed',
          actions: assign({
            notice: ({ context, event }) => requestRefusal(context.subject, event.error),
          }),
        },
      },
    },
    // No code was sent (unknown person, too many requests, no server); the person may ask again.
    requestFailed: {
      on: { 'otp.request': 'requesting' },
    },
    // A code is on its way to the person: they type it while the countdown runs beside the field.
    codeSent: {
      type: 'parallel',
      on: { 'otp.request': 'requesting' },
      states: {
        countdown: {
          initial: 'ticking',
          states: {
            // One tick a second, shown as 5:00 -> 0:00. At 0:00 the code is dead unless its check is in flight.
            ticking: {
              after: {
                countdownTick: [
                  {
                    guard: and(['lastTick', not('verifying')]),
                    target: '#otpAccess.expired',
                    actions: 'tick',
                  },
                  { guard: 'lastTick', target: 'elapsed', actions: 'tick' },
                  { target: 'ticking', reenter: true, actions: 'tick' },
                ],
              },
            },
            // Time ran out while the code was being checked: the server's answer decides.
            elapsed: {},
          },
        },
        code: {
          initial: 'awaitingCode',
          states: {
            // The field is open; Verify waits for enough characters.
            awaitingCode: {
              on: {
                'otp.change': { actions: 'setOtp' },
                'otp.verify': { guard: 'otpLongEnough', target: 'verifying' },
              },
            },
            // The code is being checked; the field is frozen so the checked code is the one shown.
            verifying: {
              tags: ['busy'],
              entry: 'clearNotice',
              invoke: {
                id: 'verifyOtp',
                src: 'verifyOtp',
                input: ({ context }) => ({
                  subject: context.subject,
                  id: context.id,
                  otp: context.otp,
                  challenge: context.sent?.challenge ?? '',
                }),
                onDone: {
                  target: '#otpAccess.verified',
                  actions: assign({
                    key: ({ event }) => event.output,
                    notice: noticeOf('success', 'otp.verified', OTP_MESSAGES.verified),
                  }),
                },
                onError: [
                  {
                    guard: 'lastWrongTry',
                    target: '#otpAccess.locked',
                    actions: [
                      'countWrongTry',
                      assign({ notice: noticeOf('error', 'otp.locked', OTP_MESSAGES.locked) }),
                    ],
                  },
                  { guard: 'countdownElapsed', target: '#otpAccess.expired' },
                  {
                    guard: 'codeRefused',
                    target: 'refused',
                    actions: [
                      'countWrongTry',
                      assign({
                        notice: ({ event }) =>
                          noticeOf(
                            'error',
                            'otp.codeRefused',
                            messageOr(event.error, OTP_MESSAGES.wrongCode),
                          ),
                      }),
                    ],
                  },
                  {
                    target: 'refused',
                    actions: assign({
                      notice: ({ event }) =>
                        noticeOf(
                          'error',
                          'otp.verifyFailed',
                          messageOr(event.error, SERVER_FALLBACK_MESSAGE),
                        ),
                    }),
                  },
                ],
              },
            },
            // The check failed; the message says why, and the person retypes or asks for a new code.
            refused: {
              tags: ['error'],
              on: {
                'otp.change': { actions: 'setOtp' },
                'otp.verify': { guard: 'otpLongEnough', target: 'verifying' },
              },
            },
          },
        },
      },
    },
    // Too many wrong tries: this code is locked on the server, only a new code helps.
    locked: {
      tags: ['error'],
      on: { 'otp.request': 'requesting' },
    },
    // The countdown reached 0:00: the code is dead, only a new code helps.
    expired: {
      tags: ['error'],
      entry: assign({ notice: noticeOf('error', 'otp.expired', OTP_MESSAGES.expired) }),
      on: { 'otp.request': 'requesting' },
    },
    // Done: the key is the machine's output, for the parent to keep.
    verified: {
      type: 'final',
    },
  },
});

export type OtpAccessMachine = typeof otpAccessMachine;
