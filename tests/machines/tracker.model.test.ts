import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { otpAccessMachine } from '../../machines/access/otp-access.machine';
import { OTP_TEXTS } from '../../machines/access/otp-rules';
import {
  TRACKER_MESSAGES,
  canDownloadCertificate,
  canRequestOtp,
  canTrack,
  canViewFlow,
  isBusy,
  isDownloadingCertificate,
  isVerified,
  showsCertificateDownload,
  trackerMachine,
  trackerOtpActor,
  trackerOtpNotice,
  type TrackerApplication,
  type TrackerEvent,
  type TrackerFlowEntry,
  type TrackerResult,
} from '../../machines/tracker';
import { machineModel, expectFullCoverage, checkedStates } from './model-harness';
import { ServerCalls, citizenKey, leafKeys, sentByEmail } from './citizen-fakes';

/*
 * Model-based test: xstate/graph walks the tracker, and every shortest path is replayed on a real actor whose server
 * calls (its own and its OTP child's) are fakes settled by hand. The child finishing is one model event; the replay
 * drives the real child through request, typing and verification to produce it.
 */

type Snapshot = SnapshotFrom<typeof trackerMachine>;
type EventFixtures = { [K in TrackerEvent['type']]: Array<Extract<TrackerEvent, { type: K }>> };

const EPIC = 'ABC1234567';
const key = citizenKey({ landlordId: 7 });
const apps: TrackerApplication[] = [
  { applid: 41, status: 'Application is pending.', applstatus: 'LARP', tenantId: 3 },
];
const result: TrackerResult = {
  applid: 41,
  landlordName: 'Iba Lyngdoh',
  tenantName: 'Ka Syiem',
  rentalUnitAddress: 'H-1, Laitumkhrah',
  applStatus: 'LARP',
  statusMessage: 'Application is pending at Sub-Locality/Wards.',
  holder: 'ward',
  holderLabel: 'Sub-Locality/Ward',
  heldSince: '2026-01-01T10:00:00.000Z',
  heldDays: 3,
  serviceDays: 15,
  overdue: false,
  certified: false,
};
/** The same application once approved and certified: Download Certificate is offered. */
const certifiedResult: TrackerResult = {
  ...result,
  applStatus: 'PLVP',
  statusMessage: 'Application has been approved.',
  holder: 'police',
  holderLabel: 'Police Station',
  certified: true,
};
const flow: TrackerFlowEntry[] = [
  {
    id: 1,
    logdt: '2026-01-01T10:00:00.000Z',
    aplstatus: 'LARP',
    remarks: 'Application Submitted',
    comments: null,
    actor: 'landlord:7',
  },
];

/** A fixture for every event type: a new event without one fails to compile. */
const eventFixtures = {
  'epic.change': [
    { type: 'epic.change', value: 'abc1234567' },
    { type: 'epic.change', value: 'ABC12' },
  ],
  'otp.request': [{ type: 'otp.request' }],
  'application.select': [
    { type: 'application.select', applid: 41 },
    { type: 'application.select', applid: null },
  ],
  track: [{ type: 'track' }],
  'flow.view': [{ type: 'flow.view' }],
  'flow.close': [{ type: 'flow.close' }],
  'certificate.download': [{ type: 'certificate.download' }],
  reset: [{ type: 'reset' }],
} satisfies EventFixtures;

const outcomeFixtures = {
  'xstate.done.actor.otp': [{ type: 'xstate.done.actor.otp', output: key }],
  'xstate.done.actor.loadApplications': [
    { type: 'xstate.done.actor.loadApplications', output: apps },
    { type: 'xstate.done.actor.loadApplications', output: [] },
  ],
  'xstate.error.actor.loadApplications': [
    { type: 'xstate.error.actor.loadApplications', error: { status: 401 } },
    { type: 'xstate.error.actor.loadApplications', error: { status: 500, message: 'Database down' } },
  ],
  'xstate.done.actor.trackApplication': [
    { type: 'xstate.done.actor.trackApplication', output: result },
    { type: 'xstate.done.actor.trackApplication', output: certifiedResult },
  ],
  'xstate.error.actor.trackApplication': [
    { type: 'xstate.error.actor.trackApplication', error: { status: 403, message: 'Not yours.' } },
    { type: 'xstate.error.actor.trackApplication', error: { status: 401 } },
  ],
  'xstate.done.actor.loadFlow': [{ type: 'xstate.done.actor.loadFlow', output: flow }],
  'xstate.error.actor.loadFlow': [
    { type: 'xstate.error.actor.loadFlow', error: {} },
    { type: 'xstate.error.actor.loadFlow', error: { status: 401 } },
  ],
  'xstate.done.actor.downloadCertificate': [
    { type: 'xstate.done.actor.downloadCertificate', output: undefined },
  ],
  'xstate.error.actor.downloadCertificate': [
    {
      type: 'xstate.error.actor.downloadCertificate',
      error: { status: 409, message: 'No clearance certificate has been issued for this application yet.' },
    },
    { type: 'xstate.error.actor.downloadCertificate', error: { status: 401 } },
  ],
};
type OutcomeEvent = (typeof outcomeFixtures)[keyof typeof outcomeFixtures][number];
type ModelEvent = TrackerEvent | OutcomeEvent;
const allEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...Object.values(outcomeFixtures).flat(),
];

