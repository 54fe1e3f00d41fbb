import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { otpAccessMachine } from '../../machines/access/otp-access.machine';
import { OTP_TEXTS } from '../../machines/access/otp-rules';
import {
  CLEARANCE_MESSAGES,
  TENANT_LOOKUP_PAUSE_MS,
  anonymousClearanceMachine,
  canApplyApplication,
  canConfirmConsent,
  canDownloadApplication,
  canResendConsent,
  consentDestinationText,
  consentReceivedAt,
  isWithdrawing,
  canGenerateApplication,
  canRequestClearanceOtp,
  clearanceKeyEnded,
  clearanceOtpActor,
  clearanceOtpNotice,
  clearanceUnitLabel,
  hasNoVacantUnits,
  isClearanceBusy,
  isAwaitingConsent,
  isClearanceVerified,
  isConfirmingConsent,
  isDownloadOffered,
  isResendingConsent,
  isGeneratingApplication,
  isLookingUpTenant,
  isSelectingMembers,
  isTenantFieldEnabled,
  tenantIdHint,
  type AnonymousClearanceEvent,
  type AnonymousClearanceInput,
  type ClearancePeople,
  type ClearanceTenant,
  type ClearanceUnit,
  type GeneratedClearance,
} from '../../machines/clearance';
import { CITIZEN_APPLICATION_MESSAGES } from '../../src/contract/citizen-applications.contract';
import { ServerCalls, citizenKey, leafKeys, sentByEmail } from './citizen-fakes';
import { machineModel, checkedStates } from './model-harness';

/*
 * Model-based test: xstate/graph walks the anonymous clearance (with its own OTP step, and with the landlord page's
 * key), and every shortest path is replayed on a real actor whose server calls are fakes settled by hand and whose
 * tenant-lookup pause runs on a simulated clock.
 */

type Snapshot = SnapshotFrom<typeof anonymousClearanceMachine>;
type EventFixtures = {
  [K in AnonymousClearanceEvent['type']]: Array<Extract<AnonymousClearanceEvent, { type: K }>>;
};

const EPIC = 'ABC1234567';
const TENANT_ID = 'DL0420110012345';
const key = citizenKey({ landlordId: 7 });
const units: ClearanceUnit[] = [
  {
    rentcode: 'RU000000001',
    houseNo: 'H-1',
    floorNo: null,
    address1: 'Laitumkhrah',
    address2: null,
    wardName: 'Ward 1',
  },
];
const tenant: ClearanceTenant = { id: 3, name: 'Ka Syiem' };
const people: ClearancePeople = {
  familyMembers: [{ memberCode: 5, memberName: 'Ka Syiem Jr', relationship: 'Son' }],
  helpers: [{ memberCode: 9, memberName: 'Bah Kyn' }],
};
/** Generate's reply: the tenant's consent pending, no people, the code's destination masked. */
const generated: GeneratedClearance = {
  applid: 41,
  familyMembers: [],
  helpers: [],
  tenantConsent: 'pending',
  consentCodeSentTo: 'email k•••@example.com',
  tenantConsentedAt: null,
};
const CONSENTED_AT = '2026-11-27T08:35:00.000Z';
/** The confirmed consent: the people, and when. */
const given = { ...people, tenantConsentedAt: CONSENTED_AT };
/** A repeated Generate of an application the tenant already consented to. */
const consented: GeneratedClearance = {
  ...generated,
  ...people,
  tenantConsent: 'given',
  consentCodeSentTo: null,
  tenantConsentedAt: '2026-11-26T05:00:00.000Z',
};
const REPLACED = CITIZEN_APPLICATION_MESSAGES.consentCodeReplaced;
const PAUSE = 'xstate.after.tenantLookupPause.anonymousClearance.verified.form.choosing.pausing';

