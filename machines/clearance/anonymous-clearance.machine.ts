import { and, assign, fromPromise, not, setup } from 'xstate';
import { otpAccessMachine, type CitizenKey } from '../access/otp-access.machine';
import { messageOr, SERVER_FALLBACK_MESSAGE, statusOf, type Notice } from '../access/failures';
import { normalizeEpic } from '../access/identity-rules';
import { toggle } from './member-codes';
import {
  CLEARANCE_EPIC_MIN_LENGTH,
  CLEARANCE_MESSAGES,
  CLEARANCE_OTP_MIN_LENGTH,
  CLEARANCE_TENANT_ID_MIN_LENGTH,
  CONSENT_CODE_LENGTH,
  TENANT_LOOKUP_PAUSE_MS,
  type AnonymousClearanceContext,
  type AnonymousClearanceEvent,
  type AnonymousClearanceInput,
  type ClearanceApply,
  type ClearanceConsent,
  type ClearanceConsentGiven,
  type ClearanceConsentResend,
  type ClearancePeople,
  type ClearanceDownload,
  type ClearanceGenerate,
  type ClearanceKeyInput,
  type ClearanceTenant,
  type ClearanceTenantLookup,
  type ClearanceUnit,
  type ClearanceWithdraw,
  type GeneratedClearance,
} from './anonymous-clearance.types';

/**
 * The Clearance tab and the landing page's Apply for Clearance (public-portal.md sections 2, 4, 5, 8;
 * docs/clearance.md): Landlord EPIC + Get OTP and Verify (the invoked otp-access child `otp`), unless the landlord
 * page hands over its key; then a vacant unit, the tenant by ID number, Generate Application, the tenant's consent
 * (the code sent to the tenant, entered here; docs/tenant-consent.md), the family members and helpers it covers,
 * Apply, and Download Application. Server calls are actors the wiring provides.
 */

const error = (text: string): Notice => ({ kind: 'error', text });
const serverError = (e: unknown) => error(messageOr(e, SERVER_FALLBACK_MESSAGE));

const noForm = {
  rentcode: null,
  tenantIdNumber: '',
  tenant: null,
  tenantError: null,
  application: null,
  memberCodes: [],
  helperCodes: [],
  consentCode: '',
} satisfies Partial<AnonymousClearanceContext>;

const start = (key: CitizenKey | null): AnonymousClearanceContext => ({
  keyFromOutside: key !== null,
  epic: '',
  key,
  units: [],
  ...noForm,
  appliedApplid: null,
  notice: null,
});

/**
 * A 401 on any call: with the landlord page's key the page logs out (the machine ends); with its own key the EPIC
 * step starts again, saying why.
 */
const whenKeyEnded = [
  { guard: and(['keyEnded', 'keyFromOutside']), target: '#anonymousClearance.ended' },
  { guard: 'keyEnded', target: '#anonymousClearance.enteringEpic', actions: 'forgetKey' },
] as const;

const key = ({ context }: { context: AnonymousClearanceContext }) => context.key as CitizenKey;

