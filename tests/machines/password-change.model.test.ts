import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { otpAccessMachine } from '../../machines/access/otp-access.machine';
import {
  PASSWORD_CHANGE_MESSAGES,
  canVerifyPasswordChangeOtp,
  passwordChangeHint,
  passwordChangeMachine,
  passwordChangeOtpActor,
  passwordChangeStep,
  type PasswordChangeEvent,
} from '../../machines/session/password-change.machine';
import { machineModel, expectFullCoverage, checkedStates } from './model-harness';
import { ServerCalls, citizenKey, leafKeys, sentByEmail } from './citizen-fakes';

/*
 * Model-based test: xstate/graph walks the password change dialog, and every shortest path is replayed on a real
 * actor whose calls (its own and its OTP child's) are fakes settled by hand.
 */

type Snapshot = SnapshotFrom<typeof passwordChangeMachine>;
type EventFixtures = { [K in PasswordChangeEvent['type']]: Array<Extract<PasswordChangeEvent, { type: K }>> };

const key = citizenKey({ subject: 'user', username: 'clerk.one' });
const strong = 'Str0ng pass';

/** A fixture for every event type: a new event without one fails to compile. */
const eventFixtures = {
  'username.change': [
    { type: 'username.change', value: ' clerk.one ' },
    { type: 'username.change', value: '' },
  ],
  'otp.request': [{ type: 'otp.request' }],
  'password.change': [
    { type: 'password.change', field: 'password', value: strong },
    { type: 'password.change', field: 'password', value: 'short' },
    { type: 'password.change', field: 'confirmation', value: strong },
    { type: 'password.change', field: 'confirmation', value: 'Str0ng pasS' },
  ],
  'password.apply': [{ type: 'password.apply' }],
  'dialog.close': [{ type: 'dialog.close' }],
} satisfies EventFixtures;

const outcomeFixtures = {
  'xstate.done.actor.otp': [{ type: 'xstate.done.actor.otp', output: key }],
  'xstate.done.actor.changePassword': [{ type: 'xstate.done.actor.changePassword', output: {} }],
  'xstate.error.actor.changePassword': [
    { type: 'xstate.error.actor.changePassword', error: { status: 401 } },
    {
      type: 'xstate.error.actor.changePassword',
      error: { status: 400, message: 'This password is too common.' },
    },
  ],
};
type OutcomeEvent = (typeof outcomeFixtures)[keyof typeof outcomeFixtures][number];
type ModelEvent = PasswordChangeEvent | OutcomeEvent;
const allEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...Object.values(outcomeFixtures).flat(),
];

const model = machineModel<Snapshot, ModelEvent>(passwordChangeMachine, allEvents);

function startDialog() {
  const calls = new ServerCalls(['requestOtp', 'verifyOtp', 'changePassword'] as const);
  const machine = passwordChangeMachine.provide({
    actors: {
      otpAccess: otpAccessMachine.provide({
        actors: {
          requestOtp: fromPromise(({ input, signal }) => calls.wait('requestOtp', input, signal)),
          verifyOtp: fromPromise(({ input, signal }) => calls.wait('verifyOtp', input, signal)),
        },
      }),
      changePassword: fromPromise(({ input, signal }) => calls.wait('changePassword', input, signal)),
    },
  });
  return { actor: createActor(machine).start(), calls };
}

/** The code arrives by email, a wrong one is refused with the spec's words, then the right one passes. */
async function passOtp(sut: ReturnType<typeof startDialog>): Promise<void> {
  const child = passwordChangeOtpActor(sut.actor.getSnapshot());
  await sut.calls.settle('requestOtp', { output: sentByEmail });
  expect(child?.getSnapshot().context.notice?.text).toBe('OTP has been sent to your registered email!');
  child?.send({ type: 'otp.change', value: '12345' });
  expect(canVerifyPasswordChangeOtp(sut.actor.getSnapshot())).toBe(false);
  child?.send({ type: 'otp.change', value: '000000' });
  child?.send({ type: 'otp.verify' });
  await sut.calls.settle('verifyOtp', { error: { status: 400 } });
  expect(child?.getSnapshot().context.notice?.text).toBe('Invalid OTP, Please retry!');
  child?.send({ type: 'otp.change', value: '123456' });
  expect(canVerifyPasswordChangeOtp(sut.actor.getSnapshot())).toBe(true);
  child?.send({ type: 'otp.verify' });
  await sut.calls.settle('verifyOtp', { output: key });
}

