import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { landlordStepperMachine } from '../../machines/access/landlord-stepper.machine';
import {
  LANDLORD_MESSAGES,
  type LandlordRecord,
  type LandlordStepperEmitted,
  type LandlordStepperEvent,
} from '../../machines/access/landlord-stepper.types';
import { otpAccessMachine } from '../../machines/access/otp-access.machine';
import {
  canLandlordProceed,
  canRequestLandlordOtp,
  isConfirmingLandlordLogout,
  isLandlordLoggedIn,
  landlordActiveStep,
  landlordEpicError,
  landlordOtherTabsEnabled,
  landlordOtpActor,
} from '../../machines/access/landlord-stepper.selectors';
import { otpFieldEnabled } from '../../machines/access/otp-access.selectors';
import { machineModel, expectFullCoverage, checkedStates } from './model-harness';
import { ServerCalls, citizenKey, leafKeys, sentByEmail } from './citizen-fakes';

/*
 * Model-based test: xstate/graph walks the landlord stepper, and every shortest path is replayed on a real actor
 * whose server calls (its own and its OTP child's) are fakes settled by hand. The child finishing is one model
 * event; the replay drives the real child through request, typing and verification to produce it.
 */

type Snapshot = SnapshotFrom<typeof landlordStepperMachine>;
type EventFixtures = {
  [K in LandlordStepperEvent['type']]: Array<Extract<LandlordStepperEvent, { type: K }>>;
};

const key = citizenKey({ landlordId: 7 });
const existing: LandlordRecord = { landlordId: 'L-7', epicNo: 'ABC1234567', details: { firstName: 'Iba' } };

/** A fixture for every event type: a new event without one fails to compile. */
const eventFixtures = {
  'tab.select': [
    { type: 'tab.select', tab: 'login' },
    { type: 'tab.select', tab: 'register' },
  ],
  'epic.change': [
    { type: 'epic.change', value: 'abc1234567xyz' },
    { type: 'epic.change', value: 'AB12345678' },
    { type: 'epic.change', value: '' },
  ],
  'otp.request': [{ type: 'otp.request' }],
  'step.next': [{ type: 'step.next' }],
  'landlord.saved': [{ type: 'landlord.saved', landlordId: 'L-9', details: { firstName: 'New' } }],
  'pdf.download': [{ type: 'pdf.download' }],
  'stepper.reset': [{ type: 'stepper.reset' }],
  'session.expired': [{ type: 'session.expired' }],
  'logout.request': [{ type: 'logout.request' }],
  'logout.confirm': [{ type: 'logout.confirm' }],
  'logout.cancel': [{ type: 'logout.cancel' }],
} satisfies EventFixtures;

const outcomeFixtures = {
  'xstate.done.actor.otp': [{ type: 'xstate.done.actor.otp', output: key }],
  'xstate.done.actor.loadLandlord': [{ type: 'xstate.done.actor.loadLandlord', output: existing }],
  'xstate.error.actor.loadLandlord': [
    { type: 'xstate.error.actor.loadLandlord', error: { status: 401 } },
    { type: 'xstate.error.actor.loadLandlord', error: { status: 500 } },
  ],
  'xstate.done.actor.checkLandlord': [{ type: 'xstate.done.actor.checkLandlord', output: undefined }],
  'xstate.error.actor.checkLandlord': [
    { type: 'xstate.error.actor.checkLandlord', error: { status: 404 } },
    { type: 'xstate.error.actor.checkLandlord', error: { status: 401 } },
    { type: 'xstate.error.actor.checkLandlord', error: {} },
  ],
  'xstate.done.actor.downloadForm': [{ type: 'xstate.done.actor.downloadForm', output: undefined }],
  'xstate.error.actor.downloadForm': [
    { type: 'xstate.error.actor.downloadForm', error: { status: 401 } },
    { type: 'xstate.error.actor.downloadForm', error: { status: 500 } },
  ],
};
type OutcomeEvent = (typeof outcomeFixtures)[keyof typeof outcomeFixtures][number];
type ModelEvent = LandlordStepperEvent | OutcomeEvent;
const allEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...Object.values(outcomeFixtures).flat(),
];

const model = machineModel<Snapshot, ModelEvent>(landlordStepperMachine, allEvents);

const calledNames = ['requestOtp', 'verifyOtp', 'checkLandlord', 'loadLandlord', 'downloadForm'] as const;