const model = machineModel<Snapshot, ModelEvent>(trackerMachine, allEvents);

const calledNames = [
  'requestOtp',
  'verifyOtp',
  'loadApplications',
  'trackApplication',
  'loadFlow',
  'downloadCertificate',
] as const;
const settledCalls = ['loadApplications', 'trackApplication', 'loadFlow', 'downloadCertificate'] as const;

function startTracker() {
  const calls = new ServerCalls(calledNames);
  const machine = trackerMachine.provide({
    actors: {
      otpAccess: otpAccessMachine.provide({
        actors: {
          requestOtp: fromPromise(({ input, signal }) => calls.wait('requestOtp', input, signal)),
          verifyOtp: fromPromise(({ input, signal }) => calls.wait('verifyOtp', input, signal)),
        },
      }),
      loadApplications: fromPromise(({ input, signal }) => calls.wait('loadApplications', input, signal)),
      trackApplication: fromPromise(({ input, signal }) => calls.wait('trackApplication', input, signal)),
      loadFlow: fromPromise(({ input, signal }) => calls.wait('loadFlow', input, signal)),
      downloadCertificate: fromPromise(({ input, signal }) =>
        calls.wait('downloadCertificate', input, signal),
      ),
    },
  });
  return { actor: createActor(machine).start(), calls };
}

async function passOtp(sut: ReturnType<typeof startTracker>): Promise<void> {
  const child = trackerOtpActor(sut.actor.getSnapshot());
  expect(child).toBeDefined();
  await sut.calls.settle('requestOtp', { output: sentByEmail });
  child?.send({ type: 'otp.change', value: '123456' });
  child?.send({ type: 'otp.verify' });
  await sut.calls.settle('verifyOtp', { output: key });
}

describe('tracker machine: model-based paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every leaf state and uses every event type', () => {
    expectFullCoverage(trackerMachine, paths, [
      ...Object.keys(eventFixtures),
      ...Object.keys(outcomeFixtures),
    ]);
  });

  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_description, path) => {
    const sut = startTracker();
    const snapshot = () => sut.actor.getSnapshot();
    const context = () => snapshot().context;
    const inFlight = (name: (typeof calledNames)[number]) => sut.calls.inFlight[name].length;
    const stateChecks: Record<string, () => void> = {
      '#tracker.enteringEpic': () => {
        expect(trackerOtpActor(snapshot())).toBeUndefined();
        expect(canRequestOtp(snapshot())).toBe(context().epic.length >= 8);
        expect(isVerified(snapshot())).toBe(false);
      },
      '#tracker.otp': () => {
        expect(trackerOtpActor(snapshot())).toBeDefined();
        expect(sut.calls.lastInput('requestOtp')).toEqual({ subject: 'landlord', id: EPIC });
      },
      '#tracker.loadingApplications': () => {
        expect(isBusy(snapshot())).toBe(true);
        expect(sut.calls.lastInput('loadApplications')).toEqual({ key });
      },
      '#tracker.noApplications': () => {
        expect(context().notice).toEqual({
          kind: 'info',
          code: 'tracker.noApplications',
          text: TRACKER_MESSAGES.noApplications,
        });
        expect(canTrack(snapshot())).toBe(false);
      },
      '#tracker.loadFailed': () => {
        expect(context().notice).toEqual({
          kind: 'error',
          code: 'tracker.sorry',
          text: 'Sorry,Database down',
        });
      },
      '#tracker.ready.choosing': () => {
        expect(context().applications).toEqual(apps);
        expect(canTrack(snapshot())).toBe(context().applid !== null);
        expect(canViewFlow(snapshot())).toBe(context().applid !== null);
      },
      '#tracker.ready.tracking': () => {
        expect(inFlight('trackApplication')).toBe(1);
        expect(sut.calls.lastInput('trackApplication')).toEqual({ key, applid: 41, epic: EPIC });
      },
      '#tracker.ready.tracked': () => {
        expect([result, certifiedResult]).toContainEqual(context().result);
        expect(context().flow).toBeNull();
        expect(showsCertificateDownload(snapshot())).toBe(context().result?.certified);
        expect(canDownloadCertificate(snapshot())).toBe(context().result?.certified);
      },
      '#tracker.ready.downloadingCertificate': () => {
        expect(isBusy(snapshot())).toBe(true);
        expect(isDownloadingCertificate(snapshot())).toBe(true);
        expect(canDownloadCertificate(snapshot())).toBe(false);
        expect(inFlight('downloadCertificate')).toBe(1);
        expect(sut.calls.lastInput('downloadCertificate')).toEqual({ key, applid: 41 });
        expect(context().result).toEqual(certifiedResult);
      },
      '#tracker.ready.loadingFlow': () => {
        expect(inFlight('loadFlow')).toBe(1);
        expect(sut.calls.lastInput('loadFlow')).toEqual({ key, applid: 41 });
      },
      '#tracker.ready.flowShown': () => {
        expect(context().flow).toEqual(flow);
      },
    };
    expect(leafKeys(trackerMachine).filter((id) => !(id in stateChecks))).toEqual([]);

    const send = ({ event }: { event: { type: string } }) => sut.actor.send(event as TrackerEvent);
    const settle =
      (name: (typeof calledNames)[number]) =>
      async ({ event }: { event: object }) => {
        await sut.calls.settle(name, event as { output: unknown } | { error: unknown });
        const error = (event as { error?: { status?: number; message?: string } }).error;
        if (error?.status === 401) {
          expect(context().key).toBeNull();
          expect(context().notice?.text).toBe(TRACKER_MESSAGES.sessionExpired);
        } else if (error && (name === 'trackApplication' || name === 'downloadCertificate')) {
          expect(context().notice?.text).toBe(`Sorry,${error.message}`);
        }
      };
    await path.test({
      events: {
        ...Object.fromEntries(Object.keys(eventFixtures).map((type) => [type, send])),
        'xstate.done.actor.otp': () => passOtp(sut),
        ...Object.fromEntries(
          settledCalls.flatMap((name) => [
            [`xstate.done.actor.${name}`, settle(name)],
            [`xstate.error.actor.${name}`, settle(name)],
          ]),
        ),
      },
      states: checkedStates(snapshot, stateChecks),
    });
  });
});

