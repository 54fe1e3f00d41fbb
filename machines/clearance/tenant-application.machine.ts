import { and, assign } from 'xstate';
import { messageOr, SERVER_FALLBACK_MESSAGE, type Notice } from '../access/failures';
import { CONSENT_CODE_LENGTH, type ClearanceTenant } from './anonymous-clearance.types';
import {
  TENANT_APPLICATION_MESSAGES,
  type AppliedOfficeApplication,
  type OfficeApplicationRow,
  type OpenedApplication,
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
import { listsInput, tenantApplicationSetup } from './tenant-application.setup';

/**
 * The Tenant Applications panel of an official (public-portal.md section 2 "Tenant Applications page"; issue 10;
 * docs/office-applications.md): the landlord's lists, Create New Application (a vacant unit and the tenant's ID),
 * "Select Application You Wish To Apply" (the tenant's consent when it is awaited, members, helpers, the ward
 * MODERATOR's recommendation, Apply, Download the Complete Application) and the completed table's pages. Its named
 * actors, guards and actions are in tenant-application.setup.ts.
 */
export const tenantApplicationMachine = tenantApplicationSetup.createMachine({
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
        'dialog.close': { target: 'browsing', actions: assign({ notice: null }) },
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
                'consent.reset': 'withdrawing',
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
            // Reset (docs/tenant-consent.md): the official's own draft is withdrawn, so its unit is free again; then
            // the panel starts again from its lists, which no longer hold it.
            withdrawing: {
              tags: ['busy'],
              entry: assign({ notice: null }),
              on: { 'dialog.close': {} },
              invoke: {
                id: 'withdrawApplication',
                src: 'withdrawApplication',
                input: ({ context }) => ({ applid: (context.application as OpenedApplication).applid }),
                onDone: {
                  target: '#tenantApplication.loading',
                  actions: assign({
                    ...noSelection,
                    notice: {
                      kind: 'success',
                      code: 'tenantApplication.withdrawn',
                      text: TENANT_APPLICATION_MESSAGES.withdrawn,
                    } satisfies Notice,
                  }),
                },
                // Not withdrawn: the consent step stays, saying why; Reset tries again.
                onError: {
                  target: 'enteringCode',
                  actions: assign({
                    notice: ({ event }) => ({
                      kind: 'error',
                      code: 'tenantApplication.withdrawFailed',
                      text: `${TENANT_APPLICATION_MESSAGES.withdrawFailed} ${messageOr(event.error, '')}`.trim(),
                    }),
                  }),
                },
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
                notice: {
                  kind: 'success',
                  code: 'tenantApplication.applied',
                  text: event.output.message,
                } satisfies Notice,
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
