import { and, assign, fromPromise, setup } from 'xstate';
import { messageOr, SERVER_FALLBACK_MESSAGE, statusOf, type Notice } from '../access/failures';
import { CONSENT_CODE_LENGTH, type ClearanceTenant } from './anonymous-clearance.types';
import {
  OFFICE_TENANT_ID_MIN_LENGTH,
  RECOMMENDING_ROLE,
  TENANT_APPLICATION_MESSAGES,
  type AppliedOfficeApplication,
  type ApplyOfficeApplicationInput,
  type ConsentedPeople,
  type CompletedApplicationsPage,
  type DownloadOfficeApplicationInput,
  type FindOfficeTenantInput,
  type LoadCompletedInput,
  type LoadListsInput,
  type OfficeApplicationRow,
  type OfficeConsentInput,
  type OfficeConsentResendInput,
  type OpenedApplication,
  type SaveOfficeApplicationInput,
  type TenantApplicationContext,
  type TenantApplicationEvent,
  type TenantApplicationInput,
  type TenantApplicationLists,
} from './tenant-application.types';
import { toggle } from './member-codes';
import {
  noForm,
  noSelection,
  recommendationOf,
  withCodeResent,
  withConsent,
  withCreated,
} from './tenant-application.context';

/**
 * The Tenant Applications panel of an official (public-portal.md section 2 "Tenant Applications page"; issue 10;
 * docs/office-applications.md): the landlord's lists, Create New Application (a vacant unit and the tenant's ID),
 * "Select Application You Wish To Apply" (members, helpers, the ward MODERATOR's recommendation, Apply, Download the
 * Complete Application) and the completed table's pages. Server calls are actors the wiring provides.
 */

const failed = (e: unknown): Notice => ({ kind: 'error', text: messageOr(e, SERVER_FALLBACK_MESSAGE) });

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`${name} is not provided: use tenantApplicationMachine.provide()`));

const listsInput = ({ context }: { context: TenantApplicationContext }): LoadListsInput => ({
  viewer: context.viewer,
  landlord: context.landlord,
});

