import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import {
  TENANT_APPLICATION_MESSAGES,
  completedPageFailed,
  isApplicationApplied,
  isApplicationPicked,
  isAwaitingOfficeConsent,
  isConfirmingOfficeConsent,
  isCreateFormOpen,
  isDownloadingApplication,
  isLookingUpOfficeTenant,
  isPanelBusy,
  isPanelLoading,
  isResendingOfficeConsent,
  isSelectionDialogOpen,
  isTurningCompletedPage,
  isWithdrawingOfficeConsent,
  mayRecommend,
  officeConsentDestinationText,
  officeTenantHint,
  openedApplicationRow,
  panelLoadFailed,
  panelNotice,
  tenantApplicationMachine,
  type AppliedOfficeApplication,
  type CompletedApplicationsPage,
  type OfficeApplicationRow,
  type OpenedApplication,
  type TenantApplicationEvent,
  type TenantApplicationInput,
  type TenantApplicationLists,
} from '../../machines/clearance';
import { ServerCalls, leafKeys } from './citizen-fakes';
import { checkedStates, expectFullCoverage, machineModel } from './model-harness';

/*
 * Model-based test: xstate/graph walks the Tenant Applications machine for a ward MODERATOR entering at the office
 * with a tenant chosen beforehand, and for a USER typing the tenant; every shortest path is replayed on a real actor
 * whose server calls are fakes settled by hand.
 */

const TENANT_ID = 'DL0420110012345';
const tenant = { id: 3, name: 'Ka Syiem' };
const row = (applid: number, rentcode: string): OfficeApplicationRow => ({
  applid,
  rentcode,
  tenantid: 3,
  tenantname: 'Ka Syiem',
  landlordname: 'Bah Lyngdoh',
  rentaladdress: 'H-2 · Laitumkhrah',
});
const completedPage0: CompletedApplicationsPage = {
  rows: [row(30, 'RU000000003')],
  pageNumber: 0,
  totalPages: 2,
};
const completedPage1: CompletedApplicationsPage = {
  rows: [row(29, 'RU000000004')],
  pageNumber: 1,
  totalPages: 2,
};
const lists: TenantApplicationLists = {
  vacantUnits: [{ rentcode: 'RU000000001', label: 'H-1 · Laitumkhrah · Ward 1' }],
  incomplete: [row(41, 'RU000000002')],
  completed: completedPage0,
};
const family = {
  familyMembers: [{ memberCode: 5, memberName: 'Ka Syiem Jr', relationship: 'Son' }],
  helpers: [{ memberCode: 9, memberName: 'Bah Kyn' }],
};
const opened: OpenedApplication = { applid: 41, ...family };
const created: OpenedApplication = { applid: 42, ...family };
/** A tenant the official does not reach: the reply names nobody until the tenant's code is confirmed. */
const createdPending: OpenedApplication = {
  applid: 42,
  familyMembers: [],
  helpers: [],
  tenantReached: false,
  tenantConsent: 'pending',
  consentCodeSentTo: 'mobile ••••••1234',
};
/** An incomplete application picked from the list whose tenant has not given its code yet. */
const openedPending: OpenedApplication = { ...createdPending, applid: 41 };
const consented = { message: 'The tenant has given consent.', ...family };
const applied: AppliedOfficeApplication = { applid: 41, message: 'Application applied successfully!' };

type Snapshot = SnapshotFrom<typeof tenantApplicationMachine>;
type EventFixtures = {
  [K in TenantApplicationEvent['type']]: Array<Extract<TenantApplicationEvent, { type: K }>>;
};

