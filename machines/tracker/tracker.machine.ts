import { assign, fromPromise, setup } from 'xstate';
import { otpAccessMachine, type CitizenKey } from '../access/otp-access.machine';
import { KEY_ENDED_CODE, keyEnded, messageOr, type Notice } from '../access/failures';
import { normalizeEpic } from '../access/identity-rules';
import { OTP_TEXTS } from '../access/otp-rules';
import type { StatusCode } from '../application/statuses';
import { notProvided as notProvidedBy } from '../not-provided';

/**
 * The landing page's Track Application Status dialog (public-portal.md, Tracker dialog; docs/tracker.md): Landlord
 * Epic + Get OTP, OTP + Verify (the invoked otp-access child `otp`, as in the landlord stepper), the landlord's
 * applications in a picker, Track, View Application Flow, Download Certificate (once certified), Reset. Server
 * calls are actors the wiring provides.
 */

/** Spec: the tracker's Get OTP needs at least 8 characters (section 8). */
export const TRACKER_EPIC_MIN_LENGTH = 8;

export const TRACKER_MESSAGES = {
  noEpic: 'This landlord epic number does not exist!',
  invalidOtp: 'Invalid OTP',
  sorry: (message: string) => `Sorry,${message}`,
  noApplications: 'No applications were found for this landlord.',
  sessionExpired: OTP_TEXTS.keyEnded,
} as const;

/** One row of the picker (process/AllApplicationByLandlord/{id}). */
export interface TrackerApplication {
  applid: number;
  status: string;
  applstatus: string;
  tenantId: number;
}

/** The tracking reply (src/contract/tracking.contract.ts), as the machine needs it. */
export interface TrackerResult {
  applid: number;
  landlordName: string;
  tenantName: string;
  rentalUnitAddress: string;
  applStatus: string;
  statusMessage: string;
  holder: string | null;
  holderLabel: string | null;
  heldSince: string;
  heldDays: number;
  serviceDays: number;
  overdue: boolean;
  /** A clearance certificate has been issued (approved and certified): Download Certificate is offered. */
  certified: boolean;
}

export interface TrackerFlowEntry {
  id: number;
  logdt: string;
  aplstatus: StatusCode;
  remarks: string;
  comments: string | null;
  actor: string;
}

export interface TrackerContext {
  epic: string;
  key: CitizenKey | null;
  applications: TrackerApplication[];
  applid: number | null;
  result: TrackerResult | null;
  flow: TrackerFlowEntry[] | null;
  notice: Notice | null;
}

export type TrackerEvent =
  | { type: 'epic.change'; value: string }
  | { type: 'otp.request' }
  | { type: 'application.select'; applid: number | null }
  | { type: 'track' }
  | { type: 'flow.view' }
  | { type: 'flow.close' }
  | { type: 'certificate.download' }
  | { type: 'reset' };

export interface TrackerLoad {
  key: CitizenKey;
}
export interface TrackerTrack {
  key: CitizenKey;
  applid: number;
  epic: string;
}
export interface TrackerFlowLoad {
  key: CitizenKey;
  applid: number;
}
export type TrackerCertificateRequest = TrackerFlowLoad;

const empty: TrackerContext = {
  epic: '',
  key: null,
  applications: [],
  applid: null,
  result: null,
  flow: null,
  notice: null,
};

const sorry = (error: unknown): Notice => ({
  kind: 'error',
  code: 'tracker.sorry',
  text: TRACKER_MESSAGES.sorry(messageOr(error, 'Error in Server')),
});

/** A 401 (the key ended) starts the dialog again, saying why. */
const whenKeyEnded = {
  guard: 'keyEnded',
  target: '#tracker.enteringEpic',
  actions: 'expireSession',
} as const;

const notProvided = notProvidedBy('trackerMachine');

