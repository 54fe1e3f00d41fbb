import { fromPromise } from 'xstate';
import {
  staffLoginMachine,
  type CaptchaChallenge,
  type SignInRequest,
  type SignedInUser,
} from '../../machines/session/staff-login.machine';

/** Stand-ins for the login dialog's calls, so stories and jsdom tests show every state without a server. */

const captchaSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="150" height="50" viewBox="0 0 150 50">' +
  '<rect width="150" height="50" fill="#f1f3f5"/>' +
  '<path d="M5 40 C40 5, 80 45, 145 10" stroke="#adb5bd" fill="none"/>' +
  '<text x="20" y="34" font-family="monospace" font-size="26" fill="#343a40" letter-spacing="6">x7k2Q</text></svg>';

export const sampleCaptcha: CaptchaChallenge = {
  captchaId: 'story-captcha',
  image: btoa(captchaSvg),
  contentType: 'image/svg+xml',
};

export const sampleOfficer: SignedInUser = {
  accessToken: 'story-token',
  username: 'ward.officer',
  roles: 'MODERATOR',
  usercode: '1701010101',
  userlevel: 5,
};

export const SERVER_REFUSAL = 'Invalid username or password';

const forever = <T>() => new Promise<T>(() => {});

export interface FakeLoginOptions {
  captcha?: 'ready' | 'loading' | 'unavailable';
  /** 'pending' never answers; 'refuses' rejects with `refusal` as the message. */
  signIn?: 'succeeds' | 'pending' | 'refuses';
  refusal?: string;
  /** Receives every sign-in request, for tests. */
  onSignIn?(request: SignInRequest): void;
}

export function fakeLoginLogic(options: FakeLoginOptions = {}) {
  const { captcha = 'ready', signIn = 'succeeds', refusal = '', onSignIn } = options;
  return staffLoginMachine.provide({
    actors: {
      fetchCaptcha: fromPromise<CaptchaChallenge>(async () => {
        if (captcha === 'loading') return forever();
        if (captcha === 'unavailable') throw new Error('captcha service unreachable');
        return sampleCaptcha;
      }),
      signIn: fromPromise<SignedInUser, SignInRequest>(async ({ input }) => {
        onSignIn?.(input);
        if (signIn === 'pending') return forever();
        if (signIn === 'refuses') throw new Error(refusal);
        return sampleOfficer;
      }),
    },
  });
}