/** A fixture for every event type: a new event without one fails to compile. */
const eventFixtures = {
  retry: [{ type: 'retry' }],
  'completed.page': [
    { type: 'completed.page', page: 1 },
    { type: 'completed.page', page: 0 },
  ],
  'create.open': [{ type: 'create.open' }],
  'unit.select': [
    { type: 'unit.select', rentcode: 'RU000000001' },
    { type: 'unit.select', rentcode: null },
  ],
  'tenant.change': [
    { type: 'tenant.change', value: 'dl0420110012345' },
    { type: 'tenant.change', value: 'DL04' },
  ],
  'tenant.find': [{ type: 'tenant.find' }],
  'create.submit': [{ type: 'create.submit' }],
  'incomplete.open': [{ type: 'incomplete.open' }],
  'application.pick': [
    { type: 'application.pick', applid: 41 },
    { type: 'application.pick', applid: 999 },
  ],
  'member.toggle': [{ type: 'member.toggle', memberCode: 5 }],
  'helper.toggle': [{ type: 'helper.toggle', memberCode: 9 }],
  'recommendation.choose': [
    { type: 'recommendation.choose', choice: 'approval' },
    { type: 'recommendation.choose', choice: 'rejection' },
  ],
  'remarks.change': [
    { type: 'remarks.change', value: 'Tenant unknown to the ward' },
    { type: 'remarks.change', value: '  ' },
  ],
  'consent.change': [
    { type: 'consent.change', value: '12a3456' },
    { type: 'consent.change', value: '12' },
  ],
  'consent.confirm': [{ type: 'consent.confirm' }],
  'consent.resend': [{ type: 'consent.resend' }],
  'consent.reset': [{ type: 'consent.reset' }],
  apply: [{ type: 'apply' }],
  download: [{ type: 'download' }],
  'dialog.close': [{ type: 'dialog.close' }],
} satisfies EventFixtures;

const serverDown = { status: 500, message: 'Database down' };
const outcomeFixtures = {
  'xstate.done.actor.loadLists': [{ type: 'xstate.done.actor.loadLists', output: lists }],
  'xstate.error.actor.loadLists': [{ type: 'xstate.error.actor.loadLists', error: serverDown }],
  'xstate.done.actor.loadCompletedPage': [
    { type: 'xstate.done.actor.loadCompletedPage', output: completedPage1 },
    { type: 'xstate.done.actor.loadCompletedPage', output: completedPage0 },
  ],
  'xstate.error.actor.loadCompletedPage': [{ type: 'xstate.error.actor.loadCompletedPage', error: {} }],
  'xstate.done.actor.findTenant': [{ type: 'xstate.done.actor.findTenant', output: tenant }],
  'xstate.error.actor.findTenant': [
    { type: 'xstate.error.actor.findTenant', error: { status: 404, message: 'Tenant does not exist!' } },
    { type: 'xstate.error.actor.findTenant', error: serverDown },
  ],
  'xstate.done.actor.saveApplication': [
    { type: 'xstate.done.actor.saveApplication', output: created },
    { type: 'xstate.done.actor.saveApplication', output: createdPending },
  ],
  'xstate.error.actor.saveApplication': [
    { type: 'xstate.error.actor.saveApplication', error: { status: 409, message: 'Not vacant.' } },
  ],
  'xstate.done.actor.readApplication': [
    { type: 'xstate.done.actor.readApplication', output: opened },
    { type: 'xstate.done.actor.readApplication', output: openedPending },
  ],
  'xstate.error.actor.readApplication': [{ type: 'xstate.error.actor.readApplication', error: serverDown }],
  'xstate.done.actor.confirmConsent': [{ type: 'xstate.done.actor.confirmConsent', output: consented }],
  'xstate.error.actor.confirmConsent': [
    {
      type: 'xstate.error.actor.confirmConsent',
      error: { status: 400, message: 'This code is not right. 4 tries left.' },
    },
  ],
  'xstate.done.actor.resendConsent': [
    { type: 'xstate.done.actor.resendConsent', output: { consentCodeSentTo: 'mobile ••••••9876' } },
  ],
  'xstate.error.actor.resendConsent': [
    { type: 'xstate.error.actor.resendConsent', error: { status: 429, message: 'Too many codes.' } },
  ],
  'xstate.done.actor.withdrawApplication': [
    { type: 'xstate.done.actor.withdrawApplication', output: undefined },
  ],
  'xstate.error.actor.withdrawApplication': [
    { type: 'xstate.error.actor.withdrawApplication', error: { status: 409, message: 'Consent given.' } },
  ],
  'xstate.done.actor.applyApplication': [{ type: 'xstate.done.actor.applyApplication', output: applied }],
  'xstate.error.actor.applyApplication': [
    { type: 'xstate.error.actor.applyApplication', error: { status: 403, message: 'Only the ward.' } },
  ],
  'xstate.done.actor.downloadApplication': [
    { type: 'xstate.done.actor.downloadApplication', output: undefined },
  ],
  'xstate.error.actor.downloadApplication': [{ type: 'xstate.error.actor.downloadApplication', error: {} }],
};
type OutcomeEvent = (typeof outcomeFixtures)[keyof typeof outcomeFixtures][number];
type ModelEvent = TenantApplicationEvent | OutcomeEvent;
const allEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...Object.values(outcomeFixtures).flat(),
];