export const trackerMachine = setup({
  types: {
    context: {} as TrackerContext,
    events: {} as TrackerEvent,
    children: {} as { otp: 'otpAccess' },
  },
  actors: {
    otpAccess: otpAccessMachine,
    loadApplications: fromPromise<TrackerApplication[], TrackerLoad>(notProvided('loadApplications')),
    trackApplication: fromPromise<TrackerResult, TrackerTrack>(notProvided('trackApplication')),
    loadFlow: fromPromise<TrackerFlowEntry[], TrackerFlowLoad>(notProvided('loadFlow')),
    downloadCertificate: fromPromise<void, TrackerCertificateRequest>(notProvided('downloadCertificate')),
  },
  guards: {
    epicLongEnough: ({ context }) => context.epic.length >= TRACKER_EPIC_MIN_LENGTH,
    applicationChosen: ({ context }) => context.applid !== null,
    resultCertified: ({ context }) => context.result?.certified === true,
    resultShown: ({ context }) => context.result !== null,
    noApplicationsLoaded: ({ event }) => 'output' in event && (event.output as unknown[]).length === 0,
    keyEnded,
  },
  actions: {
    setEpic: assign(({ event }) =>
      event.type === 'epic.change' ? { epic: normalizeEpic(event.value) } : {},
    ),
    clearAll: assign(empty),
    keepKey: assign({ key: ({ event }) => ('output' in event ? (event.output as CitizenKey) : null) }),
    selectApplication: assign(({ event }) =>
      event.type === 'application.select'
        ? { applid: event.applid, result: null, flow: null, notice: null }
        : {},
    ),
    expireSession: assign({
      ...empty,
      notice: {
        kind: 'error',
        code: KEY_ENDED_CODE,
        text: TRACKER_MESSAGES.sessionExpired,
      } satisfies Notice,
    }),
  },
}).createMachine({
  id: 'tracker',
  context: empty,
  initial: 'enteringEpic',
  on: { reset: { target: '.enteringEpic', actions: 'clearAll' } },
  states: {
    // Get OTP waits for 8 or more characters; the OTP field is disabled until a code was asked for.
    enteringEpic: {
      on: {
        'epic.change': { actions: 'setEpic' },
        'otp.request': { guard: 'epicLongEnough', target: 'otp' },
      },
    },
    // The child asks for the code and checks it; Verify is its otp.verify.
    otp: {
      invoke: {
        id: 'otp',
        src: 'otpAccess',
        input: ({ context }) => ({ subject: 'landlord', id: context.epic, requestOnStart: true }),
        onDone: { target: 'loadingApplications', actions: 'keepKey' },
      },
      on: {
        'epic.change': { target: 'enteringEpic', actions: 'setEpic' },
        'otp.request': { guard: 'epicLongEnough', target: 'otp', reenter: true },
      },
    },
    // The key is held: the picker is filled with the landlord's applications.
    loadingApplications: {
      tags: ['busy'],
      invoke: {
        id: 'loadApplications',
        src: 'loadApplications',
        input: ({ context }) => ({ key: context.key as CitizenKey }),
        onDone: [
          {
            guard: 'noApplicationsLoaded',
            target: 'noApplications',
            actions: assign({
              notice: { kind: 'info', code: 'tracker.noApplications', text: TRACKER_MESSAGES.noApplications },
            }),
          },
          { target: 'ready', actions: assign({ applications: ({ event }) => event.output }) },
        ],
        onError: [
          whenKeyEnded,
          { target: 'loadFailed', actions: assign({ notice: ({ event }) => sorry(event.error) }) },
        ],
      },
    },
    // The landlord has no application to track; Reset starts again.
    noApplications: {},
    // The list could not be loaded; Reset starts again.
    loadFailed: {},
    // The picker is filled: choose an application, Track it, or View Application Flow.
    ready: {
      initial: 'choosing',
      on: {
        'application.select': { target: '.choosing', actions: 'selectApplication' },
      },
      states: {
        choosing: {
          on: {
            track: { guard: 'applicationChosen', target: 'tracking' },
            'flow.view': { guard: 'applicationChosen', target: 'loadingFlow' },
          },
        },
        tracking: {
          tags: ['busy'],
          entry: assign({ notice: null, result: null }),
          invoke: {
            id: 'trackApplication',
            src: 'trackApplication',
            input: ({ context }) => ({
              key: context.key as CitizenKey,
              applid: context.applid as number,
              epic: context.epic,
            }),
            onDone: { target: 'tracked', actions: assign({ result: ({ event }) => event.output }) },
            onError: [
              whenKeyEnded,
              { target: 'choosing', actions: assign({ notice: ({ event }) => sorry(event.error) }) },
            ],
          },
        },
        // The result is shown; Track again, open the flow, or (once certified) download the certificate.
        tracked: {
          on: {
            track: 'tracking',
            'flow.view': 'loadingFlow',
            'certificate.download': { guard: 'resultCertified', target: 'downloadingCertificate' },
          },
        },
        // The clearance certificate (process/GenerateRC/{id}) is being made and saved; the result stays shown.
        downloadingCertificate: {
          tags: ['busy'],
          entry: assign({ notice: null }),
          invoke: {
            id: 'downloadCertificate',
            src: 'downloadCertificate',
            input: ({ context }) => ({
              key: context.key as CitizenKey,
              applid: (context.result as TrackerResult).applid,
            }),
            onDone: 'tracked',
            onError: [
              whenKeyEnded,
              { target: 'tracked', actions: assign({ notice: ({ event }) => sorry(event.error) }) },
            ],
          },
        },
        loadingFlow: {
          tags: ['busy'],
          entry: assign({ notice: null }),
          invoke: {
            id: 'loadFlow',
            src: 'loadFlow',
            input: ({ context }) => ({ key: context.key as CitizenKey, applid: context.applid as number }),
            onDone: { target: 'flowShown', actions: assign({ flow: ({ event }) => event.output }) },
            onError: [
              whenKeyEnded,
              { target: 'choosing', actions: assign({ notice: ({ event }) => sorry(event.error) }) },
            ],
          },
        },
        // The Application Flow timeline is open over the result.
        flowShown: {
          on: {
            'flow.close': [
              {
                guard: 'resultShown',
                target: 'tracked',
                actions: assign({ flow: null }),
              },
              { target: 'choosing', actions: assign({ flow: null }) },
            ],
            track: { target: 'tracking', actions: assign({ flow: null }) },
          },
        },
      },
    },
  },
});