/** A fixture for every event type: a new event without one fails to compile. */
const eventFixtures = {
  'epic.change': [
    { type: 'epic.change', value: 'abc1234567' },
    { type: 'epic.change', value: 'ABC12' },
  ],
  'otp.request': [{ type: 'otp.request' }],
  'units.reload': [{ type: 'units.reload' }],
  'unit.select': [
    { type: 'unit.select', rentcode: 'RU000000001' },
    { type: 'unit.select', rentcode: null },
  ],
  'tenant.change': [
    { type: 'tenant.change', value: 'dl0420110012345' },
    { type: 'tenant.change', value: 'DL04' },
  ],
  generate: [{ type: 'generate' }],
  'consent.change': [
    { type: 'consent.change', value: '12 34 56' },
    { type: 'consent.change', value: '12' },
  ],
  'consent.confirm': [{ type: 'consent.confirm' }],
  'consent.resend': [{ type: 'consent.resend' }],
  'member.toggle': [{ type: 'member.toggle', memberCode: 5 }],
  'helper.toggle': [{ type: 'helper.toggle', memberCode: 9 }],
  apply: [{ type: 'apply' }],
  download: [{ type: 'download' }],
  reset: [{ type: 'reset' }],
} satisfies EventFixtures;

const outcomeFixtures = {
  'xstate.done.actor.otp': [{ type: 'xstate.done.actor.otp', output: key }],
  'xstate.done.actor.loadVacantUnits': [
    { type: 'xstate.done.actor.loadVacantUnits', output: units },
    { type: 'xstate.done.actor.loadVacantUnits', output: [] },
  ],
  'xstate.error.actor.loadVacantUnits': [
    { type: 'xstate.error.actor.loadVacantUnits', error: { status: 401 } },
    { type: 'xstate.error.actor.loadVacantUnits', error: { status: 500, message: 'Database down' } },
  ],
  [PAUSE]: [{ type: PAUSE }],
  'xstate.done.actor.findTenant': [{ type: 'xstate.done.actor.findTenant', output: tenant }],
  'xstate.error.actor.findTenant': [
    { type: 'xstate.error.actor.findTenant', error: { status: 404, message: 'Tenant does not exist!' } },
    { type: 'xstate.error.actor.findTenant', error: { status: 500, message: 'Database down' } },
    { type: 'xstate.error.actor.findTenant', error: { status: 401 } },
  ],
  'xstate.done.actor.generateApplication': [
    { type: 'xstate.done.actor.generateApplication', output: generated },
    { type: 'xstate.done.actor.generateApplication', output: consented },
  ],
  'xstate.error.actor.generateApplication': [
    { type: 'xstate.error.actor.generateApplication', error: { status: 409, message: 'Not vacant.' } },
    { type: 'xstate.error.actor.generateApplication', error: { status: 401 } },
  ],
  'xstate.done.actor.confirmConsent': [{ type: 'xstate.done.actor.confirmConsent', output: given }],
  'xstate.error.actor.confirmConsent': [
    {
      type: 'xstate.error.actor.confirmConsent',
      error: { status: 400, message: 'This code is not right. 4 tries left.' },
    },
    {
      type: 'xstate.error.actor.confirmConsent',
      error: { status: 409, message: REPLACED },
    },
    { type: 'xstate.error.actor.confirmConsent', error: { status: 401 } },
  ],
  'xstate.done.actor.resendConsent': [
    { type: 'xstate.done.actor.resendConsent', output: { consentCodeSentTo: 'mobile ••••••1234' } },
  ],
  'xstate.error.actor.resendConsent': [
    { type: 'xstate.error.actor.resendConsent', error: { status: 429, message: 'Too many codes.' } },
    { type: 'xstate.error.actor.resendConsent', error: { status: 401 } },
  ],
  'xstate.done.actor.withdrawApplication': [
    { type: 'xstate.done.actor.withdrawApplication', output: undefined },
  ],
  'xstate.error.actor.withdrawApplication': [
    { type: 'xstate.error.actor.withdrawApplication', error: { status: 409, message: 'Already forwarded.' } },
    { type: 'xstate.error.actor.withdrawApplication', error: { status: 401 } },
  ],
  'xstate.done.actor.applyApplication': [{ type: 'xstate.done.actor.applyApplication', output: undefined }],
  'xstate.error.actor.applyApplication': [
    { type: 'xstate.error.actor.applyApplication', error: { status: 409, message: 'Already applied.' } },
    { type: 'xstate.error.actor.applyApplication', error: { status: 401 } },
  ],
  'xstate.done.actor.downloadApplication': [
    { type: 'xstate.done.actor.downloadApplication', output: undefined },
  ],
  'xstate.error.actor.downloadApplication': [
    { type: 'xstate.error.actor.downloadApplication', error: {} },
    { type: 'xstate.error.actor.downloadApplication', error: { status: 401 } },
  ],
};
type OutcomeEvent = (typeof outcomeFixtures)[keyof typeof outcomeFixtures][number];
type ModelEvent = AnonymousClearanceEvent | OutcomeEvent;
const allEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...Object.values(outcomeFixtures).flat(),
];

