import { fromPromise } from 'xstate';
import { OTP_TEXTS } from '../../machines/access/otp-rules';
import type { ServerFailure } from '../../machines/access/failures';
import {
  otpAccessMachine,
  type CitizenKey,
  type OtpRequest,
  type OtpSent,
  type OtpVerification,
} from '../../machines/access/otp-access.machine';
import {
  passwordChangeMachine,
  type PasswordChangeRequest,
} from '../../machines/session/password-change.machine';

/** Stand-ins for the password change's three calls, so stories and jsdom tests show every state without a server. */

export const SAMPLE_USERNAME = 'moderator2';
export const SAMPLE_OTP = '482913';
export const SAMPLE_PASSWORD = 'Rain-Over-Shillong-7';

export const sampleUserKey: CitizenKey = {
  apiKey: 'story-user-key',
  expiresAt: '2026-01-01T10:30:00.000Z',
  subject: 'user',
  username: SAMPLE_USERNAME,
};

const sampleSent: OtpSent = {
  message: 'OTP has been sent to your registered email!',
  channel: 'email',
  challenge: 'story-challenge',
  expiresAt: '2026-01-01T10:05:00.000Z',
};

// The server's own words for the refusals the stories show (src/contract/otp.contract.ts).
export const REFUSALS = {
  noUser: { status: 404, message: 'No such user.' },
  // The server answers every refused code alike (docs/otp-and-citizen-keys.md).
  wrongCode: { status: 400, message: OTP_TEXTS.refused },
  tooCommon: { status: 400, message: 'This password is too common. Please choose another one.' },
  keyEnded: { status: 401, message: 'Authentication Failed' },
} satisfies Record<string, ServerFailure>;

const forever = <T>() => new Promise<T>(() => {});

export interface FakePasswordChangeOptions {
  /** 'pending' never answers; 'refuses' rejects with `requestRefusal`. */
  request?: 'sends' | 'pending' | 'refuses';
  requestRefusal?: ServerFailure;
  verify?: 'accepts' | 'pending' | 'refuses';
  verifyRefusal?: ServerFailure;
  change?: 'succeeds' | 'pending' | 'refuses';
  changeRefusal?: ServerFailure;
  /** Receive every call's input, for tests. */
  onRequest?(request: OtpRequest): void;
  onVerify?(verification: OtpVerification): void;
  onChange?(request: PasswordChangeRequest): void;
}

export function fakePasswordChangeLogic(options: FakePasswordChangeOptions = {}) {
  const { request = 'sends', verify = 'accepts', change = 'succeeds' } = options;
  return passwordChangeMachine.provide({
    actors: {
      otpAccess: otpAccessMachine.provide({
        actors: {
          requestOtp: fromPromise<OtpSent, OtpRequest>(async ({ input }) => {
            options.onRequest?.(input);
            if (request === 'pending') return forever();
            if (request === 'refuses') throw options.requestRefusal ?? REFUSALS.noUser;
            return sampleSent;
          }),
          verifyOtp: fromPromise<CitizenKey, OtpVerification>(async ({ input }) => {
            options.onVerify?.(input);
            if (verify === 'pending') return forever();
            if (verify === 'refuses') throw options.verifyRefusal ?? REFUSALS.wrongCode;
            return sampleUserKey;
          }),
        },
      }),
      changePassword: fromPromise<unknown, PasswordChangeRequest>(async ({ input }) => {
        options.onChange?.(input);
        if (change === 'pending') return forever();
        if (change === 'refuses') throw options.changeRefusal ?? REFUSALS.tooCommon;
        return { message: 'Your Password has been changed successfully!' };
      }),
    },
  });
}
