import { assign, emit, fromPromise, raise, setup } from 'xstate';
import { citizenSessionRegion } from './citizen-session';
import {
  SERVER_FALLBACK_MESSAGE,
  messageOr,
  statusOf,
  keyEnded,
  noticeOf,
  type Notice,
  type NoticeCode,
} from './failures';
import { isValidEpic, normalizeEpic } from './identity-rules';
import { otpAccessMachine, type CitizenKey } from './otp-access.machine';
import {
  LANDLORD_MESSAGES,
  type LandlordFormRequest,
  type LandlordLoad,
  type LandlordLookup,
  type LandlordRecord,
  type LandlordStepperContext,
  type LandlordStepperEmitted,
  type LandlordStepperEvent,
} from './landlord-stepper.types';
import { notProvided as notProvidedBy } from '../not-provided';

/**
 * The landlord stepper (public-portal.md section 2 "Landlord stepper", sections 4, 5 and 8): step 0 finds the
 * landlord by EPIC (Login tab: OTP; Register tab: an existence check), step 1 is the landlord page (outside the
 * machine, it reports `landlord.saved`), step 2 is 'All steps completed' with the form download. Beside the steps,
 * a session region knows whether a citizen key is held and asks before logging out. The OTP itself runs in the
 * invoked child `otp` (otp-access), whose field and Login button the view reads from `snapshot.children.otp`.
 */

const emptyForm = {
  tab: 'login',
  epic: '',
  epicTouched: false,
  landlord: null,
  freshRegistration: false,
  notice: null,
} satisfies Omit<LandlordStepperContext, 'key'>;

const error = (code: NoticeCode, text: string): Notice => noticeOf('error', code, text);
const success = (code: NoticeCode, text: string): Notice => noticeOf('success', code, text);

const notProvided = notProvidedBy('landlordStepperMachine');

