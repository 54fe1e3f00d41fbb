import { assign, fromPromise, setup } from 'xstate';
import { otpAccessMachine, type CitizenKey } from '../access/otp-access.machine';
import {
  KEY_ENDED_CODE,
  keyEnded,
  statusOf,
  noticeOf,
  type Notice,
  type NoticeCode,
} from '../access/failures';
import { normalizeEpic } from '../access/identity-rules';
import { notProvided as notProvidedBy } from '../not-provided';
import { noForm, start, withPeople } from './anonymous-clearance.context';
import {
  CLEARANCE_EPIC_MIN_LENGTH,
  CLEARANCE_MESSAGES,
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

// The anonymous clearance machine's declarations: its server calls (stand-ins the wiring provides), delays,
// guards and actions. The chart that uses them is anonymous-clearance.machine.ts.

export const error = (code: NoticeCode, text: string): Notice => noticeOf('error', code, text);

const notProvided = notProvidedBy('anonymousClearanceMachine');

export const anonymousClearanceSetup = setup({
  types: {
    input: {} as AnonymousClearanceInput,
    context: {} as AnonymousClearanceContext,
    events: {} as AnonymousClearanceEvent,
    children: {} as { otp: 'otpAccess' },
  },
  actors: {
    otpAccess: otpAccessMachine,
    loadVacantUnits: fromPromise<ClearanceUnit[], ClearanceKeyInput>(notProvided('loadVacantUnits')),
    findTenant: fromPromise<ClearanceTenant, ClearanceTenantLookup>(notProvided('findTenant')),
    generateApplication: fromPromise<GeneratedClearance, ClearanceGenerate>(
      notProvided('generateApplication'),
    ),
    confirmConsent: fromPromise<ClearanceConsentGiven, ClearanceConsent>(notProvided('confirmConsent')),
    resendConsent: fromPromise<{ consentCodeSentTo: string }, ClearanceConsentResend>(
      notProvided('resendConsent'),
    ),
    withdrawApplication: fromPromise<void, ClearanceWithdraw>(notProvided('withdrawApplication')),
    applyApplication: fromPromise<void, ClearanceApply>(notProvided('applyApplication')),
    downloadApplication: fromPromise<void, ClearanceDownload>(notProvided('downloadApplication')),
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
    keyEnded,
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
    forgetKey: assign(() => ({
      ...start(null),
      notice: error(KEY_ENDED_CODE, CLEARANCE_MESSAGES.keyEnded),
    })),
    keepPeople: assign(({ context, event }) =>
      withPeople(
        context,
        (event as unknown as { output: ClearancePeople & Partial<ClearanceConsentGiven> }).output,
      ),
    ),
  },
});