function startStepper() {
  const calls = new ServerCalls(calledNames);
  const machine = landlordStepperMachine.provide({
    actors: {
      otpAccess: otpAccessMachine.provide({
        actors: {
          requestOtp: fromPromise(({ input, signal }) => calls.wait('requestOtp', input, signal)),
          verifyOtp: fromPromise(({ input, signal }) => calls.wait('verifyOtp', input, signal)),
        },
      }),
      checkLandlord: fromPromise(({ input, signal }) => calls.wait('checkLandlord', input, signal)),
      loadLandlord: fromPromise(({ input, signal }) => calls.wait('loadLandlord', input, signal)),
      downloadForm: fromPromise(({ input, signal }) => calls.wait('downloadForm', input, signal)),
    },
  });
  const actor = createActor(machine).start();
  const emitted: LandlordStepperEmitted[] = [];
  actor.on('session.loggedOut', (event) => emitted.push(event));
  return { actor, calls, emitted };
}

/** The person asks for a code, types it and has it verified: the real child finishes with the key. */
async function passOtp(sut: ReturnType<typeof startStepper>, otp = '123456'): Promise<void> {
  const child = landlordOtpActor(sut.actor.getSnapshot());
  expect(child).toBeDefined();
  await sut.calls.settle('requestOtp', { output: sentByEmail });
  expect(otpFieldEnabled(child?.getSnapshot())).toBe(true);
  child?.send({ type: 'otp.change', value: otp });
  child?.send({ type: 'otp.verify' });
  await sut.calls.settle('verifyOtp', { output: key });
}

describe('landlord stepper machine: model-based paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every leaf state and uses every event type', () => {
    expectFullCoverage(landlordStepperMachine, paths, [
      ...Object.keys(eventFixtures),
      ...Object.keys(outcomeFixtures),
    ]);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const sut = startStepper();
    const snapshot = () => sut.actor.getSnapshot();
    const context = () => snapshot().context;
    const inFlight = (name: (typeof calledNames)[number]) => sut.calls.inFlight[name].length;
    const stateChecks: Record<string, () => void> = {
      '#landlordStepper.steps.electionId.login.enteringEpic': () => {
        expect(landlordActiveStep(snapshot())).toBe(0);
        expect(landlordOtpActor(snapshot())).toBeUndefined();
        expect(canRequestLandlordOtp(snapshot())).toBe(/^[A-Z]{3}\d{7}$/.test(context().epic));
        expect(canLandlordProceed(snapshot())).toBe(false);
        expect(landlordEpicError(snapshot())).toBe(
          context().epicTouched && context().epic === '' ? 'Landlord Epic Number required!' : null,
        );
      },
      '#landlordStepper.steps.electionId.login.otp': () => {
        expect(landlordOtpActor(snapshot())?.getSnapshot().value).toBe('requesting');
        expect(sut.calls.lastInput('requestOtp')).toEqual({ subject: 'landlord', id: 'ABC1234567' });
        expect(canLandlordProceed(snapshot())).toBe(false);
      },
      '#landlordStepper.steps.electionId.login.loadingLandlord': () => {
        expect(inFlight('loadLandlord')).toBe(1);
        expect(sut.calls.lastInput('loadLandlord')).toEqual({ epic: 'ABC1234567', key });
      },
      '#landlordStepper.steps.electionId.register.enteringEpic': () => {
        expect(context().tab).toBe('register');
        expect(canLandlordProceed(snapshot())).toBe(/^[A-Z]{3}\d{7}$/.test(context().epic));
        expect(canRequestLandlordOtp(snapshot())).toBe(false);
      },
      '#landlordStepper.steps.electionId.register.checking': () => {
        expect(inFlight('checkLandlord')).toBe(1);
        expect(sut.calls.lastInput('checkLandlord')).toEqual({ epic: 'ABC1234567' });
      },
      '#landlordStepper.steps.details.editing': () => {
        expect(landlordActiveStep(snapshot())).toBe(1);
        expect(context().landlord?.epicNo).toBe('ABC1234567');
        expect(snapshot().can({ type: 'step.next' })).toBe(true);
        expect(landlordOtherTabsEnabled(snapshot())).toBe(
          context().landlord?.landlordId != null && context().key !== null,
        );
      },
      '#landlordStepper.steps.details.verifyingRegistration': () => {
        expect(context().landlord?.landlordId).toBe('L-9');
        expect(landlordOtherTabsEnabled(snapshot())).toBe(context().key !== null);
        expect(landlordOtpActor(snapshot())?.getSnapshot().value).toBe('requesting');
        expect(snapshot().can({ type: 'step.next' })).toBe(false);
      },
      '#landlordStepper.steps.completed.ready': () => {
        expect(landlordActiveStep(snapshot())).toBe(2);
        expect(context().landlord?.landlordId).not.toBeNull();
      },
      '#landlordStepper.steps.completed.downloading': () => {
        expect(inFlight('downloadForm')).toBe(1);
        expect(sut.calls.lastInput('downloadForm')).toEqual({
          landlordId: context().landlord?.landlordId,
          key: context().key,
        });
      },
      '#landlordStepper.session.anonymous': () => {
        expect(context().key).toBeNull();
        expect(isLandlordLoggedIn(snapshot())).toBe(false);
        expect(snapshot().can({ type: 'logout.request' })).toBe(false);
      },
      '#landlordStepper.session.loggedIn': () => {
        expect(context().key).toEqual(key);
        expect(snapshot().can({ type: 'logout.request' })).toBe(true);
      },
      '#landlordStepper.session.confirmingLogout': () => {
        expect(isConfirmingLandlordLogout(snapshot())).toBe(true);
        expect(context().key).toEqual(key);
      },
    };
    expect(leafKeys(landlordStepperMachine).filter((id) => !(id in stateChecks))).toEqual([]);

    const send = ({ event }: { event: { type: string } }) => sut.actor.send(event as LandlordStepperEvent);
    const settle =
      (name: (typeof calledNames)[number]) =>
      ({ event }: { event: object }) =>
        sut.calls.settle(name, event as { output: unknown } | { error: unknown });
    // A 401 logs out: the wiring hears it; no other refusal does.
    const settleWatchingLogout =
      (name: 'loadLandlord' | 'checkLandlord' | 'downloadForm') =>
      async ({ event }: { event: object }) => {
        const before = sut.emitted.length;
        await settle(name)({ event });
        const status = (event as { error: { status?: number } }).error.status;
        expect(sut.emitted.slice(before)).toEqual(
          status === 401 ? [{ type: 'session.loggedOut', reason: 'authenticationFailed' }] : [],
        );
      };
    await path.test({
      events: {
        ...Object.fromEntries(Object.keys(eventFixtures).map((type) => [type, send])),
        'logout.confirm': (step) => {
          const before = sut.emitted.length;
          send(step);
          expect(sut.emitted.slice(before)).toEqual([{ type: 'session.loggedOut', reason: 'logout' }]);
          expect(landlordActiveStep(snapshot())).toBe(0);
          expect(context().epic).toBe('');
        },
        'session.expired': (step) => {
          const before = sut.emitted.length;
          send(step);
          expect(sut.emitted.slice(before)).toEqual([
            { type: 'session.loggedOut', reason: 'authenticationFailed' },
          ]);
          expect(landlordActiveStep(snapshot())).toBe(0);
          expect(context().key).toBeNull();
          expect(context().landlord).toBeNull();
          expect(context().notice).toEqual({
            kind: 'error',
            code: 'landlord.sessionExpired',
            text: LANDLORD_MESSAGES.sessionExpired,
          });
        },
        'xstate.done.actor.otp': () => passOtp(sut),
        'xstate.done.actor.loadLandlord': settle('loadLandlord'),
        'xstate.error.actor.loadLandlord': settleWatchingLogout('loadLandlord'),
        'xstate.done.actor.checkLandlord': settle('checkLandlord'),
        'xstate.error.actor.checkLandlord': settleWatchingLogout('checkLandlord'),
        'xstate.done.actor.downloadForm': settle('downloadForm'),
        'xstate.error.actor.downloadForm': async (step) => {
          await settleWatchingLogout('downloadForm')(step);
          if ((step.event as unknown as { error: { status?: number } }).error.status === 401) {
            expect(context().notice?.text).toBe(LANDLORD_MESSAGES.sessionExpired);
          }
        },
      },
      states: checkedStates(snapshot, stateChecks),
    });
  });
});