const calledNames = [
  'requestOtp',
  'verifyOtp',
  'loadVacantUnits',
  'findTenant',
  'generateApplication',
  'confirmConsent',
  'resendConsent',
  'withdrawApplication',
  'applyApplication',
  'downloadApplication',
] as const;
type CallName = (typeof calledNames)[number];

function startClearance(input: AnonymousClearanceInput = { key: null }) {
  const calls = new ServerCalls(calledNames);
  const machine = anonymousClearanceMachine.provide({
    actors: {
      otpAccess: otpAccessMachine.provide({
        actors: {
          requestOtp: fromPromise(({ input, signal }) => calls.wait('requestOtp', input, signal)),
          verifyOtp: fromPromise(({ input, signal }) => calls.wait('verifyOtp', input, signal)),
        },
      }),
      loadVacantUnits: fromPromise(({ input, signal }) => calls.wait('loadVacantUnits', input, signal)),
      findTenant: fromPromise(({ input, signal }) => calls.wait('findTenant', input, signal)),
      generateApplication: fromPromise(({ input, signal }) =>
        calls.wait('generateApplication', input, signal),
      ),
      confirmConsent: fromPromise(({ input, signal }) => calls.wait('confirmConsent', input, signal)),
      resendConsent: fromPromise(({ input, signal }) => calls.wait('resendConsent', input, signal)),
      withdrawApplication: fromPromise(({ input, signal }) =>
        calls.wait('withdrawApplication', input, signal),
      ),
      applyApplication: fromPromise(({ input, signal }) => calls.wait('applyApplication', input, signal)),
      downloadApplication: fromPromise(({ input, signal }) =>
        calls.wait('downloadApplication', input, signal),
      ),
    },
  });
  const clock = new SimulatedClock();
  return { actor: createActor(machine, { clock, input }).start(), calls, clock };
}
type Clearance = ReturnType<typeof startClearance>;

async function passOtp(sut: Clearance): Promise<void> {
  const child = clearanceOtpActor(sut.actor.getSnapshot());
  expect(child).toBeDefined();
  await sut.calls.settle('requestOtp', { output: sentByEmail });
  // The clearance tab's Verify takes a code of 5 characters (spec section 5).
  child?.send({ type: 'otp.change', value: '12345' });
  child?.send({ type: 'otp.verify' });
  await sut.calls.settle('verifyOtp', { output: key });
}

