import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import {
  OTP_MESSAGES,
  otpAccessMachine,
  type OtpAccessEvent,
  type OtpAccessInput,
} from '../../machines/access/otp-access.machine';
import { canVerifyOtp, countdownLabel, otpFieldEnabled } from '../../machines/access/otp-access.selectors';
import { ServerCalls, advanceClock, citizenKey, leafKeys, sentByEmail, sentBySms } from './citizen-fakes';
import { checkedStates, machineModel } from './model-harness';

/*
 * Model-based test: xstate/graph walks the otp-access machine, and every shortest path is replayed on a real actor
 * whose server calls are fakes settled by hand and whose countdown runs on a simulated clock. The model's states
 * include the transition that entered them (model-harness), so the paths take every transition, asking for a new
 * code after a refusal, a lock or an expiry included. A short countdown (3 ticks) keeps the walk small; the 5:00
 * default is checked on its own below.
 */

type Snapshot = SnapshotFrom<typeof otpAccessMachine>;
type EventFixtures = { [K in OtpAccessEvent['type']]: Array<Extract<OtpAccessEvent, { type: K }>> };

const input: OtpAccessInput = { subject: 'landlord', id: 'ABC1234567', countdownMs: 3_000 };
const key = citizenKey({ landlordId: 1 });

/** A fixture for every event type: a new event without one fails to compile. */
const eventFixtures = {
  'otp.request': [{ type: 'otp.request' }],
  'otp.change': [
    { type: 'otp.change', value: '12345' },
    { type: 'otp.change', value: ' 123 456 ' },
  ],
  'otp.verify': [{ type: 'otp.verify' }],
} satisfies EventFixtures;

const TICK = 'xstate.after.countdownTick.otpAccess.codeSent.countdown.ticking';
const outcomeFixtures = {
  'xstate.done.actor.requestOtp': [
    { type: 'xstate.done.actor.requestOtp', output: sentByEmail },
    { type: 'xstate.done.actor.requestOtp', output: sentBySms },
  ],
  'xstate.error.actor.requestOtp': [
    { type: 'xstate.error.actor.requestOtp', error: { status: 404 } },
    { type: 'xstate.error.actor.requestOtp', error: { status: 429 } },
    { type: 'xstate.error.actor.requestOtp', error: { status: 502, message: 'Bad gateway' } },
  ],
  'xstate.done.actor.verifyOtp': [{ type: 'xstate.done.actor.verifyOtp', output: key }],
  'xstate.error.actor.verifyOtp': [
    { type: 'xstate.error.actor.verifyOtp', error: { status: 401 } },
    { type: 'xstate.error.actor.verifyOtp', error: {} },
  ],
  [TICK]: [{ type: TICK }],
};
type OutcomeEvent = (typeof outcomeFixtures)[keyof typeof outcomeFixtures][number];
type ModelEvent = OtpAccessEvent | OutcomeEvent;
const allEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...Object.values(outcomeFixtures).flat(),
];

const model = machineModel<Snapshot, ModelEvent>(otpAccessMachine, allEvents, { input });

function startOtpActor(actorInput: OtpAccessInput = input) {
  const clock = new SimulatedClock();
  const calls = new ServerCalls(['requestOtp', 'verifyOtp'] as const);
  const machine = otpAccessMachine.provide({
    actors: {
      requestOtp: fromPromise(({ input: request, signal }) => calls.wait('requestOtp', request, signal)),
      verifyOtp: fromPromise(({ input: verification, signal }) =>
        calls.wait('verifyOtp', verification, signal),
      ),
    },
  });
  const actor = createActor(machine, { clock, input: actorInput }).start();
  return { actor, calls, clock };
}

