import { assign, fromPromise, setup } from 'xstate';
import {
  SERVER_FALLBACK_MESSAGE,
  messageOr,
  statusOf,
  noticeOf,
  type Notice,
  type NoticeCode,
} from '../access/failures';
import { isValidEpic, normalizeEpic, normalizeTenantId } from '../access/identity-rules';
import {
  CLEARANCE_WIZARD_MESSAGES,
  WIZARD_TENANT_ID_MIN_LENGTH,
  type ClearanceWizardContext,
  type ClearanceWizardEvent,
  type TenantLookupResult,
  type WizardFormRequest,
  type WizardTenantLookup,
} from './clearance-wizard.types';
import { notProvided as notProvidedBy } from '../not-provided';

/**
 * The logged-in clearance wizard (public-portal.md section 2 "Logged-in clearance wizard"; /app/new-application and
 * /app/offlineapplication): step 0 takes the landlord's EPIC, step 1 is the officials' landlord page (outside the
 * machine, it reports `landlord.saved`), step 2 finds the tenant by ID (or, for officials with the tenant screens,
 * registers it: the profile reports `tenant.registered`), step 3 is the Tenant Applications panel (it reports
 * `application.applied`), then 'All steps completed' with the complete application's download. Back goes one step
 * back, Reset starts again from any step.
 */

const emptyForm: ClearanceWizardContext = {
  epic: '',
  epicTouched: false,
  landlord: null,
  tenantIdNumber: '',
  tenant: null,
  applid: null,
  notice: null,
};

const error = (code: NoticeCode, text: string): Notice => noticeOf('error', code, text);

const notProvided = notProvidedBy('clearanceWizardMachine');