/** What each leaf state must show; every leaf of the machine needs one. */
function stateChecks(sut: Clearance): Record<string, () => void> {
  const snapshot = () => sut.actor.getSnapshot();
  const context = () => snapshot().context;
  const inFlight = (name: CallName) => sut.calls.inFlight[name].length;
  return {
    '#anonymousClearance.enteringEpic': () => {
      expect(clearanceOtpActor(snapshot())).toBeUndefined();
      expect(canRequestClearanceOtp(snapshot())).toBe(context().epic.length >= 8);
      expect(isClearanceVerified(snapshot())).toBe(false);
      expect(context().key).toBeNull();
    },
    '#anonymousClearance.otp': () => {
      expect(clearanceOtpActor(snapshot())).toBeDefined();
      expect(sut.calls.lastInput('requestOtp')).toEqual({ subject: 'landlord', id: EPIC });
    },
    '#anonymousClearance.ended': () => {
      expect(clearanceKeyEnded(snapshot())).toBe(true);
    },
    '#anonymousClearance.verified.form.loadingUnits': () => {
      expect(isClearanceBusy(snapshot())).toBe(true);
      expect(inFlight('loadVacantUnits')).toBe(1);
      expect(sut.calls.lastInput('loadVacantUnits')).toEqual({ key });
      expect(context()).toMatchObject({ rentcode: null, tenant: null, application: null });
    },
    '#anonymousClearance.verified.form.noUnits': () => {
      expect(hasNoVacantUnits(snapshot())).toBe(true);
      expect(isTenantFieldEnabled(snapshot())).toBe(false);
    },
    '#anonymousClearance.verified.form.loadFailed': () => {
      // The server's reason, unless a failed download said its own since.
      expect(context().notice?.text).toMatch(/^(Database down|Error in Server)$/);
    },
    '#anonymousClearance.verified.form.choosing.noTenant': () => {
      expect(context().units).toEqual(units);
      expect(isTenantFieldEnabled(snapshot())).toBe(context().rentcode !== null);
      expect(canGenerateApplication(snapshot())).toBe(false);
      expect(tenantIdHint(snapshot())).toBe(
        context().tenantIdNumber === '' ? null : "Type at least 8 characters of the tenant's ID.",
      );
    },
    '#anonymousClearance.verified.form.choosing.pausing': () => {
      expect(isLookingUpTenant(snapshot())).toBe(true);
      expect(inFlight('findTenant')).toBe(0);
    },
    '#anonymousClearance.verified.form.choosing.lookingUp': () => {
      expect(isLookingUpTenant(snapshot())).toBe(true);
      expect(sut.calls.lastInput('findTenant')).toEqual({ key, idNumber: TENANT_ID });
    },
    '#anonymousClearance.verified.form.choosing.found': () => {
      expect(context().tenant).toEqual(tenant);
      expect(canGenerateApplication(snapshot())).toBe(true);
    },
    '#anonymousClearance.verified.form.choosing.notFound': () => {
      expect(context().tenantError).toMatch(/^(Tenant does not exist!|Database down)$/);
      expect(canGenerateApplication(snapshot())).toBe(false);
    },
    '#anonymousClearance.verified.form.generating': () => {
      expect(isClearanceBusy(snapshot())).toBe(true);
      expect(sut.calls.lastInput('generateApplication')).toEqual({
        key,
        rentcode: 'RU000000001',
        tenantId: 3,
      });
    },
    '#anonymousClearance.verified.form.consenting.entering': () => {
      expect(isAwaitingConsent(snapshot())).toBe(true);
      expect(isSelectingMembers(snapshot())).toBe(false);
      expect(context().application).toMatchObject({ applid: 41, familyMembers: [], helpers: [] });
      expect(consentDestinationText(snapshot())).toMatch(
        /^A code was sent to the tenant's (email k•••@example\.com|mobile ••••••1234)\./,
      );
      expect(canConfirmConsent(snapshot())).toBe(/^\d{6}$/.test(context().consentCode));
      expect(canResendConsent(snapshot())).toBe(true);
      expect(canApplyApplication(snapshot())).toBe(false);
    },
    '#anonymousClearance.verified.form.consenting.confirming': () => {
      expect(isClearanceBusy(snapshot())).toBe(true);
      expect(isConfirmingConsent(snapshot())).toBe(true);
      expect(sut.calls.lastInput('confirmConsent')).toEqual({ key, applid: 41, code: '123456' });
    },
    '#anonymousClearance.verified.form.consenting.resending': () => {
      expect(isResendingConsent(snapshot())).toBe(true);
      expect(canConfirmConsent(snapshot())).toBe(false);
      expect(sut.calls.lastInput('resendConsent')).toEqual({ key, applid: 41 });
    },
    '#anonymousClearance.verified.form.withdrawing': () => {
      expect(isClearanceBusy(snapshot())).toBe(true);
      expect(isWithdrawing(snapshot())).toBe(true);
      expect(isAwaitingConsent(snapshot())).toBe(true);
      expect(canConfirmConsent(snapshot())).toBe(false);
      expect(sut.calls.lastInput('withdrawApplication')).toEqual({ key, applid: 41 });
    },
    '#anonymousClearance.verified.form.selecting': () => {
      expect(isSelectingMembers(snapshot())).toBe(true);
      expect(isWithdrawing(snapshot())).toBe(false);
      expect(context().application).toMatchObject({ applid: 41, tenantConsent: 'given', ...people });
      expect(consentReceivedAt(snapshot())).toMatch(/^2026-11-2[67]T/);
      expect(consentReceivedAt(snapshot())).toBe(context().application?.tenantConsentedAt);
      expect(canApplyApplication(snapshot())).toBe(true);
    },
    '#anonymousClearance.verified.form.applying': () => {
      expect(isClearanceBusy(snapshot())).toBe(true);
      expect(sut.calls.lastInput('applyApplication')).toEqual({
        key,
        applid: 41,
        memberCodes: context().memberCodes,
        helperCodes: context().helperCodes,
      });
    },
    '#anonymousClearance.verified.download.unavailable': () => {
      expect(context().appliedApplid).toBeNull();
      expect(isDownloadOffered(snapshot())).toBe(false);
    },
    '#anonymousClearance.verified.download.available': () => {
      expect(context().appliedApplid).toBe(41);
      expect(canDownloadApplication(snapshot())).toBe(true);
    },
    '#anonymousClearance.verified.download.downloading': () => {
      expect(isDownloadOffered(snapshot())).toBe(true);
      expect(canDownloadApplication(snapshot())).toBe(false);
      expect(sut.calls.lastInput('downloadApplication')).toEqual({ key, applid: 41 });
    },
  };
}