export const anonymousClearanceMachine = setup({
  types: {
    input: {} as AnonymousClearanceInput,
    context: {} as AnonymousClearanceContext,
    events: {} as AnonymousClearanceEvent,
    children: {} as { otp: 'otpAccess' },
  },
  actors: {
    otpAccess: otpAccessMachine,
    // Placeholders: the browser wiring, stories and tests provide the real ones.
    loadVacantUnits: fromPromise<ClearanceUnit[], ClearanceKeyInput>(() =>
      Promise.reject(new Error('loadVacantUnits is not provided: use anonymousClearanceMachine.provide()')),
    ),
    findTenant: fromPromise<ClearanceTenant, ClearanceTenantLookup>(() =>
      Promise.reject(new Error('findTenant is not provided: use anonymousClearanceMachine.provide()')),
    ),
    generateApplication: fromPromise<GeneratedClearance, ClearanceGenerate>(() =>
      Promise.reject(
        new Error('generateApplication is not provided: use anonymousClearanceMachine.provide()'),
      ),
    ),
    confirmConsent: fromPromise<ClearanceConsentGiven, ClearanceConsent>(() =>
      Promise.reject(new Error('confirmConsent is not provided: use anonymousClearanceMachine.provide()')),
    ),
    resendConsent: fromPromise<{ consentCodeSentTo: string }, ClearanceConsentResend>(() =>
      Promise.reject(new Error('resendConsent is not provided: use anonymousClearanceMachine.provide()')),
    ),
    withdrawApplication: fromPromise<void, ClearanceWithdraw>(() =>
      Promise.reject(
        new Error('withdrawApplication is not provided: use anonymousClearanceMachine.provide()'),
      ),
    ),
    applyApplication: fromPromise<void, ClearanceApply>(() =>
      Promise.reject(new Error('applyApplication is not provided: use anonymousClearanceMachine.provide()')),
    ),
    downloadApplication: fromPromise<void, ClearanceDownload>(() =>
      Promise.reject(
        new Error('downloadApplication is not provided: use anonymousClearanceMachine.provide()'),
      ),
    ),
  },
  delays: { tenantLookupPause: TENANT_LOOKUP_PAUSE_MS },
  guards: {
    keyGiven: ({ context }) => context.key !== null,
    keyFromOutside: ({ context }) => context.keyFromOutside,
    epicLongEnough: ({ context }) => context.epic.length >= CLEARANCE_EPIC_MIN_LENGTH,
    unitChosen: ({ context }) => context.rentcode !== null,
    noTenantError: ({ context }) => context.tenantError === null,
    noVacantUnits: ({ event }) => 'output' in event && (event.output as unknown[]).length === 0,
    tenantIdLongEnough: ({ event }) =>
      event.type === 'tenant.change' && event.value.trim().length >= CLEARANCE_TENANT_ID_MIN_LENGTH,
    keyEnded: ({ event }) => 'error' in event && statusOf(event.error) === 401,
    tenantAbsent: ({ event }) => 'error' in event && statusOf(event.error) === 404,
    hasApplied: ({ context }) => context.appliedApplid !== null,
    consentGiven: ({ event }) =>
      'output' in event && (event.output as GeneratedClearance).tenantConsent === 'given',
    consentCodeComplete: ({ context }) =>
      new RegExp(`^[0-9]{${CONSENT_CODE_LENGTH}}$`).test(context.consentCode),
  },
  actions: {
    setEpic: assign(({ event }) =>
      event.type === 'epic.change' ? { epic: normalizeEpic(event.value) } : {},
    ),
    keepKey: assign({ key: ({ event }) => ('output' in event ? (event.output as CitizenKey) : null) }),
    startAgain: assign(({ context }) => start(context.keyFromOutside ? context.key : null)),
    selectUnit: assign(({ event }) =>
      event.type === 'unit.select' ? { ...noForm, rentcode: event.rentcode, notice: null } : {},
    ),
    setTenantId: assign(({ event }) =>
      event.type === 'tenant.change'
        ? { tenantIdNumber: event.value.toUpperCase().trim(), tenant: null, tenantError: null }
        : {},
    ),
    forgetKey: assign(() => ({ ...start(null), notice: error(CLEARANCE_MESSAGES.keyEnded) })),
    // Everyone the tenant lives with is included at first; the landlord unticks whom it leaves out.
    keepPeople: assign(({ context, event }) => {
      const people = (event as unknown as { output: ClearancePeople & Partial<ClearanceConsentGiven> })
        .output;
      const application = context.application as GeneratedClearance;
      return {
        application: {
          ...application,
          familyMembers: people.familyMembers,
          helpers: people.helpers,
          tenantConsent: 'given' as const,
          tenantConsentedAt: people.tenantConsentedAt ?? application.tenantConsentedAt,
        },
        memberCodes: people.familyMembers.map((m) => m.memberCode),
        helperCodes: people.helpers.map((h) => h.memberCode),
      };
    }),
  },
}).createMachine({
  id: 'anonymousClearance',
  context: ({ input }) => start(input.key),
  initial: 'enteringEpic',
  on: { reset: { target: '.enteringEpic', actions: 'startAgain' } },
  states: {
    // Get OTP waits for 8 or more characters. With the landlord page's key the OTP step is skipped.
    enteringEpic: {
      always: { guard: 'keyGiven', target: 'verified' },
      on: {
        'epic.change': { actions: 'setEpic' },
        'otp.request': { guard: 'epicLongEnough', target: 'otp' },
      },
    },
    // The child asks for the code and checks it (Verify at 5 or more characters).
    otp: {
      invoke: {
        id: 'otp',
        src: 'otpAccess',
        input: ({ context }) => ({
          subject: 'landlord',
          id: context.epic,
          requestOnStart: true,
          minOtpLength: CLEARANCE_OTP_MIN_LENGTH,
        }),
        onDone: { target: 'verified', actions: 'keepKey' },
      },
      on: {
        'epic.change': { target: 'enteringEpic', actions: 'setEpic' },
        'otp.request': { guard: 'epicLongEnough', target: 'otp', reenter: true },
      },
    },
    // The landlord page's key ended while the tab used it: the page logs out (this machine is done).
    ended: { type: 'final' },
    // The form (units, tenant, generate, members, apply) beside the download of the last applied application.
    verified: {
      type: 'parallel',
      states: {
        form: {
          initial: 'loadingUnits',
          states: {
            loadingUnits: {
              tags: ['busy'],
              invoke: {
                id: 'loadVacantUnits',
                src: 'loadVacantUnits',
                input: ({ context }) => ({ key: key({ context }) }),
                onDone: [
                  {
                    guard: 'noVacantUnits',
                    target: 'noUnits',
                    actions: assign({ units: [] }),
                  },
                  { target: 'choosing', actions: assign({ units: ({ event }) => event.output }) },
                ],
                onError: [
                  ...whenKeyEnded,
                  {
                    target: 'loadFailed',
                    actions: assign({ notice: ({ event }) => serverError(event.error) }),
                  },
                ],
              },
            },
            // No vacant unit without a live application: the spec's message says how to add one.
            noUnits: { on: { 'units.reload': 'loadingUnits' } },
            loadFailed: { tags: ['error'], on: { 'units.reload': 'loadingUnits' } },
            // A unit is chosen, then the tenant's ID (the field is enabled only once a unit is chosen).
            choosing: {
              initial: 'noTenant',
              on: {
                'unit.select': { target: '.noTenant', actions: 'selectUnit' },
                'tenant.change': [
                  { guard: not('unitChosen') },
                  { guard: 'tenantIdLongEnough', target: '.pausing', actions: 'setTenantId' },
                  { target: '.noTenant', actions: 'setTenantId' },
                ],
              },
              states: {
                noTenant: {},
                pausing: { after: { tenantLookupPause: 'lookingUp' } },
                lookingUp: {
                  tags: ['lookingUpTenant'],
                  invoke: {
                    id: 'findTenant',
                    src: 'findTenant',
                    input: ({ context }) => ({ key: key({ context }), idNumber: context.tenantIdNumber }),
                    onDone: { target: 'found', actions: assign({ tenant: ({ event }) => event.output }) },
                    onError: [
                      ...whenKeyEnded,
                      {
                        guard: 'tenantAbsent',
                        target: 'notFound',
                        actions: assign({ tenantError: CLEARANCE_MESSAGES.noTenant }),
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
                // Generate Application needs a unit, a found tenant and no tenant error.
                found: {
                  on: {
                    generate: {
                      guard: and(['unitChosen', 'noTenantError']),
                      target: '#anonymousClearance.verified.form.generating',
                    },
                  },
                },
                notFound: { tags: ['error'] },
              },
            },
            generating: {
              tags: ['busy'],
              entry: assign({ notice: null }),
              invoke: {
                id: 'generateApplication',
                src: 'generateApplication',
                input: ({ context }) => ({
                  key: key({ context }),
                  rentcode: context.rentcode as string,
                  tenantId: (context.tenant as ClearanceTenant).id,
                }),
                onDone: [
                  {
                    // A repeated submission of an application the tenant already consented to.
                    guard: 'consentGiven',
                    target: 'selecting',
                    actions: [assign({ application: ({ event }) => event.output }), 'keepPeople'],
                  },
                  {
                    target: 'consenting',
                    actions: assign({ application: ({ event }) => event.output, consentCode: '' }),
                  },
                ],
                onError: [
                  ...whenKeyEnded,
                  {
                    target: '#anonymousClearance.verified.form.choosing.found',
                    actions: assign({ notice: ({ event }) => serverError(event.error) }),
                  },
                ],
              },
            },
            // The tenant's consent: the landlord asks the tenant for the code sent to the tenant's own email or
            // mobile (shown masked) and enters it; Resend code sends a new one. Only then are the people shown.
            // Reset here withdraws the application first (docs/tenant-consent.md "Reset on the consent step"), so
            // a landlord who leaves it does not leave its unit held by an application nobody will finish.
            consenting: {
              initial: 'entering',
              on: { reset: '#anonymousClearance.verified.form.withdrawing' },
              states: {
                entering: {
                  on: {
                    'consent.change': {
                      actions: assign({
                        consentCode: ({ event }) =>
                          event.value.replace(/\D/g, '').slice(0, CONSENT_CODE_LENGTH),
                      }),
                    },
                    'consent.confirm': { guard: 'consentCodeComplete', target: 'confirming' },
                    'consent.resend': 'resending',
                  },
                },
                confirming: {
                  tags: ['busy'],
                  entry: assign({ notice: null }),
                  invoke: {
                    id: 'confirmConsent',
                    src: 'confirmConsent',
                    input: ({ context }) => ({
                      key: key({ context }),
                      applid: (context.application as GeneratedClearance).applid,
                      code: context.consentCode,
                    }),
                    onDone: { target: '#anonymousClearance.verified.form.selecting', actions: 'keepPeople' },
                    onError: [
                      ...whenKeyEnded,
                      {
                        target: 'entering',
                        actions: assign({ consentCode: '', notice: ({ event }) => serverError(event.error) }),
                      },
                    ],
                  },
                },
                resending: {
                  tags: ['busy'],
                  entry: assign({ notice: null }),
                  invoke: {
                    id: 'resendConsent',
                    src: 'resendConsent',
                    input: ({ context }) => ({
                      key: key({ context }),
                      applid: (context.application as GeneratedClearance).applid,
                    }),
                    onDone: {
                      target: 'entering',
                      actions: assign({
                        consentCode: '',
                        application: ({ context, event }) => ({
                          ...(context.application as GeneratedClearance),
                          consentCodeSentTo: event.output.consentCodeSentTo,
                        }),
                        notice: { kind: 'success', text: CLEARANCE_MESSAGES.consentResent } satisfies Notice,
                      }),
                    },
                    onError: [
                      ...whenKeyEnded,
                      {
                        target: 'entering',
                        actions: assign({ notice: ({ event }) => serverError(event.error) }),
                      },
                    ],
                  },
                },
              },
            },
            // The application waiting for the tenant is withdrawn (the unit is free again), then all starts again.
            withdrawing: {
              tags: ['busy'],
              entry: assign({ notice: null }),
              invoke: {
                id: 'withdrawApplication',
                src: 'withdrawApplication',
                input: ({ context }) => ({
                  key: key({ context }),
                  applid: (context.application as GeneratedClearance).applid,
                }),
                onDone: {
                  target: '#anonymousClearance.enteringEpic',
                  actions: [
                    'startAgain',
                    assign({
                      notice: { kind: 'success', text: CLEARANCE_MESSAGES.withdrawn } satisfies Notice,
                    }),
                  ],
                },
                onError: [
                  ...whenKeyEnded,
                  {
                    // Not withdrawn: the consent step stays, saying why; Reset tries again.
                    target: 'consenting',
                    actions: assign({
                      notice: ({ event }) =>
                        error(`${CLEARANCE_MESSAGES.withdrawFailed} ${messageOr(event.error, '')}`.trim()),
                    }),
                  },
                ],
              },
            },
            // The generated application: tick the family members and helpers it covers, then Apply.
            selecting: {
              on: {
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
                apply: 'applying',
              },
            },
            applying: {
              tags: ['busy'],
              entry: assign({ notice: null }),
              invoke: {
                id: 'applyApplication',
                src: 'applyApplication',
                input: ({ context }) => ({
                  key: key({ context }),
                  applid: (context.application as GeneratedClearance).applid,
                  memberCodes: context.memberCodes,
                  helperCodes: context.helperCodes,
                }),
                // Applied: the download is offered and the form starts again on the units still vacant.
                onDone: {
                  target: 'loadingUnits',
                  actions: assign(({ context }) => ({
                    ...noForm,
                    appliedApplid: (context.application as GeneratedClearance).applid,
                    notice: { kind: 'success', text: CLEARANCE_MESSAGES.applied } satisfies Notice,
                  })),
                },
                onError: [
                  ...whenKeyEnded,
                  {
                    target: 'selecting',
                    actions: assign({
                      notice: ({ event }) =>
                        error(`${CLEARANCE_MESSAGES.applyFailed} ${messageOr(event.error, '')}`.trim()),
                    }),
                  },
                ],
              },
            },
          },
        },
        // Download Application: offered once an application was applied in this dialog.
        download: {
          initial: 'unavailable',
          states: {
            unavailable: { always: { guard: 'hasApplied', target: 'available' } },
            available: { on: { download: 'downloading' } },
            downloading: {
              tags: ['downloading'],
              invoke: {
                id: 'downloadApplication',
                src: 'downloadApplication',
                input: ({ context }) => ({ key: key({ context }), applid: context.appliedApplid as number }),
                onDone: 'available',
                onError: [
                  ...whenKeyEnded,
                  {
                    target: 'available',
                    actions: assign({ notice: ({ event }) => serverError(event.error) }),
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});

export type AnonymousClearanceMachine = typeof anonymousClearanceMachine;
