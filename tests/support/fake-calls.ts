import type { fn } from 'storybook/test';

/**
 * What each call named `name` was given, in order, read from the `onCall(name, args)` spy that the stories' fake
 * services report to.
 */
export function callsOf<T = unknown[]>(onCall: ReturnType<typeof fn>, name: string): T[] {
  return onCall.mock.calls.filter(([called]) => called === name).map(([, args]) => args as T);
}
