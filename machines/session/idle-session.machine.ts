import { setup } from 'xstate';

/**
 * The idle watch over a signed-in official's tab (backoffice.md sections 2, 4 and 9; docs/session-timeouts.md).
 *
 * After `idleTimeoutMs` without activity the idle dialog asks whether to stay; if nobody answers within
 * `warningTimeoutMs` the session is over. The view reports activity (debounced) and reacts to the final states.
 * The delays are named so tests drive them with a simulated clock.
 */

/** Spec: 450000 ms (7.5 minutes) of inactivity before the idle dialog. */
export const IDLE_TIMEOUT_MS = 450_000;
/** Our choice (not in the spec): one minute to answer the idle dialog before the session expires. */
export const WARNING_TIMEOUT_MS = 60_000;
/** Spec: DOM activity is debounced by 250 ms before it counts. */
export const ACTIVITY_DEBOUNCE_MS = 250;

export interface IdleSessionInput {
  idleTimeoutMs?: number;
  warningTimeoutMs?: number;
}

export interface IdleSessionContext {
  idleTimeoutMs: number;
  warningTimeoutMs: number;
}

export type IdleSessionEvent = { type: 'activity' } | { type: 'stay' } | { type: 'logout' };

export const idleSessionMachine = setup({
  types: {
    // XState reads the input type from this assertion; the rule only sees that {} fits an all-optional type.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    input: {} as IdleSessionInput | undefined,
    context: {} as IdleSessionContext,
    events: {} as IdleSessionEvent,
  },
  delays: {
    idleTimeout: ({ context }) => context.idleTimeoutMs,
    warningTimeout: ({ context }) => context.warningTimeoutMs,
  },
}).createMachine({
  id: 'idleSession',
  // A missing or nonsensical timeout falls back to the default rather than logging the person out at once.
  context: ({ input }) => ({
    idleTimeoutMs: positiveOr(input?.idleTimeoutMs, IDLE_TIMEOUT_MS),
    warningTimeoutMs: positiveOr(input?.warningTimeoutMs, WARNING_TIMEOUT_MS),
  }),
  initial: 'active',
  states: {
    // The official is working; every reported activity starts the idle count again.
    active: {
      after: { idleTimeout: 'warning' },
      on: { activity: { target: 'active', reenter: true } },
    },
    // The idle dialog asks 'You want to stay?'. Only an answer counts: a stray mouse move must not dismiss a
    // security prompt on an unattended screen, so activity is ignored here.
    warning: {
      tags: ['prompt'],
      after: { warningTimeout: 'expired' },
      on: { stay: 'active', logout: 'loggedOut' },
    },
    // Nobody answered in time: the view tells the person, logs out and returns to the home page.
    expired: {
      type: 'final',
      tags: ['ended'],
    },
    // The person chose Logout in the idle dialog.
    loggedOut: {
      type: 'final',
      tags: ['ended'],
    },
  },
});

function positiveOr(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

export type IdleSessionMachine = typeof idleSessionMachine;
