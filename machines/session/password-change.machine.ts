import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { SERVER_FALLBACK_MESSAGE, messageOr, statusOf, type Notice } from '../access/failures';
import { otpAccessMachine, type CitizenKey } from '../access/otp-access.machine';
import { canVerifyOtp, type OtpAccessRef } from '../access/otp-access.selectors';
import { OTP_TEXTS, PASSWORD_MIN_LENGTH } from '../access/otp-rules';
import { notProvided as notProvidedBy } from '../not-provided';

/**
 * The password change dialog (public-portal.md sections 2, 4 and 8; docs/otp-and-citizen-keys.md): username and
 * Get OTP; the OTP (sent to the account's email) and Verify; the new password twice and Apply. The OTP step is the
 * invoked otp-access child `otp` (subject 'user'); the wiring provides `changePassword`, which seals the password
 * and sends it with the key of the OTP step.
 */

/** The clear password goes to the actor; sealing it (RSA-OAEP) is the wiring's job. */
export interface PasswordChangeRequest {
  username: string;
  password: string;
  key: CitizenKey;
}

/** The server checks it again (machines/access/otp-rules.ts holds the one value). */
export const NEW_PASSWORD_MIN_LENGTH = PASSWORD_MIN_LENGTH;

export const PASSWORD_CHANGE_MESSAGES = {
  changed: OTP_TEXTS.passwordChanged,
  authenticationFailed: 'Authentication Failed',
  // Ours (the spec has none): why Apply is not offered yet.
  tooShort: OTP_TEXTS.passwordTooShort,
  isUsername: OTP_TEXTS.passwordIsUsername,
  mismatch: 'The two passwords do not match.',
} as const;

export interface PasswordChangeContext {
  username: string;
  password: string;
  confirmation: string;
  key: CitizenKey | null;
  notice: Notice | null;
}

export type PasswordField = 'password' | 'confirmation';

export type PasswordChangeEvent =
  | { type: 'username.change'; value: string }
  | { type: 'otp.request' }
  | { type: 'password.change'; field: PasswordField; value: string }
  | { type: 'password.apply' }
  | { type: 'dialog.close' };

const emptyDialog = {
  username: '',
  password: '',
  confirmation: '',
  key: null,
  notice: null,
} satisfies PasswordChangeContext;

/** Why Apply is not offered, or null when the new password may be sent. */
export function newPasswordProblem(context: PasswordChangeContext): string | null {
  if (context.password.length < NEW_PASSWORD_MIN_LENGTH) return PASSWORD_CHANGE_MESSAGES.tooShort;
  if (context.password.trim().toLowerCase() === context.username.trim().toLowerCase()) {
    return PASSWORD_CHANGE_MESSAGES.isUsername;
  }
  return context.password === context.confirmation ? null : PASSWORD_CHANGE_MESSAGES.mismatch;
}

const notProvided = notProvidedBy('passwordChangeMachine');

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    children: {} as { otp: 'otpAccess' },
  },
  actors: {
    otpAccess: otpAccessMachine,
    // Placeholder: the browser wiring, stories and tests provide the real one.
    changePassword: fromPromise<unknown, PasswordChangeRequest>(notProvided('changePassword')),
  },
  guards: {
    usernamePresent: ({ context }) => context.username.trim() !== '',
    newPasswordAcceptable: ({ context }) => newPasswordProblem(context) === null,
    authenticationFailed: ({ event }) => 'error' in event && statusOf(event.error) === 401,
  },
  actions: {
    setUsername: assign(({ event }) => (event.type === 'username.change' ? { username: event.value } : {})),
    setPassword: assign(({ event }) =>
      event.type === 'password.change' ? { [event.field]: event.value } : {},
    ),
    clearDialog: assign(emptyDialog),
  },
}).createMachine({
  id: 'passwordChange',
  context: emptyDialog,
  initial: 'enteringUsername',
  on: { 'dialog.close': { target: '.enteringUsername', actions: 'clearDialog' } },
  states: {
    // Step 1: whose password? Get OTP waits for a username.
    enteringUsername: {
      on: {
        'username.change': { actions: 'setUsername' },
        'otp.request': { guard: 'usernamePresent', target: 'verifyingOtp' },
      },
    },
    // Step 2: the code goes to the account's email; the child shows the field and its Verify.
    verifyingOtp: {
      invoke: {
        id: 'otp',
        src: 'otpAccess',
        input: ({ context }) => ({ subject: 'user', id: context.username.trim(), requestOnStart: true }),
        onDone: {
          target: 'enteringPassword',
          actions: assign({ key: ({ event }) => event.output, notice: null }),
        },
      },
      on: {
        // A code belongs to one username: another username needs another Get OTP.
        'username.change': { target: 'enteringUsername', actions: 'setUsername' },
        'otp.request': { guard: 'usernamePresent', target: 'verifyingOtp', reenter: true },
      },
    },
    // Step 3: the new password twice; Apply waits for two equal passwords of 8 or more characters.
    enteringPassword: {
      on: {
        'password.change': { actions: 'setPassword' },
        'password.apply': { guard: 'newPasswordAcceptable', target: 'applying' },
      },
    },
    // The new password is on its way; the fields stay as they are until the answer.
    applying: {
      tags: ['busy'],
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({
          username: context.username.trim(),
          password: context.password,
          key: context.key as CitizenKey,
        }),
        onDone: {
          target: 'changed',
          actions: assign({
            password: '',
            confirmation: '',
            notice: {
              kind: 'success',
              code: 'passwordChange.changed',
              text: PASSWORD_CHANGE_MESSAGES.changed,
            },
          }),
        },
        onError: [
          // The key of the OTP step is no longer accepted: only a new OTP helps.
          {
            guard: 'authenticationFailed',
            target: 'enteringUsername',
            actions: assign({
              key: null,
              password: '',
              confirmation: '',
              notice: {
                kind: 'error',
                code: 'passwordChange.authenticationFailed',
                text: PASSWORD_CHANGE_MESSAGES.authenticationFailed,
              },
            }),
          },
          {
            target: 'enteringPassword',
            actions: assign({
              notice: ({ event }) => ({
                kind: 'error',
                code: 'passwordChange.serverFailed',
                text: messageOr(event.error, SERVER_FALLBACK_MESSAGE),
              }),
            }),
          },
        ],
      },
    },
    // Done: the dialog says so; Close clears it all.
    changed: {},
  },
});

export type PasswordChangeMachine = typeof passwordChangeMachine;
export type PasswordChangeSnapshot = SnapshotFrom<PasswordChangeMachine>;

/** 0 username, 1 OTP, 2 new password, 3 done. */
export function passwordChangeStep(snapshot: PasswordChangeSnapshot): 0 | 1 | 2 | 3 {
  if (snapshot.matches('changed')) return 3;
  if (snapshot.matches('enteringPassword') || snapshot.matches('applying')) return 2;
  return snapshot.matches('verifyingOtp') ? 1 : 0;
}

export function passwordChangeOtpActor(snapshot: PasswordChangeSnapshot): OtpAccessRef | undefined {
  return snapshot.children.otp;
}

/** Verify on step 2 is the child's. */
export function canVerifyPasswordChangeOtp(snapshot: PasswordChangeSnapshot): boolean {
  return canVerifyOtp(passwordChangeOtpActor(snapshot)?.getSnapshot());
}

/** The hint under the password fields while Apply is not offered (null once it is). */
export function passwordChangeHint(snapshot: PasswordChangeSnapshot): string | null {
  return snapshot.matches('enteringPassword') ? newPasswordProblem(snapshot.context) : null;
}