function replayEvents(sut: Clearance) {
  const send = ({ event }: { event: { type: string } }) => sut.actor.send(event as AnonymousClearanceEvent);
  const settle =
    (name: CallName) =>
    async ({ event }: { event: object }) => {
      await sut.calls.settle(name, event as { output: unknown } | { error: unknown });
      const error = (event as { error?: { status?: number } }).error;
      if (error?.status === 401 && sut.actor.getSnapshot().status === 'active') {
        expect(sut.actor.getSnapshot().context.notice?.text).toBe(CLEARANCE_MESSAGES.keyEnded);
      }
    };
  const calls = [
    'loadVacantUnits',
    'findTenant',
    'generateApplication',
    'confirmConsent',
    'resendConsent',
    'withdrawApplication',
    'applyApplication',
    'downloadApplication',
  ];
  return {
    ...Object.fromEntries(Object.keys(eventFixtures).map((type) => [type, send])),
    'xstate.done.actor.otp': () => passOtp(sut),
    [PAUSE]: async () => {
      // One millisecond short of the pause asks nothing.
      sut.clock.increment(TENANT_LOOKUP_PAUSE_MS - 1);
      expect(sut.calls.inFlight.findTenant).toHaveLength(0);
      sut.clock.increment(1);
      await Promise.resolve();
    },
    ...Object.fromEntries(
      calls.flatMap((name) => [
        [`xstate.done.actor.${name}`, settle(name as CallName)],
        [`xstate.error.actor.${name}`, settle(name as CallName)],
      ]),
    ),
  };
}

