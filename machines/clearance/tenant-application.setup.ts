import { assign, fromPromise, setup } from 'xstate';
import { messageOr, SERVER_FALLBACK_MESSAGE, statusOf, type Notice } from '../access/failures';
import { CONSENT_CODE_LENGTH, type ClearanceTenant } from './anonymous-clearance.types';
import {
  OFFICE_TENANT_ID_MIN_LENGTH,
  RECOMMENDING_ROLE,
  type AppliedOfficeApplication,
  type ApplyOfficeApplicationInput,
  type ConsentedPeople,
  type CompletedApplicationsPage,
  type DownloadOfficeApplicationInput,
  type FindOfficeTenantInput,
  type LoadCompletedInput,
  type LoadListsInput,
  type OfficeConsentInput,
  type OfficeConsentResendInput,
  type OfficeWithdrawInput,
  type OpenedApplication,
  type SaveOfficeApplicationInput,
  type TenantApplicationContext,
  type TenantApplicationEvent,
  type TenantApplicationInput,
  type TenantApplicationLists,
} from './tenant-application.types';
import { noForm } from './tenant-application.context';
import { notProvided as notProvidedBy } from '../not-provided';

/*
 * The named actors, guards and actions of the Tenant Applications machine (tenant-application.machine.ts), apart
 * from its states so that each file stays small. Server calls are placeholders the wiring provides.
 */

const failed = (e: unknown): Notice => ({
  kind: 'error',
  code: 'tenantApplication.serverFailed',
  text: messageOr(e, SERVER_FALLBACK_MESSAGE),
});

const notProvided = notProvidedBy('tenantApplicationMachine');

export const listsInput = ({ context }: { context: TenantApplicationContext }): LoadListsInput => ({
  viewer: context.viewer,
  landlord: context.landlord,
});

export const tenantApplicationSetup = setup({
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
    withdrawApplication: fromPromise<void, OfficeWithdrawInput>(notProvided('withdrawApplication')),
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
});