export const landlordStepperMachine = setup({
  types: {
    context: {} as LandlordStepperContext,
    events: {} as LandlordStepperEvent,
    emitted: {} as LandlordStepperEmitted,
    children: {} as { otp: 'otpAccess' },
  },
  actors: {
    otpAccess: otpAccessMachine,
    checkLandlord: fromPromise<void, LandlordLookup>(notProvided('checkLandlord')),
    loadLandlord: fromPromise<LandlordRecord, LandlordLoad>(notProvided('loadLandlord')),
    downloadForm: fromPromise<void, LandlordFormRequest>(notProvided('downloadForm')),
  },
  guards: {
    epicValid: ({ context }) => isValidEpic(context.epic),
    loginTab: ({ event }) => event.type === 'tab.select' && event.tab === 'login',
    landlordSaved: ({ context }) => context.landlord?.landlordId != null,
    freshRegistration: ({ context }) => context.freshRegistration,
    hasKey: ({ context }) => context.key !== null,
    noKey: ({ context }) => context.key === null,
    notFound: ({ event }) => 'error' in event && statusOf(event.error) === 404,
    authenticationFailed: keyEnded,
  },
  actions: {
    forgetKey: assign({ key: null }),
    announceLogout: emit({ type: 'session.loggedOut', reason: 'logout' } as const),
    resetSteps: raise({ type: 'stepper.reset' }),
    setEpic: assign(({ event }) =>
      event.type === 'epic.change' ? { epic: normalizeEpic(event.value), epicTouched: true } : {},
    ),
    selectTab: assign(({ event }) => (event.type === 'tab.select' ? { tab: event.tab, notice: null } : {})),
    clearForm: assign(emptyForm),
    clearNotice: assign({ notice: null }),
    keepKey: assign({ key: ({ event }) => ('output' in event ? (event.output as CitizenKey) : null) }),
    // A 401 means the server no longer accepts whoever we are: drop the key and tell the wiring.
    failAuthentication: assign({
      ...emptyForm,
      key: null,
      notice: error('landlord.authenticationFailed', LANDLORD_MESSAGES.authenticationFailed),
    }),
    // The landlord page's own call answered 401: the key expired or was revoked; the steps start again.
    expireSession: assign({
      ...emptyForm,
      key: null,
      notice: error('landlord.sessionExpired', LANDLORD_MESSAGES.sessionExpired),
    }),
    announceAuthenticationFailure: emit({
      type: 'session.loggedOut',
      reason: 'authenticationFailed',
    } as const),
  },
}).createMachine({
  id: 'landlordStepper',
  type: 'parallel',
  context: { ...emptyForm, key: null },
  states: {
    steps: {
      initial: 'electionId',
      on: {
        'stepper.reset': { target: '.electionId', actions: 'clearForm' },
        // Only a held key can expire; a late 401 after the key is gone changes nothing.
        'session.expired': {
          guard: 'hasKey',
          target: '.electionId',
          actions: ['expireSession', 'announceAuthenticationFailure'],
        },
      },
      states: {
        // Step 0, 'Landlord Election ID': who is the landlord? The tab says whether they log in or register.
        electionId: {
          initial: 'login',
          on: {
            'tab.select': [
              { guard: 'loginTab', target: '.login', actions: 'selectTab' },
              { target: '.register', actions: 'selectTab' },
            ],
          },
          states: {
            login: {
              initial: 'enteringEpic',
              states: {
                // Get OTP waits for a valid EPIC; the OTP field is disabled (no code asked for yet).
                enteringEpic: {
                  on: {
                    'epic.change': { actions: 'setEpic' },
                    'otp.request': { guard: 'epicValid', target: 'otp' },
                  },
                },
                // The child asks for the code, counts down and checks it; Login is its Verify.
                otp: {
                  invoke: {
                    id: 'otp',
                    src: 'otpAccess',
                    input: ({ context }) => ({ subject: 'landlord', id: context.epic, requestOnStart: true }),
                    onDone: { target: 'loadingLandlord', actions: 'keepKey' },
                  },
                  on: {
                    // A code belongs to one EPIC: another EPIC needs another Get OTP.
                    'epic.change': { target: 'enteringEpic', actions: 'setEpic' },
                    'otp.request': { guard: 'epicValid', target: 'otp', reenter: true },
                  },
                },
                // The key is held; the landlord's record is fetched with it before step 1 opens.
                loadingLandlord: {
                  tags: ['busy'],
                  invoke: {
                    id: 'loadLandlord',
                    src: 'loadLandlord',
                    input: ({ context }) => ({ epic: context.epic, key: context.key as CitizenKey }),
                    onDone: {
                      target: '#landlordStepper.steps.details',
                      actions: assign({
                        landlord: ({ event }) => event.output,
                        freshRegistration: false,
                        notice: success('landlord.verified', LANDLORD_MESSAGES.verified),
                      }),
                    },
                    onError: [
                      {
                        guard: 'authenticationFailed',
                        target: '#landlordStepper.steps.electionId',
                        actions: ['failAuthentication', 'announceAuthenticationFailure'],
                      },
                      {
                        target: 'enteringEpic',
                        actions: assign({
                          notice: ({ event }) =>
                            error('landlord.loadFailed', messageOr(event.error, SERVER_FALLBACK_MESSAGE)),
                        }),
                      },
                    ],
                  },
                },
              },
            },
            register: {
              initial: 'enteringEpic',
              states: {
                // Next waits for a valid EPIC.
                enteringEpic: {
                  meta: {
                    tutorial: {
                      title: 'Landlord Election ID',
                      text: 'Open Register / Login as Landlord and choose the Register tab. Enter your EPIC number (3 letters then 7 digits) and select Next.',
                    },
                  },
                  on: {
                    'epic.change': { actions: 'setEpic' },
                    'step.next': { guard: 'epicValid', target: 'checking' },
                  },
                },
                // Is this EPIC already registered? Only 'not found' lets a registration start.
                checking: {
                  tags: ['busy'],
                  meta: {
                    tutorial: {
                      title: 'Fresh registration',
                      text: 'The portal checks the EPIC number. A new number starts a fresh registration; a number already registered is asked to log in from the Login tab instead.',
                    },
                  },
                  entry: 'clearNotice',
                  invoke: {
                    id: 'checkLandlord',
                    src: 'checkLandlord',
                    input: ({ context }) => ({ epic: context.epic }),
                    onDone: {
                      target: 'enteringEpic',
                      actions: assign({
                        notice: error('landlord.alreadyExists', LANDLORD_MESSAGES.alreadyExists),
                      }),
                    },
                    onError: [
                      {
                        guard: 'notFound',
                        target: '#landlordStepper.steps.details',
                        actions: assign(({ context }) => ({
                          landlord: { landlordId: null, epicNo: context.epic },
                          freshRegistration: true,
                          notice: success(
                            'landlord.freshRegistration',
                            LANDLORD_MESSAGES.freshRegistration(context.epic),
                          ),
                        })),
                      },
                      {
                        guard: 'authenticationFailed',
                        target: '#landlordStepper.steps.electionId',
                        actions: ['failAuthentication', 'announceAuthenticationFailure'],
                      },
                      {
                        target: 'enteringEpic',
                        actions: assign({ notice: error('landlord.network', LANDLORD_MESSAGES.network) }),
                      },
                    ],
                  },
                },
              },
            },
          },
        },
        // Step 1, 'Landlord Details': the landlord page edits the record and reports each save.
        details: {
          initial: 'editing',
          states: {
            // Next needs a saved landlord; a first save of a fresh registration asks for an OTP first.
            editing: {
              meta: {
                tutorial: {
                  title: 'Landlord Details',
                  text: 'Fill in the three cards: Basic Details, Permanent Address and Present Address, and save each one.',
                },
              },
              on: {
                'landlord.saved': [
                  {
                    guard: 'freshRegistration',
                    target: 'verifyingRegistration',
                    actions: assign(({ context, event }) => ({
                      landlord: {
                        landlordId: event.landlordId,
                        epicNo: context.epic,
                        details: event.details,
                      },
                      notice: success('landlord.savedPleaseLogin', LANDLORD_MESSAGES.savedPleaseLogin),
                    })),
                  },
                  {
                    actions: assign(({ context, event }) => ({
                      landlord: {
                        landlordId: event.landlordId,
                        epicNo: context.landlord?.epicNo ?? context.epic,
                        details: event.details ?? context.landlord?.details,
                      },
                    })),
                  },
                ],
                'step.next': [
                  { guard: 'landlordSaved', target: '#landlordStepper.steps.completed' },
                  { actions: assign({ notice: error('landlord.notSaved', LANDLORD_MESSAGES.notSaved) }) },
                ],
              },
            },
            // The new landlord logs in with an OTP for their EPIC; the key then opens the other tabs.
            verifyingRegistration: {
              meta: {
                tutorial: {
                  title: 'Confirm with the OTP',
                  text: 'After the first save a one-time password is sent to your mobile: enter it to confirm. Later, log in from the Login tab with your EPIC number and Get OTP.',
                },
              },
              invoke: {
                id: 'otp',
                src: 'otpAccess',
                input: ({ context }) => ({ subject: 'landlord', id: context.epic, requestOnStart: true }),
                onDone: {
                  target: 'editing',
                  actions: [
                    'keepKey',
                    assign({
                      freshRegistration: false,
                      notice: success('landlord.verified', LANDLORD_MESSAGES.verified),
                    }),
                  ],
                },
              },
            },
          },
        },
        // Step 2, 'All steps completed': the completed form can be downloaded (the wiring opens it in a new window).
        completed: {
          initial: 'ready',
          states: {
            // The download button is offered.
            ready: {
              meta: {
                tutorial: {
                  title: 'All steps completed',
                  text: 'Select Next, then download your registration form (PDF). Your rental units are added on the Rental Units tab.',
                },
              },
              on: { 'pdf.download': 'downloading' },
            },
            // The PDF is being made; a second click would only make it twice.
            downloading: {
              tags: ['busy'],
              invoke: {
                id: 'downloadForm',
                src: 'downloadForm',
                input: ({ context }) => ({
                  landlordId: context.landlord?.landlordId ?? '',
                  key: context.key,
                }),
                onDone: 'ready',
                onError: [
                  {
                    guard: 'authenticationFailed',
                    target: '#landlordStepper.steps.electionId',
                    actions: ['expireSession', 'announceAuthenticationFailure'],
                  },
                  {
                    target: 'ready',
                    actions: assign({
                      notice: ({ event }) =>
                        error('landlord.formFailed', messageOr(event.error, SERVER_FALLBACK_MESSAGE)),
                    }),
                  },
                ],
              },
            },
          },
        },
      },
    },
    session: citizenSessionRegion,
  },
});

export type LandlordStepperMachine = typeof landlordStepperMachine;