describe.each([
  ['with its own OTP step', { key: null }],
  ['with the landlord page’s key', { key }],
] as const)('anonymous clearance %s: model-based paths', (_name, input: AnonymousClearanceInput) => {
  const model = machineModel<Snapshot, ModelEvent>(anonymousClearanceMachine, allEvents, { input });
  const paths = model.getShortestPaths();

  it('reaches every leaf state it can and uses every event type it can', () => {
    const ownOtp = input.key === null;
    // With the page's key the EPIC and OTP steps never show; with its own OTP step the key never ends the machine.
    const unreachable = ownOtp
      ? ['#anonymousClearance.ended']
      : ['#anonymousClearance.enteringEpic', '#anonymousClearance.otp'];
    const reached = new Set(
      paths.flatMap((p) => p.steps.flatMap((s) => s.state._nodes.map((n) => `#${n.id}`))),
    );
    expect(leafKeys(anonymousClearanceMachine).filter((id) => !reached.has(id))).toEqual(unreachable);
    const notSent = ownOtp ? [] : ['epic.change', 'otp.request', 'xstate.done.actor.otp'];
    const types = [...Object.keys(eventFixtures), ...Object.keys(outcomeFixtures)].filter(
      (t) => !notSent.includes(t),
    );
    const used = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    expect(types.filter((t) => !used.has(t))).toEqual([]);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const sut = startClearance(input);
    const checks = stateChecks(sut);
    expect(leafKeys(anonymousClearanceMachine).filter((id) => !(id in checks))).toEqual([]);
    await path.test({
      events: replayEvents(sut),
      states: checkedStates(() => sut.actor.getSnapshot(), checks),
    });
  });
});

