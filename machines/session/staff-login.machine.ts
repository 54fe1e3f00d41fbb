import { and, assign, fromPromise, not, or, raise, setup, stateIn } from 'xstate';
import { notProvided as notProvidedBy } from '../not-provided';

/**
 * The staff login dialog (public-portal.md "User login dialog", backoffice.md sections 2 and 8).
 *
 * While the dialog is open, two regions run side by side: the captcha (a single-use challenge that is fetched,
 * shown, refreshed) and the form (typing, submitting, a refused attempt). The browser wiring plugs the real
 * calls in with `staffLoginMachine.provide({ actors: { fetchCaptcha, signIn } })`.
 */

/** A captcha challenge as the dialog shows it: base64 image data and the id that goes back with the answer. */
export interface CaptchaChallenge {
  captchaId: string;
  image: string;
  contentType: string;
}

export type LoginField = 'username' | 'password' | 'captcha';

/** What the `signIn` actor receives; the password is still in clear here, the wiring seals it. */
export interface SignInRequest {
  username: string;
  password: string;
  captcha: string;
  captchaId: string;
}

/** What a successful sign-in returns (the session the browser keeps). */
export interface SignedInUser {
  accessToken: string;
  username: string;
  roles: string;
  usercode: string;
  userlevel: number;
}

/** Shown when a refusal carries no message of its own (backoffice.md section 8). */
export const LOGIN_FALLBACK_MESSAGE = 'Server Issue. Please try again later!';

export interface StaffLoginContext {
  username: string;
  password: string;
  /** The person's answer to the captcha. */
  captcha: string;
  challenge: CaptchaChallenge | null;
  error: string | null;
  showPassword: boolean;
  signedInUser: SignedInUser | null;
}

export type StaffLoginEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'field.change'; field: LoginField; value: string }
  | { type: 'captcha.refresh' }
  | { type: 'login.submit' }
  | { type: 'password.toggle' };

const emptyForm = {
  username: '',
  password: '',
  captcha: '',
  challenge: null,
  error: null,
  showPassword: false,
  signedInUser: null,
} satisfies StaffLoginContext;

/** The `signIn` actor rejects with an Error whose message is meant for the person; anything else gets the fallback. */
function failureMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() ? error.message : LOGIN_FALLBACK_MESSAGE;
}

const notProvided = notProvidedBy('staffLoginMachine');

export const staffLoginMachine = setup({
  types: {
    context: {} as StaffLoginContext,
    events: {} as StaffLoginEvent,
  },
  actors: {
    fetchCaptcha: fromPromise<CaptchaChallenge>(notProvided('fetchCaptcha')),
    signIn: fromPromise<SignedInUser, SignInRequest>(notProvided('signIn')),
  },
  guards: {
    credentialsFilled: ({ context }) => context.username.trim() !== '' && context.password !== '',
    captchaReady: stateIn('#staffLogin.open.captcha.captchaReady'),
    submitting: stateIn('#staffLogin.open.form.submitting'),
    notCaptchaField: ({ event }) => event.type === 'field.change' && event.field !== 'captcha',
  },
  actions: {
    setField: assign(({ context, event }) =>
      event.type === 'field.change' ? { ...context, [event.field]: event.value } : context,
    ),
    togglePassword: assign({ showPassword: ({ context }) => !context.showPassword }),
    clearForm: assign(emptyForm),
    forgetChallenge: assign({ challenge: null, captcha: '' }),
    clearError: assign({ error: null }),
    requestNewCaptcha: raise({ type: 'captcha.refresh' }),
  },
}).createMachine({
  id: 'staffLogin',
  initial: 'closed',
  context: emptyForm,
  states: {
    // The dialog is not on screen and holds nothing: closing wiped whatever was typed.
    closed: {
      on: { 'dialog.open': 'open' },
    },
    // The dialog is on screen; a new captcha can load while the person keeps typing.
    open: {
      type: 'parallel',
      on: {
        'dialog.close': { target: 'closed', actions: 'clearForm' },
        'password.toggle': { actions: 'togglePassword' },
      },
      states: {
        captcha: {
          initial: 'loadingCaptcha',
          states: {
            // A fresh single-use challenge is on its way; the previous one and its answer are void.
            loadingCaptcha: {
              tags: ['captcha.pending'],
              entry: 'forgetChallenge',
              invoke: {
                id: 'fetchCaptcha',
                src: 'fetchCaptcha',
                onDone: {
                  target: 'captchaReady',
                  actions: assign({ challenge: ({ event }) => event.output }),
                },
                onError: 'captchaFailed',
              },
            },
            // The image is shown; its id goes with the next sign-in. Not replaced while a sign-in uses it.
            captchaReady: {
              on: {
                'captcha.refresh': { guard: not('submitting'), target: 'loadingCaptcha' },
              },
            },
            // No captcha could be loaded, so no sign-in is possible until the person asks for another.
            captchaFailed: {
              tags: ['captcha.failed'],
              on: { 'captcha.refresh': 'loadingCaptcha' },
            },
          },
        },
        form: {
          initial: 'editing',
          states: {
            // The person types; Login is offered once username and password are there and a captcha is shown.
            editing: {
              on: {
                // The captcha answer only means something while its image is on screen.
                'field.change': { guard: or(['notCaptchaField', 'captchaReady']), actions: 'setField' },
                'login.submit': { guard: and(['credentialsFilled', 'captchaReady']), target: 'submitting' },
              },
            },
            // The sign-in is in flight; the fields and the captcha stay as they are until the answer comes.
            submitting: {
              tags: ['busy'],
              entry: 'clearError',
              invoke: {
                id: 'signIn',
                src: 'signIn',
                input: ({ context }) => ({
                  username: context.username.trim(),
                  password: context.password,
                  captcha: context.captcha.trim(),
                  captchaId: context.challenge?.captchaId ?? '',
                }),
                onDone: {
                  target: '#staffLogin.signedIn',
                  actions: assign({ signedInUser: ({ event }) => event.output }),
                },
                // A refused attempt burns the captcha (backoffice.md section 4), so a new one is fetched.
                onError: {
                  target: 'failed',
                  actions: [
                    assign({ error: ({ event }) => failureMessage(event.error) }),
                    'requestNewCaptcha',
                  ],
                },
              },
            },
            // The banner explains the refusal; the person corrects the fields and tries again.
            failed: {
              tags: ['error'],
              on: {
                'field.change': { guard: or(['notCaptchaField', 'captchaReady']), actions: 'setField' },
                'login.submit': { guard: and(['credentialsFilled', 'captchaReady']), target: 'submitting' },
              },
            },
          },
        },
      },
    },
    // Done: the signIn actor has stored the session; the host page moves on to the dashboard.
    signedIn: {
      type: 'final',
    },
  },
});

export type StaffLoginMachine = typeof staffLoginMachine;
