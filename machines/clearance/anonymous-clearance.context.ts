import type { CitizenKey } from '../access/otp-access.machine';
import type { Notice } from '../access/failures';
import {
  CLEARANCE_MESSAGES,
  type AnonymousClearanceContext,
  type ClearanceConsentGiven,
  type ClearancePeople,
  type GeneratedClearance,
} from './anonymous-clearance.types';

// How the anonymous clearance machine's context starts and changes (anonymous-clearance.machine.ts).

export const noForm = {
  rentcode: null,
  tenantIdNumber: '',
  tenant: null,
  tenantError: null,
  application: null,
  memberCodes: [],
  helperCodes: [],
  consentCode: '',
} satisfies Partial<AnonymousClearanceContext>;

export const start = (key: CitizenKey | null): AnonymousClearanceContext => ({
  keyFromOutside: key !== null,
  epic: '',
  key,
  units: [],
  ...noForm,
  appliedApplid: null,
  notice: null,
});

/**
 * The tenant's consent is known (the code confirmed, or a repeated Generate of a consented application): the
 * people it answered join the application, and everyone the tenant lives with is included at first; the landlord
 * unticks whom it leaves out.
 */
export function withPeople(
  context: AnonymousClearanceContext,
  people: ClearancePeople & Partial<ClearanceConsentGiven>,
): Partial<AnonymousClearanceContext> {
  const application = context.application as GeneratedClearance;
  return {
    application: {
      ...application,
      familyMembers: people.familyMembers,
      helpers: people.helpers,
      tenantConsent: 'given',
      tenantConsentedAt: people.tenantConsentedAt ?? application.tenantConsentedAt,
    },
    memberCodes: people.familyMembers.map((m) => m.memberCode),
    helperCodes: people.helpers.map((h) => h.memberCode),
  };
}

/** A new code went to the tenant (maybe to a channel changed since): the earlier one ends. */
export function withCodeResent(
  context: AnonymousClearanceContext,
  consentCodeSentTo: string,
): Partial<AnonymousClearanceContext> {
  return {
    consentCode: '',
    application: { ...(context.application as GeneratedClearance), consentCodeSentTo },
    notice: {
      kind: 'success',
      code: 'clearance.consentResent',
      text: CLEARANCE_MESSAGES.consentResent,
    } satisfies Notice,
  };
}
