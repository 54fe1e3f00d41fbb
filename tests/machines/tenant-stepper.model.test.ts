import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { otpAccessMachine } from '../../machines/access/otp-access.machine';
import { tenantStepperMachine } from '../../machines/access/tenant-stepper.machine';
import {
  TENANT_MESSAGES,
  type TenantRecord,
  type TenantStepperEmitted,
  type TenantStepperEvent,
} from '../../machines/access/tenant-stepper.types';
import {
  canRequestTenantOtp,
  canTenantGoNext,
  isConfirmingTenantLogout,
  isTenantContactHeld,
  isTenantHeldChangeOnly,
  isTenantSessionExpired,
  missingTenantDocuments,
  tenantActiveStep,
  tenantOtherTabsEnabled,
  tenantOtpActor,
} from '../../machines/access/tenant-stepper.selectors';
import { machineModel, expectFullCoverage, checkedStates } from './model-harness';
import { ServerCalls, citizenKey, leafKeys, sentBySms } from './citizen-fakes';

/*
 * Model-based test: xstate/graph walks the tenant stepper, and every shortest path is replayed on a real actor
 * whose server calls (its own and its OTP child's) are fakes settled by hand. The child finishing is one model
 * event; the replay drives the real child through request, typing and verification to produce it.
 */

type Snapshot = SnapshotFrom<typeof tenantStepperMachine>;
type EventFixtures = { [K in TenantStepperEvent['type']]: Array<Extract<TenantStepperEvent, { type: K }>> };

const key = citizenKey({ subject: 'tenant', tenantId: 123 });
/** The key of a contested record's kept channel: it reaches only the held change (docs/otp-channel-changes.md). */
const heldChangeKey = { ...citizenKey({ subject: 'tenant', tenantId: 123 }), reach: 'held-change' as const };
const existing: TenantRecord = { tenantId: '123', epicNo: 'DL042011', details: { firstName: 'Bah' } };
const allDocuments = ['PHOTO', 'IDENTITYPROOF', 'SIGNATURE', 'FORMA'];
const noSignature = ['PHOTO', 'IDENTITYPROOF'];

/** A fixture for every event type: a new event without one fails to compile. */
const eventFixtures = {
  'tab.select': [
    { type: 'tab.select', tab: 'login' },
    { type: 'tab.select', tab: 'register' },
  ],
  'idKind.select': [
    { type: 'idKind.select', kind: 'id' },
    { type: 'idKind.select', kind: 'registration' },
  ],
  'id.change': [
    { type: 'id.change', value: 'dl04 2011' },
    { type: 'id.change', value: '' },
  ],
  'otp.request': [{ type: 'otp.request' }],
  'step.next': [{ type: 'step.next' }],
  'step.back': [{ type: 'step.back' }],
  'tenant.saved': [
    { type: 'tenant.saved', tenantId: '123', details: { firstName: 'New' } },
    // An ID whose earlier record was deleted: the contact is held, the OTP would go to the earlier one.
    {
      type: 'tenant.saved',
      tenantId: '123',
      details: { firstName: 'New' },
      contactHeldUntil: '01 Dec 2026, 10:30 IST',
    },
  ],
  'documents.changed': [
    { type: 'documents.changed', types: allDocuments },
    { type: 'documents.changed', types: noSignature },
  ],
  'form.download': [{ type: 'form.download' }],
  'stepper.reset': [{ type: 'stepper.reset' }],
  'logout.request': [{ type: 'logout.request' }],
  'logout.confirm': [{ type: 'logout.confirm' }],
  'logout.cancel': [{ type: 'logout.cancel' }],
  'session.expired': [{ type: 'session.expired' }],
} satisfies EventFixtures;

