import { and, assign, not } from 'xstate';
import type { CitizenKey } from '../access/otp-access.machine';
import { messageOr, SERVER_FALLBACK_MESSAGE, type Notice, type NoticeCode } from '../access/failures';
import { noForm, start, withCodeResent } from './anonymous-clearance.context';
import { anonymousClearanceSetup, error } from './anonymous-clearance.setup';
import { toggle } from './member-codes';
import {
  CLEARANCE_MESSAGES,
  CLEARANCE_OTP_MIN_LENGTH,
  CONSENT_CODE_LENGTH,
  type AnonymousClearanceContext,
  type ClearanceTenant,
  type GeneratedClearance,
} from './anonymous-clearance.types';

/**
 * The Clearance tab and the landing page's Apply for Clearance (public-portal.md sections 2, 4, 5, 8;
 * docs/clearance.md): Landlord EPIC + Get OTP and Verify (the invoked otp-access child `otp`), unless the landlord
 * page hands over its key; then a vacant unit, the tenant by ID number, Generate Application, the tenant's consent
 * (the code sent to the tenant, entered here; docs/tenant-consent.md), the family members and helpers it covers,
 * Apply, and Download Application. Server calls are actors the wiring provides.
 */

/** The server's own words for a failed call (the code says which call). */
const serverError = (code: NoticeCode, e: unknown) => error(code, messageOr(e, SERVER_FALLBACK_MESSAGE));

/**
 * A 401 on any call: with the landlord page's key the page logs out (the machine ends); with its own key the EPIC
 * step starts again, saying why.
 */
const whenKeyEnded = [
  { guard: and(['keyEnded', 'keyFromOutside']), target: '#anonymousClearance.ended' },
  { guard: 'keyEnded', target: '#anonymousClearance.enteringEpic', actions: 'forgetKey' },
] as const;

const key = ({ context }: { context: AnonymousClearanceContext }) => context.key as CitizenKey;

export const anonymousClearanceMachine = anonymousClearanceSetup.createMachine({
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
                    actions: assign({
                      notice: ({ event }) => serverError('clearance.unitsFailed', event.error),
                    }),
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
            // Reset waits for the answer: a Generate the server has taken makes an application that holds the
            // unit, and only the consent step's Reset withdraws it (docs/tenant-consent.md).
            generating: {
              tags: ['busy'],
              entry: assign({ notice: null }),
              on: { reset: { actions: [] } },
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
                    actions: assign({
                      notice: ({ event }) => serverError('clearance.generateFailed', event.error),
                    }),
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
                        actions: assign({
                          consentCode: '',
                          notice: ({ event }) => serverError('clearance.consentFailed', event.error),
                        }),
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
                      actions: assign(({ context, event }) =>
                        withCodeResent(context, event.output.consentCodeSentTo),
                      ),
                    },
                    onError: [
                      ...whenKeyEnded,
                      {
                        target: 'entering',
                        actions: assign({
                          notice: ({ event }) => serverError('clearance.resendFailed', event.error),
                        }),
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
                      notice: {
                        kind: 'success',
                        code: 'clearance.withdrawn',
                        text: CLEARANCE_MESSAGES.withdrawn,
                      } satisfies Notice,
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
                        error(
                          'clearance.withdrawFailed',
                          `${CLEARANCE_MESSAGES.withdrawFailed} ${messageOr(event.error, '')}`.trim(),
                        ),
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
                    notice: {
                      kind: 'success',
                      code: 'clearance.applied',
                      text: CLEARANCE_MESSAGES.applied,
                    } satisfies Notice,
                  })),
                },
                onError: [
                  ...whenKeyEnded,
                  {
                    target: 'selecting',
                    actions: assign({
                      notice: ({ event }) =>
                        error(
                          'clearance.applyFailed',
                          `${CLEARANCE_MESSAGES.applyFailed} ${messageOr(event.error, '')}`.trim(),
                        ),
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
                    actions: assign({
                      notice: ({ event }) => serverError('clearance.downloadFailed', event.error),
                    }),
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
