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
import { normalizeTenantId, type TenantIdKind } from './identity-rules';
import { otpAccessMachine, type CitizenKey, type OtpSubject } from './otp-access.machine';
import {
  REQUIRED_TENANT_DOCUMENTS,
  TENANT_MESSAGES,
  type TenantFilesRequest,
  type TenantLoad,
  type TenantLookup,
  type TenantRecord,
  type TenantStepperContext,
  type TenantStepperEmitted,
  type TenantStepperEvent,
} from './tenant-stepper.types';
import { notProvided as notProvidedBy } from '../not-provided';

/**
 * The tenant stepper (public-portal.md section 2 "Tenant stepper" and "Tenant profile tabs", sections 4, 5, 8):
 * step 0 finds the tenant (Login tab: an ID or registration number and an OTP; Register tab: an absence check),
 * step 1 is the tenant profile (outside the machine, it reports `tenant.saved`), step 2 offers the completed
 * form once the three required documents exist. A new tenant's first save sends the person back to step 0 to log in
 * with an OTP for the registration number. The OTP runs in the invoked child `otp` (otp-access).
 */

const emptyForm = {
  tab: 'login',
  idKind: 'id',
  id: '',
  tenant: null,
  documentTypes: [],
  notice: null,
} satisfies Omit<TenantStepperContext, 'key'>;

const error = (code: NoticeCode, text: string): Notice => noticeOf('error', code, text);
const success = (code: NoticeCode, text: string): Notice => noticeOf('success', code, text);
const otpSubjectOf = (kind: TenantIdKind): OtpSubject => (kind === 'id' ? 'tenant' : 'registration');

const notProvided = notProvidedBy('tenantStepperMachine');