const callNames = [
  'loadLists',
  'loadCompletedPage',
  'findTenant',
  'saveApplication',
  'readApplication',
  'confirmConsent',
  'resendConsent',
  'withdrawApplication',
  'applyApplication',
  'downloadApplication',
] as const;
type CallName = (typeof callNames)[number];

const moderatorAtOffice: TenantApplicationInput = {
  viewer: { role: 'MODERATOR', username: 'ward1' },
  landlord: { id: 7, epic: 'ABC1234567', name: 'Bah Lyngdoh' },
  tenantIdNumber: TENANT_ID,
  channel: 'office',
};
const userOwn: TenantApplicationInput = {
  ...moderatorAtOffice,
  viewer: { role: 'USER', username: 'user1' },
  tenantIdNumber: null,
  channel: 'own',
};

/**
 * The data that decides what can happen next in the state the panel is in. Walking whole contexts (every message
 * text, the completed page while a dialog is open) multiplies the paths without testing another rule; the messages
 * are checked per state instead.
 */
function essentials(state: Snapshot): unknown {
  const { context } = state;
  const lists = { units: context.vacantUnits.length, incomplete: context.incomplete.map((r) => r.applid) };
  if (state.matches('browsing')) {
    return { ...lists, page: [context.completed?.pageNumber, context.completedPage] };
  }
  if (state.matches('creating')) {
    return {
      units: lists.units,
      unitChosen: context.rentcode !== null,
      idLongEnough: context.idNumber.length >= 8,
      tenantFound: context.tenant !== null,
    };
  }
  if (state.matches('selecting')) {
    return {
      incomplete: lists.incomplete,
      application: context.application?.applid ?? null,
      members: [context.memberCodes.length, context.helperCodes.length],
      recommendation: context.recommendation,
      remarksGiven: context.remarks.trim() !== '',
      codeComplete: context.consentCode.length === 6,
      applied: context.applied !== null,
    };
  }
  return null;
}

function startPanel(input: TenantApplicationInput) {
  const calls = new ServerCalls(callNames);
  const fake = (name: CallName) => fromPromise(({ input, signal }) => calls.wait(name, input, signal));
  const machine = tenantApplicationMachine.provide({
    actors: Object.fromEntries(callNames.map((name) => [name, fake(name)])),
  });
  return { actor: createActor(machine, { input }).start(), calls, input };
}
type Panel = ReturnType<typeof startPanel>;

