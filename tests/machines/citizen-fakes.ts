import { expect } from 'vitest';
import { getStateNodes } from 'xstate/graph';
import type { AnyStateMachine } from 'xstate';
import type { CitizenKey, OtpSent } from '../../machines/access/otp-access.machine';

/*
 * Shared by the citizen machines' model tests: server calls that wait until the test settles them by hand, the
 * answers they settle with, and the list of leaf states every test must check.
 */

export interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** Calls in flight, by actor name; a call leaves its queue when settled or when the machine abandons it. */
export class ServerCalls<Name extends string> {
  readonly inFlight = {} as Record<Name, Deferred<unknown>[]>;
  readonly inputs = {} as Record<Name, unknown[]>;

  constructor(names: readonly Name[]) {
    for (const name of names) {
      this.inFlight[name] = [];
      this.inputs[name] = [];
    }
  }

  /** The body of a fake `fromPromise` actor. */
  wait<T>(name: Name, input: unknown, signal: AbortSignal): Promise<T> {
    this.inputs[name].push(input);
    return new Promise<T>((resolve, reject) => {
      const call: Deferred<unknown> = { resolve: resolve, reject };
      this.inFlight[name].push(call);
      signal.addEventListener('abort', () => {
        const queue = this.inFlight[name];
        if (queue.includes(call)) queue.splice(queue.indexOf(call), 1);
      });
    });
  }

  lastInput(name: Name): unknown {
    return this.inputs[name].at(-1);
  }

  /** Settles the only call of that actor in flight and lets the actors take the outcome. */
  async settle(name: Name, outcome: { output: unknown } | { error: unknown }): Promise<void> {
    const queue = this.inFlight[name];
    expect(queue, `one ${name} call in flight`).toHaveLength(1);
    const call = queue.splice(0, 1)[0];
    if ('output' in outcome) call.resolve(outcome.output);
    else call.reject(outcome.error);
    await flush();
  }
}

/** Lets promise callbacks and the actors' reactions run. */
export async function flush(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

export const sentByEmail: OtpSent = {
  message: 'OTP sent',
  channel: 'email',
  challenge: 'fake-challenge',
  expiresAt: '2026-01-01T10:05:00.000Z',
};
export const sentBySms: OtpSent = { ...sentByEmail, channel: 'sms' };

export function citizenKey(overrides: Partial<CitizenKey> = {}): CitizenKey {
  return { apiKey: 'key-1', expiresAt: '2026-01-01T12:00:00.000Z', subject: 'landlord', ...overrides };
}

/** `#id` of every atomic or final state: each needs a check in the model test. */
export function leafKeys(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => `#${node.id}`);
}

/** Errors keep their message when a path's event is written into its name. */
export function serializeEvent(event: unknown): string {
  return JSON.stringify(event, (_key, value: unknown) =>
    value instanceof Error ? { error: value.message } : value,
  );
}

/**
 * Moves a simulated clock forward a second at a time: one big `increment` fires only the timers already due, not
 * the ones each tick schedules after it.
 */
export function advanceClock(clock: { increment(ms: number): void }, ms: number): void {
  for (let left = ms; left > 0; left -= 1_000) clock.increment(Math.min(1_000, left));
}