const outcomeFixtures = {
  'xstate.done.actor.otp': [
    { type: 'xstate.done.actor.otp', output: key },
    { type: 'xstate.done.actor.otp', output: heldChangeKey },
  ],
  'xstate.done.actor.loadTenant': [{ type: 'xstate.done.actor.loadTenant', output: existing }],
  'xstate.error.actor.loadTenant': [
    { type: 'xstate.error.actor.loadTenant', error: { status: 401 } },
    { type: 'xstate.error.actor.loadTenant', error: { status: 500 } },
  ],
  'xstate.done.actor.checkTenant': [{ type: 'xstate.done.actor.checkTenant', output: undefined }],
  'xstate.error.actor.checkTenant': [
    { type: 'xstate.error.actor.checkTenant', error: { status: 404 } },
    { type: 'xstate.error.actor.checkTenant', error: { status: 401 } },
    { type: 'xstate.error.actor.checkTenant', error: {} },
  ],
  'xstate.done.actor.listDocumentTypes': [
    { type: 'xstate.done.actor.listDocumentTypes', output: noSignature },
    { type: 'xstate.done.actor.listDocumentTypes', output: allDocuments },
  ],
  'xstate.error.actor.listDocumentTypes': [
    { type: 'xstate.error.actor.listDocumentTypes', error: { status: 500 } },
    { type: 'xstate.error.actor.listDocumentTypes', error: { status: 401 } },
  ],
  'xstate.done.actor.downloadForm': [{ type: 'xstate.done.actor.downloadForm', output: undefined }],
  'xstate.error.actor.downloadForm': [
    { type: 'xstate.error.actor.downloadForm', error: { status: 500 } },
    { type: 'xstate.error.actor.downloadForm', error: { status: 401 } },
  ],
};
type OutcomeEvent = (typeof outcomeFixtures)[keyof typeof outcomeFixtures][number];
type ModelEvent = TenantStepperEvent | OutcomeEvent;
const allEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...Object.values(outcomeFixtures).flat(),
];

/**
 * The data that decides what can happen next. Walking whole contexts (every message text, every document list)
 * multiplies the paths into thousands without testing another rule; messages are checked per state instead.
 */
function essentials(state: Snapshot) {
  const { tab, idKind, id, tenant, key, documentTypes } = state.context;
  return {
    tab,
    idKind,
    id,
    tenantId: tenant?.tenantId ?? null,
    loggedIn: key !== null,
    documentsComplete: ['PHOTO', 'IDENTITYPROOF', 'SIGNATURE'].every((type) => documentTypes.includes(type)),
  };
}

const model = machineModel<Snapshot, ModelEvent>(tenantStepperMachine, allEvents, {
  describe: (state) => `${JSON.stringify(state.value)} ${JSON.stringify(essentials(state))}`,
});

const calledNames = [
  'requestOtp',
  'verifyOtp',
  'checkTenant',
  'loadTenant',
  'listDocumentTypes',
  'downloadForm',
] as const;
type CalledName = (typeof calledNames)[number];

function startStepper() {
  const calls = new ServerCalls(calledNames);
  const machine = tenantStepperMachine.provide({
    actors: {
      otpAccess: otpAccessMachine.provide({
        actors: {
          requestOtp: fromPromise(({ input, signal }) => calls.wait('requestOtp', input, signal)),
          verifyOtp: fromPromise(({ input, signal }) => calls.wait('verifyOtp', input, signal)),
        },
      }),
      checkTenant: fromPromise(({ input, signal }) => calls.wait('checkTenant', input, signal)),
      loadTenant: fromPromise(({ input, signal }) => calls.wait('loadTenant', input, signal)),
      listDocumentTypes: fromPromise(({ input, signal }) => calls.wait('listDocumentTypes', input, signal)),
      downloadForm: fromPromise(({ input, signal }) => calls.wait('downloadForm', input, signal)),
    },
  });
  const actor = createActor(machine).start();
  const emitted: TenantStepperEmitted[] = [];
  actor.on('session.loggedOut', (event) => emitted.push(event));
  return { actor, calls, emitted };
}

/** The person types the code sent to them and has it verified: the real child finishes with the key. */
async function passOtp(
  sut: ReturnType<typeof startStepper>,
  otp = '123456',
  verified: typeof key = key,
): Promise<void> {
  const child = tenantOtpActor(sut.actor.getSnapshot());
  await sut.calls.settle('requestOtp', { output: sentBySms });
  child?.send({ type: 'otp.change', value: otp });
  expect(canTenantGoNext(sut.actor.getSnapshot())).toBe(true);
  child?.send({ type: 'otp.verify' });
  await sut.calls.settle('verifyOtp', { output: verified });
}