describe('password change machine: model-based paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every leaf state and uses every event type', () => {
    expectFullCoverage(passwordChangeMachine, paths, [
      ...Object.keys(eventFixtures),
      ...Object.keys(outcomeFixtures),
    ]);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const sut = startDialog();
    const snapshot = () => sut.actor.getSnapshot();
    const context = () => snapshot().context;
    const stateChecks: Record<string, () => void> = {
      '#passwordChange.enteringUsername': () => {
        expect(passwordChangeStep(snapshot())).toBe(0);
        expect(passwordChangeOtpActor(snapshot())).toBeUndefined();
        expect(snapshot().can({ type: 'otp.request' })).toBe(context().username.trim() !== '');
        expect([context().password, context().confirmation]).toEqual(['', '']);
      },
      '#passwordChange.verifyingOtp': () => {
        expect(passwordChangeStep(snapshot())).toBe(1);
        expect(sut.calls.lastInput('requestOtp')).toEqual({ subject: 'user', id: 'clerk.one' });
      },
      '#passwordChange.enteringPassword': () => {
        expect(passwordChangeStep(snapshot())).toBe(2);
        const { password, confirmation } = context();
        const acceptable = password === strong && confirmation === strong;
        expect(snapshot().can({ type: 'password.apply' })).toBe(acceptable);
        expect(passwordChangeHint(snapshot()) === null).toBe(acceptable);
      },
      '#passwordChange.applying': () => {
        expect(sut.calls.lastInput('changePassword')).toEqual({
          username: 'clerk.one',
          password: strong,
          key,
        });
      },
      '#passwordChange.changed': () => {
        expect(passwordChangeStep(snapshot())).toBe(3);
        expect(context().notice?.text).toBe('Your Password has been changed successfully!');
        expect([context().password, context().confirmation]).toEqual(['', '']);
      },
    };
    expect(leafKeys(passwordChangeMachine).filter((id) => !(id in stateChecks))).toEqual([]);

    const send = ({ event }: { event: { type: string } }) => sut.actor.send(event as PasswordChangeEvent);
    const settle = ({ event }: { event: object }) =>
      sut.calls.settle('changePassword', event as { output: unknown } | { error: unknown });
    await path.test({
      events: {
        ...Object.fromEntries(Object.keys(eventFixtures).map((type) => [type, send])),
        'dialog.close': (step) => {
          send(step);
          expect(context()).toEqual({
            username: '',
            password: '',
            confirmation: '',
            key: null,
            notice: null,
          });
          expect(Object.values(sut.calls.inFlight).flat()).toEqual([]);
        },
        'xstate.done.actor.otp': () => passOtp(sut),
        'xstate.done.actor.changePassword': settle,
        'xstate.error.actor.changePassword': settle,
      },
      states: checkedStates(snapshot, stateChecks),
    });
  });
});

describe('password change machine: behaviour', () => {
  async function atPasswordStep() {
    const sut = startDialog();
    sut.actor.send({ type: 'username.change', value: 'clerk.one' });
    sut.actor.send({ type: 'otp.request' });
    await passOtp(sut);
    return sut;
  }
  const type = (field: 'password' | 'confirmation', value: string) =>
    ({ type: 'password.change', field, value }) as const;

  it('does not offer Get OTP for an empty or blank username', () => {
    const { actor } = startDialog();
    expect(actor.getSnapshot().can({ type: 'otp.request' })).toBe(false);
    actor.send({ type: 'username.change', value: '   ' });
    expect(actor.getSnapshot().can({ type: 'otp.request' })).toBe(false);
  });

  it.each([
    ['', '', PASSWORD_CHANGE_MESSAGES.tooShort],
    ['Seven77', 'Seven77', PASSWORD_CHANGE_MESSAGES.tooShort],
    ['Eight888', 'Eight889', PASSWORD_CHANGE_MESSAGES.mismatch],
    ['Clerk.One', 'Clerk.One', PASSWORD_CHANGE_MESSAGES.isUsername],
    ['Eight888', 'Eight888', null],
  ])('new password %j confirmed as %j: hint %j', async (password, confirmation, hint) => {
    const { actor } = await atPasswordStep();
    actor.send(type('password', password));
    actor.send(type('confirmation', confirmation));
    expect(passwordChangeHint(actor.getSnapshot())).toBe(hint);
    expect(actor.getSnapshot().can({ type: 'password.apply' })).toBe(hint === null);
  });

  it('shows the server refusal and keeps the step, or starts again when the key is refused', async () => {
    const sut = await atPasswordStep();
    sut.actor.send(type('password', strong));
    sut.actor.send(type('confirmation', strong));
    sut.actor.send({ type: 'password.apply' });
    await sut.calls.settle('changePassword', {
      error: { status: 400, message: 'This password is too common.' },
    });
    expect(passwordChangeStep(sut.actor.getSnapshot())).toBe(2);
    expect(sut.actor.getSnapshot().context.notice?.text).toBe('This password is too common.');
    sut.actor.send({ type: 'password.apply' });
    await sut.calls.settle('changePassword', { error: { status: 401 } });
    expect(passwordChangeStep(sut.actor.getSnapshot())).toBe(0);
    expect(sut.actor.getSnapshot().context).toMatchObject({
      key: null,
      notice: { text: 'Authentication Failed' },
    });
  });
});