describe('otp access machine: model-based paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every leaf state, uses every event type and locks after the fifth wrong code', () => {
    const reached = new Set(
      paths.flatMap((path) => path.steps.flatMap((step) => step.state._nodes.map((node) => `#${node.id}`))),
    );
    expect(leafKeys(otpAccessMachine).filter((id) => !reached.has(id))).toEqual([]);
    const used = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    const expected = [...Object.keys(eventFixtures), ...Object.keys(outcomeFixtures)];
    expect(expected.filter((type) => !used.has(type))).toEqual([]);
    const toLocked = paths.find((path) => path.state.matches('locked'));
    const wrongCodes = toLocked?.steps.filter((step) => step.event.type === 'xstate.error.actor.verifyOtp');
    // The server locks a code at its fifth wrong try (docs/otp-and-citizen-keys.md): the machine must agree.
    expect(wrongCodes).toHaveLength(5);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const { actor, calls, clock } = startOtpActor();
    const snapshot = () => actor.getSnapshot();
    const noCallsInFlight = () => {
      expect(calls.inFlight.requestOtp).toHaveLength(0);
      expect(calls.inFlight.verifyOtp).toHaveLength(0);
    };
    const codeIsDead = () => {
      expect(otpFieldEnabled(snapshot())).toBe(false);
      expect(canVerifyOtp(snapshot())).toBe(false);
      expect(snapshot().can({ type: 'otp.request' })).toBe(true);
    };
    const stateChecks: Record<string, () => void> = {
      '#otpAccess.idle': () => {
        noCallsInFlight();
        expect(otpFieldEnabled(snapshot())).toBe(false);
        expect(countdownLabel(snapshot())).toBeNull();
      },
      '#otpAccess.requesting': () => {
        expect(calls.inFlight.requestOtp).toHaveLength(1);
        expect(calls.lastInput('requestOtp')).toEqual({ subject: 'landlord', id: 'ABC1234567' });
        expect(snapshot().context.otp).toBe('');
        expect(otpFieldEnabled(snapshot())).toBe(false);
      },
      '#otpAccess.requestFailed': () => {
        noCallsInFlight();
        expect(['Landlord does not exist!', OTP_MESSAGES.tooManyRequests, 'Bad gateway']).toContain(
          snapshot().context.notice?.text,
        );
        expect(otpFieldEnabled(snapshot())).toBe(false);
      },
      '#otpAccess.codeSent.countdown.ticking': () => {
        const { remainingMs } = snapshot().context;
        expect(remainingMs).toBeGreaterThan(0);
        expect(countdownLabel(snapshot())).toBe(`0:0${remainingMs / 1000}`);
      },
      '#otpAccess.codeSent.countdown.elapsed': () => {
        expect(snapshot().context.remainingMs).toBe(0);
        expect(snapshot().matches({ codeSent: { code: 'verifying' } })).toBe(true);
      },
      '#otpAccess.codeSent.code.awaitingCode': () => {
        expect(otpFieldEnabled(snapshot())).toBe(true);
        expect(canVerifyOtp(snapshot())).toBe(snapshot().context.otp.length >= 6);
        expect([OTP_MESSAGES.sentByEmail, OTP_MESSAGES.sentBySms]).toContain(snapshot().context.notice?.text);
      },
      '#otpAccess.codeSent.code.verifying': () => {
        expect(calls.inFlight.verifyOtp).toHaveLength(1);
        expect(calls.lastInput('verifyOtp')).toEqual({
          subject: 'landlord',
          id: 'ABC1234567',
          otp: '123456',
          // The challenge of the reply that announced the code goes back with it.
          challenge: 'fake-challenge',
        });
        expect(otpFieldEnabled(snapshot())).toBe(false);
      },
      '#otpAccess.codeSent.code.refused': () => {
        noCallsInFlight();
        expect(otpFieldEnabled(snapshot())).toBe(true);
        expect([OTP_MESSAGES.wrongCode, 'Error in Server']).toContain(snapshot().context.notice?.text);
        expect(snapshot().context.wrongTries).toBeLessThan(5);
      },
      '#otpAccess.locked': () => {
        noCallsInFlight();
        codeIsDead();
        expect(snapshot().context.wrongTries).toBe(5);
        expect(snapshot().context.notice?.text).toBe(OTP_MESSAGES.locked);
      },
      '#otpAccess.expired': () => {
        noCallsInFlight();
        codeIsDead();
        expect(countdownLabel(snapshot())).toBe('0:00');
        expect(snapshot().context.notice?.text).toBe(OTP_MESSAGES.expired);
      },
      '#otpAccess.verified': () => {
        expect(snapshot().status).toBe('done');
        expect(snapshot().output).toEqual(key);
      },
    };
    expect(leafKeys(otpAccessMachine).filter((id) => !(id in stateChecks))).toEqual([]);

    const send = ({ event }: { event: { type: string } }) => actor.send(event as OtpAccessEvent);
    const settle =
      (name: 'requestOtp' | 'verifyOtp') =>
      ({ event }: { event: object }) =>
        calls.settle(name, event as { output: unknown } | { error: unknown });
    await path.test({
      events: {
        'otp.request': send,
        'otp.change': send,
        'otp.verify': send,
        'xstate.done.actor.requestOtp': settle('requestOtp'),
        'xstate.error.actor.requestOtp': settle('requestOtp'),
        'xstate.done.actor.verifyOtp': settle('verifyOtp'),
        'xstate.error.actor.verifyOtp': settle('verifyOtp'),
        // A tick is a second of the simulated clock: a millisecond less changes nothing.
        [TICK]: () => {
          const before = snapshot().context.remainingMs;
          clock.increment(999);
          expect(snapshot().context.remainingMs).toBe(before);
          clock.increment(1);
        },
      },
      states: checkedStates(snapshot, stateChecks),
    });
  });
});