export const tenantStepperMachine = setup({
  types: {
    context: {} as TenantStepperContext,
    events: {} as TenantStepperEvent,
    emitted: {} as TenantStepperEmitted,
    children: {} as { otp: 'otpAccess' },
  },
  actors: {
    otpAccess: otpAccessMachine,
    checkTenant: fromPromise<void, TenantLookup>(notProvided('checkTenant')),
    loadTenant: fromPromise<TenantRecord, TenantLoad>(notProvided('loadTenant')),
    listDocumentTypes: fromPromise<string[], TenantFilesRequest>(notProvided('listDocumentTypes')),
    downloadForm: fromPromise<void, TenantFilesRequest>(notProvided('downloadForm')),
  },
  guards: {
    idPresent: ({ context }) => context.id !== '',
    loginTab: ({ event }) => event.type === 'tab.select' && event.tab === 'login',
    onRegisterTab: ({ context }) => context.tab === 'register',
    tenantKnown: ({ context }) => context.tenant?.tenantId != null,
    newTenant: ({ context }) => context.tenant?.tenantId == null,
    newTenantWithHeldContact: ({ context, event }) =>
      context.tenant?.tenantId == null && event.type === 'tenant.saved' && Boolean(event.contactHeldUntil),
    requiredDocumentsPresent: ({ context }) =>
      REQUIRED_TENANT_DOCUMENTS.every((type) => context.documentTypes.includes(type)),
    hasKey: ({ context }) => context.key !== null,
    keyReachesHeldChangeOnly: ({ event }) =>
      'output' in event && (event.output as CitizenKey | undefined)?.reach === 'held-change',
    noKey: ({ context }) => context.key === null,
    notFound: ({ event }) => 'error' in event && statusOf(event.error) === 404,
    authenticationFailed: keyEnded,
  },
  actions: {
    forgetKey: assign({ key: null }),
    announceLogout: emit({ type: 'session.loggedOut', reason: 'logout' } as const),
    resetSteps: raise({ type: 'stepper.reset' }),
    setId: assign(({ context, event }) =>
      event.type === 'id.change' ? { id: normalizeTenantId(context.idKind, event.value) } : {},
    ),
    // The two kinds of number look nothing alike, so switching empties the field.
    selectIdKind: assign(({ event }) =>
      event.type === 'idKind.select' ? { idKind: event.kind, id: '' } : {},
    ),
    // Registering always starts from an ID document number; a number of the other kind is no use there.
    selectTab: assign(({ context, event }) => {
      if (event.type !== 'tab.select') return {};
      const idKind = event.tab === 'register' ? 'id' : context.idKind;
      return { tab: event.tab, idKind, id: idKind === context.idKind ? context.id : '', notice: null };
    }),
    clearForm: assign(emptyForm),
    clearNotice: assign({ notice: null }),
    keepKey: assign({ key: ({ event }) => ('output' in event ? (event.output as CitizenKey) : null) }),
    failAuthentication: assign({
      ...emptyForm,
      key: null,
      notice: error('tenant.authenticationFailed', TENANT_MESSAGES.authenticationFailed),
    }),
    // The key is dead: back to the start, the form emptied, and a message that says why.
    expireSession: assign({
      ...emptyForm,
      key: null,
      notice: error('tenant.sessionExpired', TENANT_MESSAGES.sessionExpired),
    }),
    announceAuthenticationFailure: emit({
      type: 'session.loggedOut',
      reason: 'authenticationFailed',
    } as const),
  },
}).createMachine({
  id: 'tenantStepper',
  type: 'parallel',
  context: { ...emptyForm, key: null },
  states: {
    steps: {
      initial: 'tenantId',
      on: {
        'stepper.reset': { target: '.tenantId', actions: 'clearForm' },
        // Only a held key can expire; the session region then falls back to anonymous on its own.
        'session.expired': { guard: 'hasKey', target: '.tenantId', actions: 'expireSession' },
      },
      states: {
        // Step 0, 'Tenant ID': who is the tenant? The tab says whether they log in or register.
        tenantId: {
          initial: 'login',
          on: {
            'tab.select': [
              { guard: 'loginTab', target: '.login', actions: 'selectTab' },
              { target: '.register', actions: 'selectTab' },
            ],
          },
          states: {
            login: {
              initial: 'enteringId',
              states: {
                // Get OTP waits for an ID; the OTP field and Next wait for a code to be asked for.
                enteringId: {
                  on: {
                    'idKind.select': { actions: 'selectIdKind' },
                    'id.change': { actions: 'setId' },
                    'otp.request': { guard: 'idPresent', target: 'otp' },
                  },
                },
                // The child asks for the code, counts 5:00 down and checks it; Next is its Verify.
                otp: {
                  invoke: {
                    id: 'otp',
                    src: 'otpAccess',
                    input: ({ context }) => ({
                      subject: otpSubjectOf(context.idKind),
                      id: context.id,
                      requestOnStart: true,
                    }),
                    onDone: [
                      { guard: 'keyReachesHeldChangeOnly', target: 'heldChangeOnly', actions: 'keepKey' },
                      { target: 'loadingTenant', actions: 'keepKey' },
                    ],
                  },
                  on: {
                    // A code belongs to one ID: another ID needs another Get OTP.
                    'idKind.select': { target: 'enteringId', actions: 'selectIdKind' },
                    'id.change': { target: 'enteringId', actions: 'setId' },
                    'otp.request': { guard: 'idPresent', target: 'otp', reenter: true },
                  },
                },
                // A contested record (docs/otp-channel-changes.md): the key reaches only the held change of its
                // mobile or email, which the view shows with Stop; the record stays unread. Another ID starts over.
                heldChangeOnly: {
                  // The view says why (TENANT_MESSAGES.heldChangeOnly) where it stays; no snackbar repeats it.
                  entry: assign({ tab: 'login', notice: null }),
                  on: {
                    'idKind.select': { target: 'enteringId', actions: 'selectIdKind' },
                    'id.change': { target: 'enteringId', actions: 'setId' },
                  },
                },
                // The key is held; the tenant is fetched with it and shown read-only with the other tabs open.
                loadingTenant: {
                  tags: ['busy'],
                  invoke: {
                    id: 'loadTenant',
                    src: 'loadTenant',
                    input: ({ context }) => ({
                      subject: otpSubjectOf(context.idKind),
                      id: context.id,
                      key: context.key as CitizenKey,
                    }),
                    onDone: {
                      target: '#tenantStepper.steps.details',
                      actions: assign({
                        tenant: ({ event }) => event.output,
                        notice: success('tenant.verified', TENANT_MESSAGES.verified),
                      }),
                    },
                    onError: [
                      {
                        guard: 'authenticationFailed',
                        target: '#tenantStepper.steps.tenantId',
                        actions: ['failAuthentication', 'announceAuthenticationFailure'],
                      },
                      {
                        target: 'enteringId',
                        actions: assign({
                          notice: ({ event }) =>
                            error('tenant.loadFailed', messageOr(event.error, SERVER_FALLBACK_MESSAGE)),
                        }),
                      },
                    ],
                  },
                },
              },
            },
            register: {
              initial: 'enteringId',
              states: {
                // Next waits for an ID.
                enteringId: {
                  on: {
                    'id.change': { actions: 'setId' },
                    'step.next': { guard: 'idPresent', target: 'checking' },
                  },
                },
                // Is this ID already registered? Only 'not found' lets a registration start.
                checking: {
                  tags: ['busy'],
                  entry: 'clearNotice',
                  invoke: {
                    id: 'checkTenant',
                    src: 'checkTenant',
                    input: ({ context }) => ({ id: context.id }),
                    onDone: {
                      target: 'enteringId',
                      actions: assign({
                        notice: error('tenant.alreadyExists', TENANT_MESSAGES.alreadyExists),
                      }),
                    },
                    onError: [
                      {
                        guard: 'notFound',
                        target: '#tenantStepper.steps.details',
                        actions: assign(({ context }) => ({
                          tenant: { tenantId: null, epicNo: context.id },
                        })),
                      },
                      {
                        guard: 'authenticationFailed',
                        target: '#tenantStepper.steps.tenantId',
                        actions: ['failAuthentication', 'announceAuthenticationFailure'],
                      },
                      {
                        target: 'enteringId',
                        actions: assign({ notice: error('tenant.serverError', TENANT_MESSAGES.serverError) }),
                      },
                    ],
                  },
                },
              },
            },
            // A first save whose contact is held (docs/otp-channel-changes.md, "A contested record"): no OTP would
            // reach the person, so the view says when its contact takes effect and where to settle it sooner.
            registeredWithHeldContact: {},
            // Back at step 0 after a new tenant's first save: they log in with an OTP for the registration number.
            registrationOtp: {
              invoke: {
                id: 'otp',
                src: 'otpAccess',
                input: ({ context }) => ({
                  subject: 'registration',
                  id: context.tenant?.tenantId ?? '',
                  requestOnStart: true,
                }),
                onDone: [
                  {
                    guard: 'keyReachesHeldChangeOnly',
                    target: 'login.heldChangeOnly',
                    actions: 'keepKey',
                  },
                  {
                    target: '#tenantStepper.steps.details',
                    actions: [
                      'keepKey',
                      assign({
                        notice: ({ context }) =>
                          success(
                            'tenant.registrationVerified',
                            TENANT_MESSAGES.registrationVerified(context.tenant?.tenantId ?? ''),
                          ),
                      }),
                    ],
                  },
                ],
              },
            },
          },
        },
        // Step 1, 'Tenant Details': the profile page edits the tenant and reports each save.
        details: {
          initial: 'editing',
          states: {
            // Next/Finish waits for a tenant the server knows; a new tenant's first save goes to log in first.
            editing: {
              on: {
                'tenant.saved': [
                  // The ID's earlier record was deleted and its contact kept: the OTP would not reach this person.
                  {
                    guard: 'newTenantWithHeldContact',
                    target: '#tenantStepper.steps.tenantId.registeredWithHeldContact',
                    actions: assign(({ context, event }) => ({
                      tenant: {
                        tenantId: event.tenantId,
                        epicNo: context.tenant?.epicNo ?? context.id,
                        details: event.details,
                        contactHeldUntil: event.contactHeldUntil,
                      },
                      notice: null,
                    })),
                  },
                  {
                    guard: 'newTenant',
                    target: '#tenantStepper.steps.tenantId.registrationOtp',
                    actions: assign(({ context, event }) => ({
                      tenant: {
                        tenantId: event.tenantId,
                        epicNo: context.tenant?.epicNo ?? context.id,
                        details: event.details,
                      },
                      notice: success('tenant.savedPleaseLogin', TENANT_MESSAGES.savedPleaseLogin),
                    })),
                  },
                  {
                    actions: assign(({ context, event }) => ({
                      tenant: {
                        tenantId: event.tenantId,
                        epicNo: context.tenant?.epicNo ?? context.id,
                        details: event.details ?? context.tenant?.details,
                      },
                    })),
                  },
                ],
                'step.next': { guard: 'tenantKnown', target: '#tenantStepper.steps.completed' },
                'step.back': [
                  { guard: 'onRegisterTab', target: '#tenantStepper.steps.tenantId.register' },
                  { target: '#tenantStepper.steps.tenantId.login' },
                ],
              },
            },
          },
        },
        // Step 2: 'Download Completed Form' once PHOTO, IDENTITYPROOF and SIGNATURE are uploaded; Go Back to step 1.
        completed: {
          initial: 'loadingDocuments',
          on: {
            'documents.changed': { actions: assign({ documentTypes: ({ event }) => event.types }) },
            'step.back': '#tenantStepper.steps.details',
          },
          states: {
            // Which documents exist decides whether the form may be downloaded.
            loadingDocuments: {
              tags: ['busy'],
              invoke: {
                id: 'listDocumentTypes',
                src: 'listDocumentTypes',
                input: ({ context }) => ({ tenantId: context.tenant?.tenantId ?? '', key: context.key }),
                onDone: { target: 'ready', actions: assign({ documentTypes: ({ event }) => event.output }) },
                onError: [
                  {
                    guard: 'authenticationFailed',
                    target: '#tenantStepper.steps.tenantId',
                    actions: 'expireSession',
                  },
                  {
                    target: 'ready',
                    actions: assign({
                      notice: ({ event }) =>
                        error('tenant.documentTypesFailed', messageOr(event.error, SERVER_FALLBACK_MESSAGE)),
                    }),
                  },
                ],
              },
            },
            // The button is offered; without the three documents it explains what is missing.
            ready: {
              on: {
                'form.download': [
                  { guard: 'requiredDocumentsPresent', target: 'downloading' },
                  {
                    actions: assign({
                      notice: error('tenant.documentsMissing', TENANT_MESSAGES.documentsMissing),
                    }),
                  },
                ],
              },
            },
            // The PDF is being made; a second click would only make it twice.
            downloading: {
              tags: ['busy'],
              invoke: {
                id: 'downloadForm',
                src: 'downloadForm',
                input: ({ context }) => ({ tenantId: context.tenant?.tenantId ?? '', key: context.key }),
                onDone: 'ready',
                onError: [
                  {
                    guard: 'authenticationFailed',
                    target: '#tenantStepper.steps.tenantId',
                    actions: 'expireSession',
                  },
                  {
                    target: 'ready',
                    actions: assign({
                      notice: ({ event }) =>
                        error('tenant.formFailed', messageOr(event.error, SERVER_FALLBACK_MESSAGE)),
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

export type TenantStepperMachine = typeof tenantStepperMachine;