describe('tenant stepper machine: model-based paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every leaf state and uses every event type', () => {
    expectFullCoverage(tenantStepperMachine, paths, [
      ...Object.keys(eventFixtures),
      ...Object.keys(outcomeFixtures),
    ]);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const sut = startStepper();
    const snapshot = () => sut.actor.getSnapshot();
    const context = () => snapshot().context;
    const inFlight = (name: CalledName) => sut.calls.inFlight[name].length;
    const stateChecks: Record<string, () => void> = {
      '#tenantStepper.steps.tenantId.login.enteringId': () => {
        expect(tenantActiveStep(snapshot())).toBe(0);
        expect(tenantOtpActor(snapshot())).toBeUndefined();
        expect(canRequestTenantOtp(snapshot())).toBe(context().id !== '');
        expect(canTenantGoNext(snapshot())).toBe(false);
        expect(['', 'DL042011', '042011']).toContain(context().id);
      },
      '#tenantStepper.steps.tenantId.login.otp': () => {
        expect(tenantOtpActor(snapshot())?.getSnapshot().value).toBe('requesting');
        const subject = context().idKind === 'id' ? 'tenant' : 'registration';
        expect(sut.calls.lastInput('requestOtp')).toEqual({ subject, id: context().id });
        expect(canTenantGoNext(snapshot())).toBe(false);
      },
      '#tenantStepper.steps.tenantId.login.loadingTenant': () => {
        expect(inFlight('loadTenant')).toBe(1);
        expect(sut.calls.lastInput('loadTenant')).toMatchObject({ id: context().id, key });
      },
      // A contested record's key loads nothing: the view shows the held change with Stop, and Logout.
      '#tenantStepper.steps.tenantId.login.heldChangeOnly': () => {
        expect(isTenantHeldChangeOnly(snapshot())).toBe(true);
        expect(context().key).toEqual(heldChangeKey);
        expect(context().tab).toBe('login');
        expect(context().notice).toBeNull();
        expect(inFlight('loadTenant')).toBe(0);
        expect(tenantActiveStep(snapshot())).toBe(0);
        expect(snapshot().matches({ session: 'anonymous' })).toBe(false);
      },
      '#tenantStepper.steps.tenantId.register.enteringId': () => {
        expect(context()).toMatchObject({ tab: 'register', idKind: 'id' });
        expect(canTenantGoNext(snapshot())).toBe(context().id !== '');
      },
      '#tenantStepper.steps.tenantId.register.checking': () => {
        expect(inFlight('checkTenant')).toBe(1);
        expect(sut.calls.lastInput('checkTenant')).toEqual({ id: 'DL042011' });
      },
      '#tenantStepper.steps.tenantId.registeredWithHeldContact': () => {
        expect(isTenantContactHeld(snapshot())).toBe(true);
        expect(context().tenant).toMatchObject({
          tenantId: '123',
          contactHeldUntil: '01 Dec 2026, 10:30 IST',
        });
        expect(tenantOtpActor(snapshot())).toBeUndefined();
        expect(canTenantGoNext(snapshot())).toBe(false);
        expect(tenantActiveStep(snapshot())).toBe(0);
      },
      '#tenantStepper.steps.tenantId.registrationOtp': () => {
        expect(tenantActiveStep(snapshot())).toBe(0);
        expect(context().notice?.text).toBe(TENANT_MESSAGES.savedPleaseLogin);
        expect(sut.calls.lastInput('requestOtp')).toEqual({ subject: 'registration', id: '123' });
        expect(tenantOtherTabsEnabled(snapshot())).toBe(context().key !== null);
      },
      '#tenantStepper.steps.details.editing': () => {
        expect(tenantActiveStep(snapshot())).toBe(1);
        expect(canTenantGoNext(snapshot())).toBe(context().tenant?.tenantId != null);
        expect(tenantOtherTabsEnabled(snapshot())).toBe(
          context().tenant?.tenantId != null && context().key !== null,
        );
      },
      '#tenantStepper.steps.completed.loadingDocuments': () => {
        expect(tenantActiveStep(snapshot())).toBe(2);
        expect(sut.calls.lastInput('listDocumentTypes')).toEqual({ tenantId: '123', key: context().key });
      },
      '#tenantStepper.steps.completed.ready': () => {
        const missing = missingTenantDocuments(snapshot());
        expect(missing.length === 0 || context().documentTypes.length < 3).toBe(true);
        if (missing.length > 0) expect(snapshot().can({ type: 'form.download' })).toBe(true);
      },
      '#tenantStepper.steps.completed.downloading': () => {
        expect(inFlight('downloadForm')).toBe(1);
      },
      '#tenantStepper.session.anonymous': () => {
        expect(context().key).toBeNull();
        expect(snapshot().can({ type: 'logout.request' })).toBe(false);
      },
      '#tenantStepper.session.loggedIn': () => {
        expect([key, heldChangeKey]).toContainEqual(context().key);
        expect(snapshot().can({ type: 'logout.request' })).toBe(true);
      },
      '#tenantStepper.session.confirmingLogout': () => {
        expect(isConfirmingTenantLogout(snapshot())).toBe(true);
      },
    };
    expect(leafKeys(tenantStepperMachine).filter((id) => !(id in stateChecks))).toEqual([]);

    const send = ({ event }: { event: { type: string } }) => sut.actor.send(event as TenantStepperEvent);
    const settle =
      (name: CalledName) =>
      ({ event }: { event: object }) =>
        sut.calls.settle(name, event as { output: unknown } | { error: unknown });
    // A 401 logs out: the wiring hears it; no other refusal does.
    const settleWatchingLogout =
      (name: 'loadTenant' | 'checkTenant') =>
      async ({ event }: { event: object }) => {
        const before = sut.emitted.length;
        await settle(name)({ event });
        const status = (event as { error: { status?: number } }).error.status;
        expect(sut.emitted.slice(before)).toEqual(
          status === 401 ? [{ type: 'session.loggedOut', reason: 'authenticationFailed' }] : [],
        );
      };
    const expectSessionExpired = () => {
      expect(tenantActiveStep(snapshot())).toBe(0);
      expect(snapshot().matches({ steps: { tenantId: 'login' } })).toBe(true);
      expect(context()).toMatchObject({ key: null, tenant: null, id: '' });
      expect(context().notice?.text).toBe(TENANT_MESSAGES.sessionExpired);
      expect(isTenantSessionExpired(snapshot())).toBe(true);
      expect(snapshot().matches({ session: 'anonymous' })).toBe(true);
    };
    // On the last step a 401 is an expired key too; any other failure stays on the step with its message.
    const settleWatchingExpiry =
      (name: 'listDocumentTypes' | 'downloadForm') =>
      async ({ event }: { event: object }) => {
        await settle(name)({ event });
        const status = (event as { error: { status?: number } }).error.status;
        if (status === 401) expectSessionExpired();
        else expect(snapshot().matches({ steps: { completed: 'ready' } })).toBe(true);
      };
    await path.test({
      events: {
        ...Object.fromEntries(Object.keys(eventFixtures).map((type) => [type, send])),
        'form.download': (step) => {
          const missing = missingTenantDocuments(snapshot()).length > 0;
          send(step);
          if (missing) expect(context().notice?.text).toBe(TENANT_MESSAGES.documentsMissing);
          expect(snapshot().matches({ steps: { completed: 'downloading' } })).toBe(!missing);
        },
        // A dead key (a 401 on one of the profile's calls) ends the session: the start, the message, no key.
        'session.expired': (step) => {
          expect(context().key).not.toBeNull();
          send(step);
          expectSessionExpired();
        },
        'logout.confirm': (step) => {
          send(step);
          expect(sut.emitted.at(-1)).toEqual({ type: 'session.loggedOut', reason: 'logout' });
          expect(tenantActiveStep(snapshot())).toBe(0);
        },
        'xstate.done.actor.otp': ({ event }) =>
          passOtp(sut, '123456', (event as unknown as { output: typeof key }).output),
        'xstate.done.actor.loadTenant': settle('loadTenant'),
        'xstate.error.actor.loadTenant': settleWatchingLogout('loadTenant'),
        'xstate.done.actor.checkTenant': settle('checkTenant'),
        'xstate.error.actor.checkTenant': settleWatchingLogout('checkTenant'),
        'xstate.done.actor.listDocumentTypes': settle('listDocumentTypes'),
        'xstate.error.actor.listDocumentTypes': settleWatchingExpiry('listDocumentTypes'),
        'xstate.done.actor.downloadForm': settle('downloadForm'),
        'xstate.error.actor.downloadForm': settleWatchingExpiry('downloadForm'),
      },
      states: checkedStates(snapshot, stateChecks, essentials),
    });
  });
});