export const clearanceWizardMachine = setup({
  types: {
    context: {} as ClearanceWizardContext,
    events: {} as ClearanceWizardEvent,
  },
  actors: {
    // Placeholders: the browser wiring (by the official's role), stories and tests provide the real ones.
    findTenant: fromPromise<TenantLookupResult, WizardTenantLookup>(notProvided('findTenant')),
    downloadForm: fromPromise<void, WizardFormRequest>(notProvided('downloadForm')),
  },
  guards: {
    epicValid: ({ context }) => isValidEpic(context.epic),
    landlordSaved: ({ context }) => context.landlord !== null,
    landlordAndTenantChosen: ({ context }) => context.landlord !== null && context.tenant !== null,
    tenantIdLongEnough: ({ context }) => context.tenantIdNumber.length >= WIZARD_TENANT_ID_MIN_LENGTH,
    applied: ({ context }) => context.applid !== null,
    notFound: ({ event }) => 'error' in event && statusOf(event.error) === 404,
    tenantFound: ({ event }) => 'output' in event && (event.output as TenantLookupResult).kind === 'found',
  },
  actions: {
    clearForm: assign(emptyForm),
    clearNotice: assign({ notice: null }),
    setEpic: assign(({ event }) =>
      event.type === 'epic.change' ? { epic: normalizeEpic(event.value), epicTouched: true } : {},
    ),
    // Another landlord is another application: an application applied for the previous one no longer finishes.
    keepLandlord: assign(({ context, event }) =>
      event.type === 'landlord.saved'
        ? {
            landlord: event.landlord,
            applid: context.landlord?.id === event.landlord.id ? context.applid : null,
            notice: null,
          }
        : {},
    ),
    forgetLandlord: assign({ landlord: null, applid: null }),
    // A new ID is a new tenant: the one found before, and its application, are forgotten.
    setTenantId: assign(({ event }) =>
      event.type === 'tenant.idChange'
        ? { tenantIdNumber: normalizeTenantId('id', event.value), tenant: null, applid: null, notice: null }
        : {},
    ),
    keepRegisteredTenant: assign(({ event }) =>
      event.type === 'tenant.registered' ? { tenant: event.tenant, applid: null, notice: null } : {},
    ),
    keepApplication: assign(({ event }) =>
      event.type === 'application.applied' ? { applid: event.applid } : {},
    ),
    sayNotSaved: assign({ notice: error('clearanceWizard.notSaved', CLEARANCE_WIZARD_MESSAGES.notSaved) }),
    sayNoTenantChosen: assign({
      notice: error('clearanceWizard.noTenantChosen', CLEARANCE_WIZARD_MESSAGES.noTenantChosen),
    }),
  },
}).createMachine({
  id: 'clearanceWizard',
  context: emptyForm,
  initial: 'electionId',
  on: {
    'stepper.reset': { target: '.electionId', actions: 'clearForm' },
  },
  states: {
    // Step 0, 'Landlord Election ID': the EPIC of the landlord's election card; Next (or Enter) needs a valid one.
    electionId: {
      entry: 'clearNotice',
      on: {
        'epic.change': { actions: 'setEpic' },
        'step.next': { guard: 'epicValid', target: 'landlord' },
      },
    },
    // Step 1, 'Landlord': the landlord page looks the EPIC up (or registers it) and reports a saved landlord.
    landlord: {
      entry: 'clearNotice',
      on: {
        'landlord.saved': { actions: 'keepLandlord' },
        'step.back': { target: 'electionId', actions: 'forgetLandlord' },
        'step.next': [
          { guard: 'landlordAndTenantChosen', target: 'tenant.chosen' },
          { guard: 'landlordSaved', target: 'tenant' },
          { actions: 'sayNotSaved' },
        ],
      },
    },
    // Step 2, 'Tenants': whom the application is for.
    tenant: {
      initial: 'enteringId',
      entry: 'clearNotice',
      on: {
        'step.back': 'landlord',
      },
      states: {
        // The tenant's ID (driving licence, PAN or EPIC number); the lookup waits for 8 characters.
        enteringId: {
          on: {
            'tenant.idChange': { actions: 'setTenantId' },
            'tenant.lookup': { guard: 'tenantIdLongEnough', target: 'lookingUp' },
            'step.next': { actions: 'sayNoTenantChosen' },
          },
        },
        // Asking the server who has this ID (within the official's reach).
        lookingUp: {
          tags: ['busy'],
          entry: 'clearNotice',
          invoke: {
            id: 'findTenant',
            src: 'findTenant',
            input: ({ context }) => ({ idNumber: context.tenantIdNumber }),
            onDone: [
              {
                guard: 'tenantFound',
                target: 'chosen',
                actions: assign({
                  tenant: ({ event }) => (event.output.kind === 'found' ? event.output.tenant : null),
                  applid: null,
                }),
              },
              { target: 'registering' },
            ],
            onError: [
              {
                guard: 'notFound',
                target: 'enteringId',
                actions: assign({
                  notice: error('clearanceWizard.noTenant', CLEARANCE_WIZARD_MESSAGES.noTenant),
                }),
              },
              {
                target: 'enteringId',
                actions: assign({
                  notice: ({ event }) =>
                    error(
                      'clearanceWizard.findTenantFailed',
                      messageOr(event.error, SERVER_FALLBACK_MESSAGE),
                    ),
                }),
              },
            ],
          },
        },
        // No tenant has this ID and the official may register one: the tenant profile's first save reports it.
        registering: {
          on: {
            'tenant.idChange': { target: 'enteringId', actions: 'setTenantId' },
            'tenant.registered': { target: 'chosen', actions: 'keepRegisteredTenant' },
            'step.next': { actions: 'sayNoTenantChosen' },
          },
        },
        // The tenant is known: Next opens its applications.
        chosen: {
          on: {
            'tenant.idChange': { target: 'enteringId', actions: 'setTenantId' },
            'step.next': '#clearanceWizard.applications',
          },
        },
      },
    },
    // Step 3, 'Applications': the Tenant Applications panel creates and applies; Finish needs an applied one.
    applications: {
      entry: 'clearNotice',
      on: {
        'application.applied': { actions: 'keepApplication' },
        'step.back': 'tenant.chosen',
        'step.next': { guard: 'applied', target: 'completed' },
      },
    },
    // 'All steps completed': the complete application (the server's PDF) can be downloaded; Reset starts again.
    completed: {
      initial: 'ready',
      states: {
        // Download the Complete Application is offered.
        ready: {
          on: { 'pdf.download': 'downloading' },
        },
        // The PDF is being made; a second click would only make it twice.
        downloading: {
          tags: ['busy'],
          entry: 'clearNotice',
          invoke: {
            id: 'downloadForm',
            src: 'downloadForm',
            input: ({ context }) => ({ applid: context.applid as number }),
            onDone: 'ready',
            onError: {
              target: 'ready',
              actions: assign({
                notice: ({ event }) =>
                  error('clearanceWizard.formFailed', messageOr(event.error, SERVER_FALLBACK_MESSAGE)),
              }),
            },
          },
        },
      },
    },
  },
});

export type ClearanceWizardMachine = typeof clearanceWizardMachine;