describe('otp access machine: behaviour', () => {
  async function withCode(actorInput: OtpAccessInput) {
    const sut = startOtpActor({ ...actorInput, requestOnStart: true });
    await sut.calls.settle('requestOtp', { output: sentByEmail });
    return sut;
  }

  it('counts down from 5:00 and expires the code at exactly 300000 ms', async () => {
    const { actor, clock } = await withCode({ subject: 'tenant', id: 'DL0420110012345' });
    expect(countdownLabel(actor.getSnapshot())).toBe('5:00');
    clock.increment(1_000);
    expect(countdownLabel(actor.getSnapshot())).toBe('4:59');
    advanceClock(clock, 298_999);
    expect(countdownLabel(actor.getSnapshot())).toBe('0:01');
    expect(otpFieldEnabled(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(countdownLabel(actor.getSnapshot())).toBe('0:00');
  });

  it.each([
    [5, '1234', false],
    [5, '12345', true],
    [6, '12345', false],
    [6, '123456', true],
  ])('with a minimum of %i characters, Verify for %s is %s', async (minOtpLength, otp, enabled) => {
    const { actor } = await withCode({ subject: 'landlord', id: 'ABC1234567', minOtpLength });
    actor.send({ type: 'otp.change', value: otp });
    expect(canVerifyOtp(actor.getSnapshot())).toBe(enabled);
  });

  it('requests at once when asked to, but never for an empty id', () => {
    expect(
      startOtpActor({ subject: 'user', id: 'clerk', requestOnStart: true }).calls.inFlight.requestOtp,
    ).toHaveLength(1);
    const empty = startOtpActor({ subject: 'user', id: '  ', requestOnStart: true });
    expect(empty.actor.getSnapshot().value).toBe('idle');
    expect(empty.actor.getSnapshot().can({ type: 'otp.request' })).toBe(false);
  });

  it.each([
    ['tenant', { status: 404 }, 'Tenant does not exist. Please Register!', 'otp.noTenant'],
    ['registration', { status: 404 }, 'Tenant does not exist. Please Register!', 'otp.noTenant'],
    ['tenant', { status: 500, message: 'boom' }, 'Server Error: Please try again!', 'otp.requestFailed'],
    ['landlord', { status: 404 }, 'Landlord does not exist!', 'otp.noLandlord'],
    ['user', {}, 'Error in Server', 'otp.requestFailed'],
    ['user', { status: 429, message: 'Wait 10 minutes' }, 'Wait 10 minutes', 'otp.tooManyRequests'],
  ] as const)('a refused %s request with %j says %s', async (subject, error, text, code) => {
    const { actor, calls } = startOtpActor({ subject, id: '42', requestOnStart: true });
    await calls.settle('requestOtp', { error });
    expect(actor.getSnapshot().context.notice).toEqual({ kind: 'error', code, text });
  });

  it('lets the server answer a check sent before the countdown ended', async () => {
    const sut = await withCode({ subject: 'landlord', id: 'ABC1234567', countdownMs: 2_000 });
    sut.actor.send({ type: 'otp.change', value: '123456' });
    sut.actor.send({ type: 'otp.verify' });
    advanceClock(sut.clock, 2_000);
    expect(sut.actor.getSnapshot().matches({ codeSent: { countdown: 'elapsed', code: 'verifying' } })).toBe(
      true,
    );
    await sut.calls.settle('verifyOtp', { output: key });
    expect(sut.actor.getSnapshot().output).toEqual(key);
  });

  it('shows the server message for a wrong code and forgets the count with a new code', async () => {
    const sut = await withCode({ subject: 'landlord', id: 'ABC1234567' });
    sut.actor.send({ type: 'otp.change', value: '000000' });
    sut.actor.send({ type: 'otp.verify' });
    await sut.calls.settle('verifyOtp', { error: { status: 400, message: 'OTP does not match' } });
    expect(sut.actor.getSnapshot().context).toMatchObject({
      wrongTries: 1,
      notice: { text: 'OTP does not match' },
    });
    sut.actor.send({ type: 'otp.request' });
    await sut.calls.settle('requestOtp', { output: sentByEmail });
    expect(sut.actor.getSnapshot().context).toMatchObject({ wrongTries: 0, otp: '', remainingMs: 300_000 });
  });
});