describe('tenant stepper machine: behaviour', () => {
  async function registerNewTenant() {
    const sut = startStepper();
    sut.actor.send({ type: 'tab.select', tab: 'register' });
    sut.actor.send({ type: 'id.change', value: 'abcde 1234f' });
    sut.actor.send({ type: 'step.next' });
    await sut.calls.settle('checkTenant', { error: { status: 404 } });
    return sut;
  }

  it('upper-cases IDs without spaces, keeps only digits of a registration number, and needs one for Get OTP', () => {
    const { actor } = startStepper();
    expect(canRequestTenantOtp(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'id.change', value: 'abcde 1234f' });
    expect(actor.getSnapshot().context.id).toBe('ABCDE1234F');
    actor.send({ type: 'idKind.select', kind: 'registration' });
    expect(actor.getSnapshot().context.id).toBe('');
    actor.send({ type: 'id.change', value: 'R-00 42' });
    expect(actor.getSnapshot().context.id).toBe('0042');
    expect(canRequestTenantOtp(actor.getSnapshot())).toBe(true);
  });

  it('prefills the ID of a new tenant and keeps Next shut until the first save', async () => {
    const sut = await registerNewTenant();
    expect(sut.actor.getSnapshot().context.tenant).toEqual({ tenantId: null, epicNo: 'ABCDE1234F' });
    expect(canTenantGoNext(sut.actor.getSnapshot())).toBe(false);
    expect(tenantOtherTabsEnabled(sut.actor.getSnapshot())).toBe(false);
  });

  it('sends a newly saved tenant back to log in with the registration number, then opens the other tabs', async () => {
    const sut = await registerNewTenant();
    sut.actor.send({ type: 'tenant.saved', tenantId: '2024001' });
    expect(tenantActiveStep(sut.actor.getSnapshot())).toBe(0);
    expect(sut.actor.getSnapshot().context.notice?.text).toBe(TENANT_MESSAGES.savedPleaseLogin);
    expect(sut.calls.lastInput('requestOtp')).toEqual({ subject: 'registration', id: '2024001' });
    await passOtp(sut);
    const { context } = sut.actor.getSnapshot();
    expect(context.notice?.text).toBe(
      'OTP has been verified. You can now proceed further data entries! Registration Number: 2024001',
    );
    expect(tenantActiveStep(sut.actor.getSnapshot())).toBe(1);
    expect(tenantOtherTabsEnabled(sut.actor.getSnapshot())).toBe(true);
  });

  it.each([
    [['PHOTO', 'IDENTITYPROOF', 'SIGNATURE'], true],
    [['PHOTO', 'IDENTITYPROOF'], false],
    [['PHOTO', 'SIGNATURE', 'FORMA'], false],
    [['IDENTITYPROOF', 'SIGNATURE'], false],
  ])('with documents %j the form download starts: %s', async (types, starts) => {
    const sut = await registerNewTenant();
    sut.actor.send({ type: 'tenant.saved', tenantId: '2024001' });
    await passOtp(sut);
    sut.actor.send({ type: 'step.next' });
    await sut.calls.settle('listDocumentTypes', { output: [] });
    sut.actor.send({ type: 'documents.changed', types });
    sut.actor.send({ type: 'form.download' });
    expect(sut.calls.inFlight.downloadForm).toHaveLength(starts ? 1 : 0);
    expect(sut.actor.getSnapshot().context.notice?.text).toBe(
      starts ? TENANT_MESSAGES.registrationVerified('2024001') : TENANT_MESSAGES.documentsMissing,
    );
    sut.actor.send({ type: 'step.back' });
    expect(tenantActiveStep(sut.actor.getSnapshot())).toBe(1);
  });

  it('ends the session when the key expires on the profile, and ignores a stray expiry without a key', async () => {
    const sut = await registerNewTenant();
    sut.actor.send({ type: 'session.expired' });
    expect(tenantActiveStep(sut.actor.getSnapshot())).toBe(1);
    expect(sut.actor.getSnapshot().context.notice).toBeNull();
    sut.actor.send({ type: 'tenant.saved', tenantId: '2024001' });
    await passOtp(sut);
    expect(tenantOtherTabsEnabled(sut.actor.getSnapshot())).toBe(true);
    sut.actor.send({ type: 'session.expired' });
    const snapshot = sut.actor.getSnapshot();
    expect(tenantActiveStep(snapshot)).toBe(0);
    expect(snapshot.context).toMatchObject({ key: null, tenant: null });
    expect(snapshot.context.notice).toEqual({
      kind: 'error',
      code: 'tenant.sessionExpired',
      text: 'Your session has expired. Please login again!',
    });
    expect(snapshot.matches({ session: 'anonymous' })).toBe(true);
    // The dialog stays open for a new login: nothing is announced as a logout.
    expect(sut.emitted).toEqual([]);
    sut.actor.send({ type: 'stepper.reset' });
    expect(isTenantSessionExpired(sut.actor.getSnapshot())).toBe(false);
  });

  it('says an existing tenant must log in, and a failed check is a server error', async () => {
    for (const [outcome, text] of [
      [{ output: undefined }, TENANT_MESSAGES.alreadyExists],
      [{ error: { status: 500 } }, TENANT_MESSAGES.serverError],
    ] as const) {
      const sut = startStepper();
      sut.actor.send({ type: 'tab.select', tab: 'register' });
      sut.actor.send({ type: 'id.change', value: 'DL042011' });
      sut.actor.send({ type: 'step.next' });
      await sut.calls.settle('checkTenant', outcome);
      expect(sut.actor.getSnapshot().context.notice?.text).toBe(text);
      expect(tenantActiveStep(sut.actor.getSnapshot())).toBe(0);
    }
  });
});