export const tenantApplicationMachine = setup({
  types: {
    input: {} as TenantApplicationInput,
    context: {} as TenantApplicationContext,
    events: {} as TenantApplicationEvent,
  },
  actors: {
    // Placeholders: the browser wiring, stories and tests provide the real ones.
    loadLists: fromPromise<TenantApplicationLists, LoadListsInput>(notProvided('loadLists')),
    loadCompletedPage: fromPromise<CompletedApplicationsPage, LoadCompletedInput>(
      notProvided('loadCompletedPage'),
    ),
    findTenant: fromPromise<ClearanceTenant, FindOfficeTenantInput>(notProvided('findTenant')),
    saveApplication: fromPromise<OpenedApplication, SaveOfficeApplicationInput>(
      notProvided('saveApplication'),
    ),
    readApplication: fromPromise<OpenedApplication, SaveOfficeApplicationInput>(
      notProvided('readApplication'),
    ),
    confirmConsent: fromPromise<ConsentedPeople, OfficeConsentInput>(notProvided('confirmConsent')),
    resendConsent: fromPromise<{ consentCodeSentTo: string }, OfficeConsentResendInput>(
      notProvided('resendConsent'),
    ),
    applyApplication: fromPromise<AppliedOfficeApplication, ApplyOfficeApplicationInput>(
      notProvided('applyApplication'),
    ),
    downloadApplication: fromPromise<void, DownloadOfficeApplicationInput>(
      notProvided('downloadApplication'),
    ),
  },
  guards: {
    otherPage: ({ context, event }) =>
      event.type === 'completed.page' &&
      event.page >= 0 &&
      event.page < (context.completed?.totalPages ?? 0) &&
      event.page !== context.completed?.pageNumber,
    tenantChosenBefore: ({ context }) => (context.tenantIdNumber ?? '').length >= OFFICE_TENANT_ID_MIN_LENGTH,
    idLongEnough: ({ context }) => context.idNumber.length >= OFFICE_TENANT_ID_MIN_LENGTH,
    unitChosen: ({ context }) => context.rentcode !== null,
    tenantAbsent: ({ event }) => 'error' in event && statusOf(event.error) === 404,
    knownApplication: ({ context, event }) =>
      event.type === 'application.pick' && context.incomplete.some((row) => row.applid === event.applid),
    mayRecommend: ({ context }) => context.viewer.role === RECOMMENDING_ROLE,
    rejectionChosen: ({ context }) => context.recommendation === 'rejection',
    remarksGivenIfRejecting: ({ context }) =>
      context.recommendation !== 'rejection' || context.remarks.trim().length > 0,
    hasApplied: ({ context }) => context.applied !== null,
    consentPending: ({ event }) =>
      'output' in event && (event.output as OpenedApplication).tenantConsent === 'pending',
    consentCodeComplete: ({ context }) =>
      new RegExp(`^[0-9]{${CONSENT_CODE_LENGTH}}$`).test(context.consentCode),
  },
  actions: {
    openForm: assign(({ context }) => ({
      ...noForm,
      idNumber: (context.tenantIdNumber ?? '').toUpperCase().trim(),
      notice: null,
    })),
    closeApplication: assign({
      application: null,
      consentCode: '',
      memberCodes: [],
      helperCodes: [],
      recommendation: 'none',
      remarks: '',
    }),
    noticeOfError: assign(({ event }) => ({ notice: failed((event as { error?: unknown }).error) })),
    /** A reply awaiting the tenant's consent: the application, nobody to tick yet. */
    awaitConsent: assign(({ event }) => ({
      application: (event as { output?: unknown }).output as OpenedApplication,
      memberCodes: [],
      helperCodes: [],
      consentCode: '',
      notice: null,
    })),
    /** The reply of a save (new) or a read (picked): everyone the tenant lives with is ticked at first. */
    openApplication: assign(({ event }) => {
      const application = (event as { output?: unknown }).output as OpenedApplication;
      return {
        application,
        memberCodes: application.familyMembers.map((m) => m.memberCode),
        helperCodes: application.helpers.map((h) => h.memberCode),
        recommendation: 'none' as const,
        remarks: '',
        notice: null,
      };
    }),
  },
}).createMachine({
  id: 'tenantApplication',
  context: ({ input }) => ({
    ...input,
    vacantUnits: [],
    incomplete: [],
    completed: null,
    completedPage: 0,
    ...noForm,
    ...noSelection,
    notice: null,
  }),
  initial: 'loading',
  states: {
    // The units Create offers, the applications the picker offers and the completed table's first page.
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadLists',
        src: 'loadLists',
        input: listsInput,
        onDone: {
          target: 'browsing',
          actions: assign(({ event }) => ({
            ...event.output,
            completedPage: event.output.completed.pageNumber,
          })),
        },
        onError: { target: 'loadFailed', actions: 'noticeOfError' },
      },
    },
    loadFailed: { tags: ['error'], on: { retry: { target: 'loading', actions: assign({ notice: null }) } } },
    // The two buttons and the completed table, turning its pages.
    browsing: {
      initial: 'shown',
      // A page that failed to load is forgotten when a dialog opens: the table shows the page it has.
      exit: assign({ completedPage: ({ context }) => context.completed?.pageNumber ?? 0 }),
      on: {
        'create.open': [
          // A tenant chosen at the wizard's Tenants step is looked up at once.
          { guard: 'tenantChosenBefore', target: 'creating.lookingUp', actions: 'openForm' },
          { target: 'creating.editing', actions: 'openForm' },
        ],
        'incomplete.open': { target: 'selecting', actions: assign({ ...noSelection, notice: null }) },
      },
      states: {
        shown: {
          on: {
            'completed.page': {
              guard: 'otherPage',
              target: 'turning',
              actions: assign({ completedPage: ({ event }) => event.page }),
            },
          },
        },
        turning: {
          tags: ['turningPage'],
          invoke: {
            id: 'loadCompletedPage',
            src: 'loadCompletedPage',
            input: ({ context }) => ({ ...listsInput({ context }), page: context.completedPage }),
            onDone: {
              target: 'shown',
              actions: assign(({ event }) => ({
                completed: event.output,
                completedPage: event.output.pageNumber,
                notice: null,
              })),
            },
            onError: { target: 'pageFailed', actions: 'noticeOfError' },
          },
        },
        pageFailed: {
          tags: ['error'],
          on: {
            retry: 'turning',
            'completed.page': {
              guard: 'otherPage',
              target: 'turning',
              actions: assign({ completedPage: ({ event }) => event.page }),
            },
          },
        },
      },
    },
    // Create New Application: a vacant unit of the landlord and the tenant found by its ID.
    creating: {
      initial: 'editing',
      on: {
        'dialog.close': 'browsing',
        'unit.select': { actions: assign({ rentcode: ({ event }) => event.rentcode }) },
        'tenant.change': {
          target: '.editing',
          actions: assign({
            idNumber: ({ event }) => event.value.toUpperCase().trim(),
            tenant: null,
            tenantError: null,
          }),
        },
      },
      states: {
        editing: { on: { 'tenant.find': { guard: 'idLongEnough', target: 'lookingUp' } } },
        lookingUp: {
          tags: ['lookingUpTenant'],
          invoke: {
            id: 'findTenant',
            src: 'findTenant',
            input: ({ context }) => ({ idNumber: context.idNumber }),
            onDone: { target: 'found', actions: assign({ tenant: ({ event }) => event.output }) },
            onError: [
              {
                guard: 'tenantAbsent',
                target: 'notFound',
                actions: assign({ tenantError: TENANT_APPLICATION_MESSAGES.noTenant }),
              },
              {
                target: 'notFound',
                actions: assign({
                  tenantError: ({ event }) => messageOr(event.error, SERVER_FALLBACK_MESSAGE),
                }),
              },
            ],
          },
        },
        found: { on: { 'create.submit': { guard: 'unitChosen', target: 'saving' } } },
        notFound: { tags: ['error'], on: { 'tenant.find': { guard: 'idLongEnough', target: 'lookingUp' } } },
        // SaveApplication (own) or SaveApplication_Police (office); the fields hold still meanwhile.
        saving: {
          tags: ['busy'],
          entry: assign({ notice: null }),
          on: { 'dialog.close': {}, 'unit.select': {}, 'tenant.change': {} },
          invoke: {
            id: 'saveApplication',
            src: 'saveApplication',
            input: ({ context }) => ({
              channel: context.channel,
              landlordId: context.landlord.id,
              rentcode: context.rentcode as string,
              tenantId: (context.tenant as ClearanceTenant).id,
            }),
            onDone: [
              {
                guard: 'consentPending',
                target: '#tenantApplication.selecting.awaitingConsent',
                actions: [
                  assign(({ context, event }) => ({
                    ...noSelection,
                    ...withCreated(context, event.output.applid),
                  })),
                  'awaitConsent',
                ],
              },
              {
                target: '#tenantApplication.selecting.picked',
                actions: [
                  assign(({ context, event }) => ({
                    ...noSelection,
                    ...withCreated(context, event.output.applid),
                  })),
                  'openApplication',
                ],
              },
            ],
            onError: { target: 'found', actions: 'noticeOfError' },
          },
        },
      },
    },
    // "Select Application You Wish To Apply".
    selecting: {
      id: 'selecting',
      initial: 'choosing',
      on: {
        'dialog.close': [
          // Something was applied: the lists are read again (it moved from incomplete to completed).
          { guard: 'hasApplied', target: 'loading', actions: assign({ ...noSelection, notice: null }) },
          { target: 'browsing', actions: assign({ notice: null }) },
        ],
      },
      states: {
        choosing: {
          on: {
            'application.pick': {
              guard: 'knownApplication',
              target: 'readingMembers',
              actions: 'closeApplication',
            },
          },
        },
        // The members and helpers of a picked application: the save call answers the same application again.
        readingMembers: {
          tags: ['busy'],
          invoke: {
            id: 'readApplication',
            src: 'readApplication',
            input: ({ context, event }) => {
              const applid = (event as { applid: number }).applid;
              const row = context.incomplete.find((r) => r.applid === applid) as OfficeApplicationRow;
              return {
                channel: context.channel,
                landlordId: context.landlord.id,
                rentcode: row.rentcode,
                tenantId: row.tenantid,
              };
            },
            onDone: [
              { guard: 'consentPending', target: 'awaitingConsent', actions: 'awaitConsent' },
              { target: 'picked', actions: 'openApplication' },
            ],
            onError: { target: 'choosing', actions: 'noticeOfError' },
          },
        },
        // The tenant the official does not reach has not consented (docs/tenant-consent.md): the official asks the
        // tenant for the code sent to the tenant's own channel; no members and no Apply until it is confirmed.
        awaitingConsent: {
          initial: 'enteringCode',
          states: {
            enteringCode: {
              on: {
                'application.pick': {
                  guard: 'knownApplication',
                  target: '#selecting.readingMembers',
                  actions: 'closeApplication',
                },
                'consent.change': {
                  actions: assign({
                    consentCode: ({ event }) => event.value.replace(/\D/g, '').slice(0, CONSENT_CODE_LENGTH),
                  }),
                },
                'consent.confirm': { guard: 'consentCodeComplete', target: 'confirming' },
                'consent.resend': 'resending',
              },
            },
            // The code, sealed by the wiring, is checked; its answer is the tenant's people.
            confirming: {
              tags: ['busy'],
              entry: assign({ notice: null }),
              on: { 'dialog.close': {} },
              invoke: {
                id: 'confirmConsent',
                src: 'confirmConsent',
                input: ({ context }) => ({
                  applid: (context.application as OpenedApplication).applid,
                  code: context.consentCode,
                }),
                onDone: {
                  target: '#selecting.picked',
                  actions: assign(({ context, event }) => withConsent(context, event.output)),
                },
                onError: {
                  target: 'enteringCode',
                  actions: [assign({ consentCode: '' }), 'noticeOfError'],
                },
              },
            },
            // A new code goes to the tenant; the earlier one ends.
            resending: {
              tags: ['busy'],
              entry: assign({ notice: null }),
              on: { 'dialog.close': {} },
              invoke: {
                id: 'resendConsent',
                src: 'resendConsent',
                input: ({ context }) => ({ applid: (context.application as OpenedApplication).applid }),
                onDone: {
                  target: 'enteringCode',
                  actions: assign(({ context, event }) =>
                    withCodeResent(context, event.output.consentCodeSentTo),
                  ),
                },
                onError: { target: 'enteringCode', actions: 'noticeOfError' },
              },
            },
          },
        },
        picked: {
          on: {
            'application.pick': {
              guard: 'knownApplication',
              target: 'readingMembers',
              actions: 'closeApplication',
            },
            'member.toggle': {
              actions: assign({
                memberCodes: ({ context, event }) => toggle(context.memberCodes, event.memberCode),
              }),
            },
            'helper.toggle': {
              actions: assign({
                helperCodes: ({ context, event }) => toggle(context.helperCodes, event.memberCode),
              }),
            },
            'recommendation.choose': {
              guard: 'mayRecommend',
              actions: assign({ recommendation: ({ event }) => event.choice, remarks: '' }),
            },
            'remarks.change': {
              guard: and(['mayRecommend', 'rejectionChosen']),
              actions: assign({ remarks: ({ event }) => event.value }),
            },
            apply: { guard: 'remarksGivenIfRejecting', target: 'applying' },
          },
        },
        applying: {
          tags: ['busy'],
          entry: assign({ notice: null }),
          on: { 'dialog.close': {} },
          invoke: {
            id: 'applyApplication',
            src: 'applyApplication',
            input: ({ context }) => ({
              applid: (context.application as OpenedApplication).applid,
              memberCodes: context.memberCodes,
              helperCodes: context.helperCodes,
              recommendation: recommendationOf(context),
            }),
            onDone: {
              target: 'applied',
              actions: assign(({ event }) => ({
                applied: event.output,
                notice: { kind: 'success', text: event.output.message } satisfies Notice,
              })),
            },
            onError: { target: 'picked', actions: 'noticeOfError' },
          },
        },
        // The server's message and Download the Complete Application.
        applied: { on: { download: 'downloading' } },
        downloading: {
          tags: ['downloading'],
          invoke: {
            id: 'downloadApplication',
            src: 'downloadApplication',
            input: ({ context }) => ({ applid: (context.applied as AppliedOfficeApplication).applid }),
            onDone: 'applied',
            onError: { target: 'applied', actions: 'noticeOfError' },
          },
        },
      },
    },
  },
});

export type TenantApplicationMachine = typeof tenantApplicationMachine;