describe('landlord stepper machine: behaviour', () => {
  const typeEpic = (value: string) => ({ type: 'epic.change', value }) as const;

  it('upper-cases and cuts the EPIC, and offers Get OTP only for 3 letters then 7 digits', () => {
    const { actor } = startStepper();
    for (const [typed, kept, valid] of [
      ['abc1234567890', 'ABC1234567', true],
      ['ab12345678', 'AB12345678', false],
      ['abcd123456', 'ABCD123456', false],
      ['abc123456', 'ABC123456', false],
      ['ab1234567', 'AB1234567', false],
      ['abc12345a7', 'ABC12345A7', false],
      ['1bc1234567', '1BC1234567', false],
    ] as const) {
      actor.send(typeEpic(typed));
      expect(actor.getSnapshot().context.epic).toBe(kept);
      expect(canRequestLandlordOtp(actor.getSnapshot())).toBe(valid);
    }
    actor.send(typeEpic(''));
    expect(landlordEpicError(actor.getSnapshot())).toBe(LANDLORD_MESSAGES.epicRequired);
  });

  it('says who to call when the check fails: exists, fresh, 401 and no answer', async () => {
    const cases = [
      [undefined, LANDLORD_MESSAGES.alreadyExists, 0],
      [
        { status: 404 },
        'Welcome! This will be a fresh registration for landlord with EPIC Number ABC1234567',
        1,
      ],
      [{ status: 401 }, 'Authentication Failed', 0],
      [{ status: 503 }, 'Network Connection Error!, Cannot connect to backend API', 0],
    ] as const;
    for (const [error, text, step] of cases) {
      const sut = startStepper();
      sut.actor.send({ type: 'tab.select', tab: 'register' });
      sut.actor.send(typeEpic('ABC1234567'));
      sut.actor.send({ type: 'step.next' });
      await sut.calls.settle('checkLandlord', error ? { error } : { output: undefined });
      expect(sut.actor.getSnapshot().context.notice?.text).toBe(text);
      expect(landlordActiveStep(sut.actor.getSnapshot())).toBe(step);
    }
  });

  it('registers, asks for a save before Next, logs the new landlord in and opens the other tabs', async () => {
    const sut = startStepper();
    sut.actor.send({ type: 'tab.select', tab: 'register' });
    sut.actor.send(typeEpic('xyz7654321'));
    sut.actor.send({ type: 'step.next' });
    await sut.calls.settle('checkLandlord', { error: { status: 404 } });
    expect(sut.actor.getSnapshot().context.landlord).toEqual({ landlordId: null, epicNo: 'XYZ7654321' });
    sut.actor.send({ type: 'step.next' });
    expect(sut.actor.getSnapshot().context.notice?.text).toBe(LANDLORD_MESSAGES.notSaved);
    expect(landlordActiveStep(sut.actor.getSnapshot())).toBe(1);
    sut.actor.send({ type: 'landlord.saved', landlordId: 'L-9' });
    expect(sut.actor.getSnapshot().context.notice?.text).toBe(LANDLORD_MESSAGES.savedPleaseLogin);
    expect(sut.calls.lastInput('requestOtp')).toEqual({ subject: 'landlord', id: 'XYZ7654321' });
    expect(landlordOtherTabsEnabled(sut.actor.getSnapshot())).toBe(false);
    await passOtp(sut);
    expect(landlordOtherTabsEnabled(sut.actor.getSnapshot())).toBe(true);
    expect(sut.actor.getSnapshot().context.notice?.text).toBe('OTP has been successfully verified!');
    sut.actor.send({ type: 'step.next' });
    expect(landlordActiveStep(sut.actor.getSnapshot())).toBe(2);
  });

  it('keeps Login disabled below 6 OTP characters', async () => {
    const sut = startStepper();
    sut.actor.send(typeEpic('ABC1234567'));
    sut.actor.send({ type: 'otp.request' });
    await sut.calls.settle('requestOtp', { output: sentByEmail });
    const child = landlordOtpActor(sut.actor.getSnapshot());
    child?.send({ type: 'otp.change', value: '12345' });
    expect(canLandlordProceed(sut.actor.getSnapshot())).toBe(false);
    child?.send({ type: 'otp.change', value: '123456' });
    expect(canLandlordProceed(sut.actor.getSnapshot())).toBe(true);
  });

  it('keeps the person logged in when they cancel the logout question', async () => {
    const sut = startStepper();
    sut.actor.send(typeEpic('ABC1234567'));
    sut.actor.send({ type: 'otp.request' });
    await passOtp(sut);
    await sut.calls.settle('loadLandlord', { output: existing });
    sut.actor.send({ type: 'logout.request' });
    sut.actor.send({ type: 'logout.cancel' });
    expect(isLandlordLoggedIn(sut.actor.getSnapshot())).toBe(true);
    expect(landlordActiveStep(sut.actor.getSnapshot())).toBe(1);
    expect(sut.emitted).toEqual([]);
  });

  it('ends the session when the page’s own call is refused with 401, and only while a key is held', async () => {
    const sut = startStepper();
    sut.actor.send({ type: 'session.expired' });
    expect(sut.emitted).toEqual([]);
    sut.actor.send(typeEpic('ABC1234567'));
    sut.actor.send({ type: 'otp.request' });
    await passOtp(sut);
    await sut.calls.settle('loadLandlord', { output: existing });
    expect(landlordActiveStep(sut.actor.getSnapshot())).toBe(1);
    sut.actor.send({ type: 'session.expired' });
    const after = sut.actor.getSnapshot();
    expect(landlordActiveStep(after)).toBe(0);
    expect(isLandlordLoggedIn(after)).toBe(false);
    expect(after.context.notice?.text).toBe('Your session has expired. Please login again!');
    expect(sut.emitted).toEqual([{ type: 'session.loggedOut', reason: 'authenticationFailed' }]);
    sut.actor.send({ type: 'session.expired' });
    expect(sut.emitted).toHaveLength(1);
  });
});
