import type { CitizenKey } from '../access/otp-access.machine';
import type { Notice } from '../access/failures';
import { OTP_TEXTS } from '../access/otp-rules';

// What the anonymous clearance machine holds and hears (docs/clearance.md).

/** Spec section 5: the clearance Get OTP needs at least 8 characters, its Verify 5, the tenant lookup 8. */
export const CLEARANCE_EPIC_MIN_LENGTH = 8;
export const CLEARANCE_OTP_MIN_LENGTH = 5;
export const CLEARANCE_TENANT_ID_MIN_LENGTH = 8;
/** Ours: the tenant is looked up once typing pauses this long (one call per ID, not one per key press). */
export const TENANT_LOOKUP_PAUSE_MS = 400;
/** The tenant's consent code: 6 digits (docs/tenant-consent.md). */
export const CONSENT_CODE_LENGTH = 6;

/** The spec's words (section 8), 'Invlalid OTP!' spelled correctly; the others are ours. */
export const CLEARANCE_MESSAGES = {
  noEpic: 'Landlord epic number does not exist',
  invalidOtp: 'Invalid OTP!',
  noUnits:
    'No Rental Unit Found for this Landlord, Click Back and then Click RENTAL UNITS to add rental unit',
  noTenant: 'Tenant does not exist!',
  noFamily: 'No family members',
  noHelpers: 'No helpers',
  applied: 'Application applied successfully! You can download the application below.',
  applyFailed: 'Error in applying..!',
  keyEnded: OTP_TEXTS.keyEnded,
  consentResent: 'A new code was sent to the tenant. The earlier code no longer works.',
  resetWithdraws: 'Reset withdraws this application, so the rental unit is free again.',
  withdrawn: 'The application was withdrawn. The rental unit is free again.',
  withdrawFailed: 'The application could not be withdrawn.',
} as const;

/** A vacant rental unit the landlord may apply for (from its units list). */
export interface ClearanceUnit {
  rentcode: string;
  houseNo: string | null;
  floorNo: string | null;
  address1: string;
  address2: string | null;
  wardName: string;
}

/** The tenant the ID number found (names only). */
export interface ClearanceTenant {
  id: number;
  name: string;
}

export interface ClearancePerson {
  memberCode: number;
  memberName: string;
  relationship?: string;
}

/** Whom an application may cover: the tenant's family members and helpers (shown once the tenant consents). */
export interface ClearancePeople {
  familyMembers: ClearancePerson[];
  helpers: ClearancePerson[];
}

/**
 * The generated (incomplete) application and whom it may cover. Until the tenant consents (`tenantConsent`
 * 'pending') the lists are empty and `consentCodeSentTo` says where the tenant's code went, masked.
 */
export interface GeneratedClearance extends ClearancePeople {
  applid: number;
  tenantConsent: 'pending' | 'given';
  consentCodeSentTo: string | null;
  /** When the tenant consented (ISO), once given; null while pending (and for applications made before codes). */
  tenantConsentedAt: string | null;
}

/** The confirmed consent: whom the application may cover, and when the tenant's code was confirmed. */
export interface ClearanceConsentGiven extends ClearancePeople {
  tenantConsentedAt: string;
}

export interface AnonymousClearanceInput {
  /** The landlord page's key (the clearance starts at the unit choice, without its own OTP step), or null. */
  key: CitizenKey | null;
}

export interface AnonymousClearanceContext {
  /** True when the key came from outside (the landlord page): its end ends this machine too. */
  keyFromOutside: boolean;
  epic: string;
  key: CitizenKey | null;
  units: ClearanceUnit[];
  rentcode: string | null;
  tenantIdNumber: string;
  tenant: ClearanceTenant | null;
  tenantError: string | null;
  application: GeneratedClearance | null;
  memberCodes: number[];
  helperCodes: number[];
  /** The tenant's consent code as the landlord types it (digits only). */
  consentCode: string;
  /** The last application applied in this dialog: Download Application fetches its PDF. */
  appliedApplid: number | null;
  notice: Notice | null;
}

export type AnonymousClearanceEvent =
  | { type: 'epic.change'; value: string }
  | { type: 'otp.request' }
  | { type: 'units.reload' }
  | { type: 'unit.select'; rentcode: string | null }
  | { type: 'tenant.change'; value: string }
  | { type: 'generate' }
  | { type: 'consent.change'; value: string }
  | { type: 'consent.confirm' }
  | { type: 'consent.resend' }
  | { type: 'member.toggle'; memberCode: number }
  | { type: 'helper.toggle'; memberCode: number }
  | { type: 'apply' }
  | { type: 'download' }
  | { type: 'reset' };

export interface ClearanceKeyInput {
  key: CitizenKey;
}
export interface ClearanceTenantLookup extends ClearanceKeyInput {
  idNumber: string;
}
export interface ClearanceGenerate extends ClearanceKeyInput {
  rentcode: string;
  tenantId: number;
}
export interface ClearanceApply extends ClearanceKeyInput {
  applid: number;
  memberCodes: number[];
  helperCodes: number[];
}
export interface ClearanceConsent extends ClearanceKeyInput {
  applid: number;
  code: string;
}
export interface ClearanceConsentResend extends ClearanceKeyInput {
  applid: number;
}
/** Reset on the consent step withdraws the application still waiting for the tenant (its unit is free again). */
export interface ClearanceWithdraw extends ClearanceKeyInput {
  applid: number;
}
export interface ClearanceDownload extends ClearanceKeyInput {
  applid: number;
}
