/**
 * The session region both citizen steppers run beside their steps: whether a citizen key is held, and the
 * 'Are you sure you want to logout?' question (public-portal.md section 2, landing page dialogs). It refers to
 * guards and actions by name; each stepper's `setup` implements them: guards `hasKey`, `noKey`; actions
 * `forgetKey`, `announceLogout` (emits CitizenLoggedOut) and `resetSteps` (raises `stepper.reset`).
 */

export const LOGOUT_QUESTION = 'Are you sure you want to logout?';

/** The wiring listens with `actor.on('session.loggedOut', ...)`: it revokes the key and closes the dialog. */
export type CitizenLoggedOut = { type: 'session.loggedOut'; reason: 'logout' | 'authenticationFailed' };

export type CitizenSessionEvent =
  { type: 'logout.request' } | { type: 'logout.confirm' } | { type: 'logout.cancel' };

export const citizenSessionRegion = {
  initial: 'anonymous',
  states: {
    // No citizen key: nothing to log out of.
    anonymous: {
      always: { guard: 'hasKey', target: 'loggedIn' },
    },
    // A key is held: Logout is offered.
    loggedIn: {
      always: { guard: 'noKey', target: 'anonymous' },
      on: { 'logout.request': 'confirmingLogout' },
    },
    // LOGOUT_QUESTION waits for an answer; the steps stay as they are meanwhile.
    confirmingLogout: {
      always: { guard: 'noKey', target: 'anonymous' },
      on: {
        'logout.cancel': 'loggedIn',
        'logout.confirm': { target: 'anonymous', actions: ['forgetKey', 'announceLogout', 'resetSteps'] },
      },
    },
  },
} as const;
