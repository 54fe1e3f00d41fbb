import { fromPromise } from 'xstate';
import { OTP_TEXTS } from '../../machines/access/otp-rules';
import { otpAccessMachine, type CitizenKey, type OtpSent } from '../../machines/access/otp-access.machine';

/** Stand-ins shared by the stories of the dialogs with a Landlord Epic + OTP (tracker, clearance). */

export const forever = <T>() => new Promise<T>(() => {});
export const refuse = (status: number, message?: string): Promise<never> =>
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
  Promise.reject({ status, message });

const sent: OtpSent = {
  message: 'OTP sent',
  channel: 'email',
  expiresAt: '2099-01-01T00:05:00.000Z',
  challenge: 'story-challenge',
};

export const storyLandlordKey: CitizenKey = {
  apiKey: 'story-key',
  expiresAt: '2099-01-01T02:00:00.000Z',
  subject: 'landlord',
  landlordId: 12,
};

export interface LandlordOtpFakes {
  otpRequest?: 'sent' | 'unknown';
  otpVerify?: 'ok' | 'wrong';
}

/** The OTP child: a 404 for an unknown EPIC, the server's one refusal for a wrong code, else the story key. */
export function fakeLandlordOtpAccess(fakes: LandlordOtpFakes = {}) {
  return otpAccessMachine.provide({
    actors: {
      requestOtp: fromPromise(() => (fakes.otpRequest === 'unknown' ? refuse(404) : Promise.resolve(sent))),
      verifyOtp: fromPromise(() =>
        fakes.otpVerify === 'wrong' ? refuse(400, OTP_TEXTS.refused) : Promise.resolve(storyLandlordKey),
      ),
    },
  });
}