describe('tracker machine: behaviour', () => {
  it('offers Get OTP from 8 characters, upper-cased', () => {
    const { actor } = startTracker();
    actor.send({ type: 'epic.change', value: 'abc1234' });
    expect(canRequestOtp(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'otp.request' });
    expect(actor.getSnapshot().value).toBe('enteringEpic');
    actor.send({ type: 'epic.change', value: 'abc12345' });
    expect(actor.getSnapshot().context.epic).toBe('ABC12345');
    expect(canRequestOtp(actor.getSnapshot())).toBe(true);
  });

  it('says the tracker’s words for an unknown EPIC and a refused code, chosen by the code, not the words', () => {
    expect(trackerOtpNotice({ kind: 'error', code: 'otp.noLandlord', text: OTP_TEXTS.noLandlord })).toEqual({
      kind: 'error',
      code: 'otp.noLandlord',
      text: 'This landlord epic number does not exist!',
    });
    expect(trackerOtpNotice({ kind: 'error', code: 'otp.codeRefused', text: OTP_TEXTS.refused })?.text).toBe(
      'Invalid OTP. If it keeps failing, please request a new OTP.',
    );
    // The same words under another code are not the tracker's to rename.
    expect(
      trackerOtpNotice({ kind: 'error', code: 'otp.verifyFailed', text: OTP_TEXTS.wrongCode })?.text,
    ).toBe(OTP_TEXTS.wrongCode);
    expect(trackerOtpNotice({ kind: 'info', code: 'otp.sentBySms', text: 'OTP sent' })?.text).toBe(
      'OTP sent',
    );
    expect(trackerOtpNotice(null)).toBeNull();
  });

  it('Reset forgets the key, the list and the result', async () => {
    const sut = startTracker();
    sut.actor.send({ type: 'epic.change', value: EPIC });
    sut.actor.send({ type: 'otp.request' });
    await passOtp(sut);
    await sut.calls.settle('loadApplications', { output: apps });
    sut.actor.send({ type: 'application.select', applid: 41 });
    sut.actor.send({ type: 'track' });
    await sut.calls.settle('trackApplication', { output: result });
    expect(sut.actor.getSnapshot().matches({ ready: 'tracked' })).toBe(true);
    sut.actor.send({ type: 'reset' });
    expect(sut.actor.getSnapshot().value).toBe('enteringEpic');
    expect(sut.actor.getSnapshot().context).toMatchObject({
      epic: '',
      key: null,
      applications: [],
      result: null,
    });
  });
});