/** What each leaf state must show; every leaf of the machine needs one. */
function stateChecks(sut: Panel): Record<string, () => void> {
  const snapshot = () => sut.actor.getSnapshot();
  const context = () => snapshot().context;
  const last = (name: CallName) => sut.calls.lastInput(name);
  const lists = { viewer: sut.input.viewer, landlord: sut.input.landlord };
  return {
    '#tenantApplication.loading': () => {
      expect(isPanelLoading(snapshot())).toBe(true);
      expect(last('loadLists')).toEqual(lists);
      // After Reset withdrew the draft, the panel starts again saying so.
      expect([null, TENANT_APPLICATION_MESSAGES.withdrawn]).toContain(context().notice?.text ?? null);
    },
    '#tenantApplication.loadFailed': () => {
      expect(panelLoadFailed(snapshot())).toBe(true);
      expect(context().notice?.text).toBe('Database down');
    },
    '#tenantApplication.browsing.shown': () => {
      expect(context().completed?.pageNumber).toBe(context().completedPage);
      expect(snapshot().can({ type: 'create.open' })).toBe(true);
      expect(snapshot().can({ type: 'incomplete.open' })).toBe(true);
      // Only Reset's withdrawal is told here; a dialog's refusals stay in their dialog.
      expect([null, TENANT_APPLICATION_MESSAGES.withdrawn]).toContain(panelNotice(snapshot())?.text ?? null);
    },
    '#tenantApplication.browsing.turning': () => {
      expect(isTurningCompletedPage(snapshot())).toBe(true);
      expect(last('loadCompletedPage')).toEqual({ ...lists, page: context().completedPage });
    },
    '#tenantApplication.browsing.pageFailed': () => {
      expect(completedPageFailed(snapshot())).toBe(true);
      expect(context().notice?.text).toBe('Error in Server');
      // The table keeps the page it has; the page that failed is the one Retry asks for.
      expect(context().completed?.pageNumber).not.toBe(context().completedPage);
    },
    '#tenantApplication.creating.editing': () => {
      expect(isCreateFormOpen(snapshot())).toBe(true);
      expect(snapshot().can({ type: 'create.submit' })).toBe(false);
      const short = context().idNumber !== '' && context().idNumber.length < 8;
      expect(officeTenantHint(snapshot())).toBe(short ? TENANT_APPLICATION_MESSAGES.shortTenantId : null);
    },
    '#tenantApplication.creating.lookingUp': () => {
      expect(isLookingUpOfficeTenant(snapshot())).toBe(true);
      expect(last('findTenant')).toEqual({ idNumber: TENANT_ID });
    },
    '#tenantApplication.creating.found': () => {
      expect(context().tenant).toEqual(tenant);
      expect(snapshot().can({ type: 'create.submit' })).toBe(context().rentcode !== null);
    },
    '#tenantApplication.creating.notFound': () => {
      expect(officeTenantHint(snapshot())).toMatch(/^(Tenant does not exist!|Database down)$/);
      expect(snapshot().can({ type: 'create.submit' })).toBe(false);
    },
    '#tenantApplication.creating.saving': () => {
      expect(isPanelBusy(snapshot())).toBe(true);
      expect(snapshot().can({ type: 'dialog.close' })).toBe(false);
      expect(last('saveApplication')).toEqual({
        channel: sut.input.channel,
        landlordId: 7,
        rentcode: 'RU000000001',
        tenantId: tenant.id,
      });
    },
    '#tenantApplication.selecting.choosing': () => {
      expect(isSelectionDialogOpen(snapshot())).toBe(true);
      expect(context().application).toBeNull();
      expect(snapshot().can({ type: 'apply' })).toBe(false);
    },
    '#tenantApplication.selecting.readingMembers': () => {
      expect(isPanelBusy(snapshot())).toBe(true);
      expect(last('readApplication')).toEqual({
        channel: sut.input.channel,
        landlordId: 7,
        rentcode: 'RU000000002',
        tenantId: 3,
      });
    },
    '#tenantApplication.selecting.picked': () => {
      expect(isApplicationPicked(snapshot())).toBe(true);
      expect(openedApplicationRow(snapshot())?.applid).toBe(context().application?.applid);
      expect(mayRecommend(snapshot())).toBe(sut.input.viewer.role === 'MODERATOR');
      const blank = context().recommendation === 'rejection' && context().remarks.trim() === '';
      expect(snapshot().can({ type: 'apply' })).toBe(!blank);
      if (!mayRecommend(snapshot())) expect(context().recommendation).toBe('none');
    },
    '#tenantApplication.selecting.awaitingConsent.enteringCode': () => {
      expect(isAwaitingOfficeConsent(snapshot())).toBe(true);
      expect(context().application?.tenantConsent).toBe('pending');
      expect(officeConsentDestinationText(snapshot())).toMatch(
        /^A code was sent to the tenant's mobile ••••••(1234|9876)\./,
      );
      // Nobody is shown or ticked, and nothing applies, before the code is confirmed.
      expect(context().application?.familyMembers).toEqual([]);
      expect([context().memberCodes, context().helperCodes]).toEqual([[], []]);
      expect(snapshot().can({ type: 'apply' })).toBe(false);
      expect(context().consentCode).toMatch(/^\d{0,6}$/);
      expect(snapshot().can({ type: 'consent.confirm' })).toBe(context().consentCode.length === 6);
      expect(snapshot().can({ type: 'consent.resend' })).toBe(true);
      expect(snapshot().can({ type: 'consent.reset' })).toBe(true);
      expect([
        null,
        'This code is not right. 4 tries left.',
        'Too many codes.',
        TENANT_APPLICATION_MESSAGES.consentResent,
        `${TENANT_APPLICATION_MESSAGES.withdrawFailed} Consent given.`,
      ]).toContain(context().notice?.text ?? null);
    },
    '#tenantApplication.selecting.awaitingConsent.confirming': () => {
      expect(isConfirmingOfficeConsent(snapshot())).toBe(true);
      expect(isPanelBusy(snapshot())).toBe(true);
      // The application awaiting consent: a new one (42) or one picked from the incomplete list (41).
      expect(last('confirmConsent')).toEqual({ applid: context().application?.applid, code: '123456' });
      expect([41, 42]).toContain(context().application?.applid);
      expect(snapshot().can({ type: 'dialog.close' })).toBe(false);
    },
    '#tenantApplication.selecting.awaitingConsent.resending': () => {
      expect(isResendingOfficeConsent(snapshot())).toBe(true);
      expect(last('resendConsent')).toEqual({ applid: context().application?.applid });
      expect([41, 42]).toContain(context().application?.applid);
      expect(snapshot().can({ type: 'consent.confirm' })).toBe(false);
    },
    '#tenantApplication.selecting.awaitingConsent.withdrawing': () => {
      expect(isWithdrawingOfficeConsent(snapshot())).toBe(true);
      expect(isPanelBusy(snapshot())).toBe(true);
      expect(last('withdrawApplication')).toEqual({ applid: context().application?.applid });
      expect([41, 42]).toContain(context().application?.applid);
      expect(snapshot().can({ type: 'consent.confirm' })).toBe(false);
      expect(snapshot().can({ type: 'dialog.close' })).toBe(false);
    },
    '#tenantApplication.selecting.applying': () => {
      const recommendation = {
        none: null,
        approval: { kind: 'approval' },
        rejection: { kind: 'rejection', remarks: 'Tenant unknown to the ward' },
      };
      expect(last('applyApplication')).toEqual({
        applid: context().application?.applid,
        memberCodes: context().memberCodes,
        helperCodes: context().helperCodes,
        recommendation: recommendation[context().recommendation],
      });
      expect(snapshot().can({ type: 'dialog.close' })).toBe(false);
    },
    '#tenantApplication.selecting.applied': () => {
      expect(isApplicationApplied(snapshot())).toBe(true);
      // The server's message, unless a failed download said its own since.
      expect([applied.message, 'Error in Server']).toContain(context().notice?.text);
      expect(context().applied).toEqual(applied);
      expect(snapshot().can({ type: 'download' })).toBe(true);
    },
    '#tenantApplication.selecting.downloading': () => {
      expect(isDownloadingApplication(snapshot())).toBe(true);
      expect(last('downloadApplication')).toEqual({ applid: applied.applid });
    },
  };
}