describe('anonymous clearance: behaviour', () => {
  it('says the clearance’s words for an unknown EPIC and a refused code, chosen by the code, not the words', () => {
    expect(
      clearanceOtpNotice({ kind: 'error', code: 'otp.noLandlord', text: OTP_TEXTS.noLandlord })?.text,
    ).toBe('Landlord epic number does not exist');
    expect(
      clearanceOtpNotice({ kind: 'error', code: 'otp.codeRefused', text: OTP_TEXTS.refused })?.text,
    ).toBe('Invalid OTP! If it keeps failing, please request a new OTP.');
    // The same words under another code are not the clearance's to rename.
    expect(
      clearanceOtpNotice({ kind: 'error', code: 'otp.verifyFailed', text: OTP_TEXTS.wrongCode })?.text,
    ).toBe(OTP_TEXTS.wrongCode);
    expect(clearanceOtpNotice({ kind: 'info', code: 'otp.sentBySms', text: 'OTP sent' })?.text).toBe(
      'OTP sent',
    );
  });

  it('labels a unit by house, address and ward', () => {
    expect(clearanceUnitLabel(units[0])).toBe('H-1 · Laitumkhrah · Ward 1');
  });

  it('asks for the tenant once typing pauses, and only for the last ID typed', async () => {
    const sut = startClearance({ key });
    await sut.calls.settle('loadVacantUnits', { output: units });
    sut.actor.send({ type: 'tenant.change', value: TENANT_ID });
    expect(isTenantFieldEnabled(sut.actor.getSnapshot())).toBe(false);
    expect(sut.actor.getSnapshot().context.tenantIdNumber).toBe('');
    sut.actor.send({ type: 'unit.select', rentcode: 'RU000000001' });
    sut.actor.send({ type: 'tenant.change', value: 'DL0420110012' });
    sut.clock.increment(TENANT_LOOKUP_PAUSE_MS - 100);
    sut.actor.send({ type: 'tenant.change', value: TENANT_ID });
    sut.clock.increment(TENANT_LOOKUP_PAUSE_MS - 1);
    expect(sut.calls.inputs.findTenant).toEqual([]);
    sut.clock.increment(1);
    expect(sut.calls.inputs.findTenant).toEqual([{ key, idNumber: TENANT_ID }]);
  });

  async function awaitingConsent(input: AnonymousClearanceInput = { key }): Promise<Clearance> {
    const sut = startClearance(input);
    if (input.key === null) {
      sut.actor.send({ type: 'epic.change', value: EPIC });
      sut.actor.send({ type: 'otp.request' });
      await passOtp(sut);
    }
    await unitAndTenantChosen(sut);
    sut.actor.send({ type: 'generate' });
    await sut.calls.settle('generateApplication', { output: generated });
    return sut;
  }

  /** The units loaded, the first chosen, the tenant typed and found: Generate is next. */
  async function unitAndTenantChosen(sut: Clearance): Promise<void> {
    await sut.calls.settle('loadVacantUnits', { output: units });
    sut.actor.send({ type: 'unit.select', rentcode: 'RU000000001' });
    sut.actor.send({ type: 'tenant.change', value: TENANT_ID });
    sut.clock.increment(TENANT_LOOKUP_PAUSE_MS);
    await sut.calls.settle('findTenant', { output: tenant });
  }

  it('applies, offers the download, and starts the form again on the units still vacant', async () => {
    const sut = await awaitingConsent();
    expect(isAwaitingConsent(sut.actor.getSnapshot())).toBe(true);
    sut.actor.send({ type: 'consent.change', value: '123456' });
    sut.actor.send({ type: 'consent.confirm' });
    await sut.calls.settle('confirmConsent', { output: given });
    expect(sut.actor.getSnapshot().context).toMatchObject({ memberCodes: [5], helperCodes: [9] });
    expect(consentReceivedAt(sut.actor.getSnapshot())).toBe(CONSENTED_AT);
    sut.actor.send({ type: 'member.toggle', memberCode: 5 });
    sut.actor.send({ type: 'apply' });
    expect(sut.calls.lastInput('applyApplication')).toEqual({
      key,
      applid: 41,
      memberCodes: [],
      helperCodes: [9],
    });
    await sut.calls.settle('applyApplication', { output: undefined });
    const after = sut.actor.getSnapshot();
    expect(after.context.notice).toEqual({
      kind: 'success',
      code: 'clearance.applied',
      text: CLEARANCE_MESSAGES.applied,
    });
    expect(after.context).toMatchObject({
      rentcode: null,
      tenantIdNumber: '',
      tenant: null,
      application: null,
    });
    expect(isDownloadOffered(after)).toBe(true);
    await sut.calls.settle('loadVacantUnits', { output: [] });
    expect(hasNoVacantUnits(sut.actor.getSnapshot())).toBe(true);
    expect(canDownloadApplication(sut.actor.getSnapshot())).toBe(true);
  });

  it('says Error in applying..! with the server’s reason, and keeps the selection', async () => {
    const sut = startClearance({ key });
    await sut.calls.settle('loadVacantUnits', { output: units });
    sut.actor.send({ type: 'unit.select', rentcode: 'RU000000001' });
    sut.actor.send({ type: 'tenant.change', value: TENANT_ID });
    sut.clock.increment(TENANT_LOOKUP_PAUSE_MS);
    await sut.calls.settle('findTenant', { output: tenant });
    sut.actor.send({ type: 'generate' });
    await sut.calls.settle('generateApplication', { output: consented });
    sut.actor.send({ type: 'apply' });
    await sut.calls.settle('applyApplication', { error: { status: 409, message: 'Already applied.' } });
    expect(sut.actor.getSnapshot().context.notice?.text).toBe('Error in applying..! Already applied.');
    expect(isSelectingMembers(sut.actor.getSnapshot())).toBe(true);
  });

  it('asks for the tenant’s consent: a wrong code says the tries left and clears the field; Resend says where', async () => {
    const sut = await awaitingConsent();
    sut.actor.send({ type: 'consent.change', value: '12a45' });
    expect(sut.actor.getSnapshot().context.consentCode).toBe('1245');
    expect(canConfirmConsent(sut.actor.getSnapshot())).toBe(false);
    sut.actor.send({ type: 'consent.change', value: '124567' });
    sut.actor.send({ type: 'consent.confirm' });
    await sut.calls.settle('confirmConsent', {
      error: { status: 400, message: 'This code is not right. 4 tries left.' },
    });
    expect(sut.actor.getSnapshot().context).toMatchObject({
      consentCode: '',
      notice: {
        kind: 'error',
        code: 'clearance.consentFailed',
        text: 'This code is not right. 4 tries left.',
      },
    });
    sut.actor.send({ type: 'consent.resend' });
    await sut.calls.settle('resendConsent', { output: { consentCodeSentTo: 'mobile ••••••1234' } });
    expect(sut.actor.getSnapshot().context.notice?.text).toBe(CLEARANCE_MESSAGES.consentResent);
    expect(consentDestinationText(sut.actor.getSnapshot())).toContain('mobile ••••••1234');
    // The first code again, after the resend: the server's words say it was replaced.
    sut.actor.send({ type: 'consent.change', value: '124567' });
    sut.actor.send({ type: 'consent.confirm' });
    await sut.calls.settle('confirmConsent', { error: { status: 409, message: REPLACED } });
    expect(sut.actor.getSnapshot().context).toMatchObject({
      consentCode: '',
      notice: { kind: 'error', code: 'clearance.consentFailed', text: REPLACED },
    });
    expect(isAwaitingConsent(sut.actor.getSnapshot())).toBe(true);
  });

  it('withdraws the application on Reset during the consent step, then starts again on the units (freed one too)', async () => {
    const sut = await awaitingConsent();
    sut.actor.send({ type: 'consent.change', value: '12' });
    sut.actor.send({ type: 'reset' });
    expect(isWithdrawing(sut.actor.getSnapshot())).toBe(true);
    expect(sut.calls.inputs.withdrawApplication).toEqual([{ key, applid: 41 }]);
    await sut.calls.settle('withdrawApplication', { output: undefined });
    const after = sut.actor.getSnapshot();
    expect(after.context).toMatchObject({
      application: null,
      rentcode: null,
      consentCode: '',
      notice: { kind: 'success', code: 'clearance.withdrawn', text: CLEARANCE_MESSAGES.withdrawn },
    });
    // The units are asked again: the one the application held is vacant again.
    expect(sut.calls.inputs.loadVacantUnits).toHaveLength(2);
  });

  it('keeps the consent step, saying why, when the withdraw is refused; with its own OTP the EPIC step follows a withdraw', async () => {
    const refused = await awaitingConsent();
    refused.actor.send({ type: 'reset' });
    await refused.calls.settle('withdrawApplication', {
      error: { status: 409, message: 'Already forwarded.' },
    });
    expect(isAwaitingConsent(refused.actor.getSnapshot())).toBe(true);
    expect(isWithdrawing(refused.actor.getSnapshot())).toBe(false);
    expect(refused.actor.getSnapshot().context.notice?.text).toBe(
      `${CLEARANCE_MESSAGES.withdrawFailed} Already forwarded.`,
    );
    expect(refused.actor.getSnapshot().context.application?.applid).toBe(41);

    const own = await awaitingConsent({ key: null });
    own.actor.send({ type: 'reset' });
    await own.calls.settle('withdrawApplication', { output: undefined });
    expect(own.actor.getSnapshot().matches('enteringEpic')).toBe(true);
    expect(own.actor.getSnapshot().context.notice?.text).toBe(CLEARANCE_MESSAGES.withdrawn);
  });

  it('lets a Generate in flight finish before a Reset counts, so its application is not left holding the unit', async () => {
    const sut = await awaitingConsent();
    sut.actor.send({ type: 'reset' });
    await sut.calls.settle('withdrawApplication', { output: undefined });
    await unitAndTenantChosen(sut);
    sut.actor.send({ type: 'generate' });
    expect(sut.actor.getSnapshot().can({ type: 'reset' })).toBe(false);
    sut.actor.send({ type: 'reset' });
    expect(isGeneratingApplication(sut.actor.getSnapshot())).toBe(true);
    await sut.calls.settle('generateApplication', { output: generated });
    expect(isAwaitingConsent(sut.actor.getSnapshot())).toBe(true);
    sut.actor.send({ type: 'reset' });
    expect(sut.calls.inputs.withdrawApplication).toEqual([
      { key, applid: 41 },
      { key, applid: 41 },
    ]);
  });

  it('does not withdraw on Reset before Generate or after the consent (the members step)', async () => {
    const sut = await awaitingConsent();
    sut.actor.send({ type: 'consent.change', value: '123456' });
    sut.actor.send({ type: 'consent.confirm' });
    await sut.calls.settle('confirmConsent', { output: given });
    sut.actor.send({ type: 'reset' });
    expect(sut.calls.inputs.withdrawApplication).toEqual([]);
    expect(sut.actor.getSnapshot().context.application).toBeNull();
  });
});