function replayEvents(sut: Panel) {
  const send = ({ event }: { event: { type: string } }) => sut.actor.send(event as TenantApplicationEvent);
  const settle =
    (name: CallName) =>
    async ({ event }: { event: object }) =>
      sut.calls.settle(name, event as { output: unknown } | { error: unknown });
  return {
    ...Object.fromEntries(Object.keys(eventFixtures).map((type) => [type, send])),
    ...Object.fromEntries(
      callNames.flatMap((name) => [
        [`xstate.done.actor.${name}`, settle(name)],
        [`xstate.error.actor.${name}`, settle(name)],
      ]),
    ),
  };
}

describe.each([
  ['a ward MODERATOR at the office, tenant chosen before', moderatorAtOffice],
  ['a USER on its own application, tenant typed', userOwn],
] as const)('tenant applications for %s: model-based paths', (_name, input) => {
  const model = machineModel<Snapshot, ModelEvent>(tenantApplicationMachine, allEvents, {
    input,
    describe: (state) => `${JSON.stringify(state.value)} ${JSON.stringify(essentials(state))}`,
  });
  const paths = model.getShortestPaths();

  it('reaches every leaf state and sends every event type', () => {
    const notSent = input.viewer.role === 'MODERATOR' ? [] : ['recommendation.choose', 'remarks.change'];
    const types = [...Object.keys(eventFixtures), ...Object.keys(outcomeFixtures)].filter(
      (t) => !notSent.includes(t),
    );
    expectFullCoverage(tenantApplicationMachine, paths, types);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const sut = startPanel(input);
    const checks = stateChecks(sut);
    expect(leafKeys(tenantApplicationMachine).filter((id) => !(id in checks))).toEqual([]);
    await path.test({
      events: replayEvents(sut),
      states: checkedStates(() => sut.actor.getSnapshot(), checks, essentials),
    });
  });
});
