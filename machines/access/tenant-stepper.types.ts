import type { CitizenLoggedOut, CitizenSessionEvent } from './citizen-session';
import type { Notice } from './failures';
import type { TenantIdKind } from './identity-rules';
import { OTP_MESSAGES, type CitizenKey, type OtpSubject } from './otp-access.machine';

// The data, events and words of the tenant stepper (tenant-stepper.machine.ts).

/** What the stepper keeps of a tenant; the profile page gets `details` (the record as the API sent it). */
export interface TenantRecord {
  /** The registration number; null until the first save. */
  tenantId: string | null;
  /** The ID document number (driving licence, PAN or EPIC) when known. */
  epicNo: string;
  details?: unknown;
  /**
   * A first save of an ID number whose earlier record was deleted, with another contact than it had: the new
   * contact is held until this date (in words) and the OTPs go to the earlier one (docs/otp-channel-changes.md).
   */
  contactHeldUntil?: string;
}

export interface TenantLookup {
  id: string;
}

export interface TenantLoad {
  subject: OtpSubject;
  id: string;
  key: CitizenKey;
}

export interface TenantFilesRequest {
  tenantId: string;
  key: CitizenKey | null;
}

export type TenantTab = 'login' | 'register';

/** The documents without which the registration form cannot be downloaded (spec section 9). */
export const REQUIRED_TENANT_DOCUMENTS = ['PHOTO', 'IDENTITYPROOF', 'SIGNATURE'] as const;

export const TENANT_MESSAGES = {
  alreadyExists: 'Tenant already exists. Please login!',
  serverError: 'Server Error: Please try again!',
  authenticationFailed: 'Authentication Failed',
  savedPleaseLogin: 'Successfully Saved Tenant. Please login to proceed with further data entries.',
  registrationVerified: (tenantId: string) =>
    `OTP has been verified. You can now proceed further data entries! Registration Number: ${tenantId}`,
  verified: OTP_MESSAGES.verified,
  documentsMissing: 'Cannot download registration form. Please upload all the documents required.',
  /** public-portal.md section 8, 'Session expiry alert': the key ran out or was revoked (a 401 on a process/ call). */
  sessionExpired: 'Your session has expired. Please login again!',
  /** The OTP went to a contested record's kept channel: its key reaches only the held change (ours). */
  /** After a first save whose contact is held (ours): the person cannot log in with it yet. */
  contactHeld: (tenantId: string, until: string) =>
    `Your registration number is ${tenantId}. This ID number was registered before and that record was deleted, ` +
    'so its one-time passwords still go to the mobile number and email address it had. Yours take effect on ' +
    `${until} unless that contact stops it; you can log in with them then. To settle it sooner, go to your ` +
    'locality office with your identity document.',
  heldChangeOnly:
    'This ID was registered again after its record was deleted, and the new registration gave another mobile ' +
    'number or email address. If that change is still pending, it is shown below, and you can stop it if it was ' +
    'not you. To open the record, ' +
    'go to your locality office with your identity document.',
} as const;

export interface TenantStepperContext {
  tab: TenantTab;
  idKind: TenantIdKind;
  /** What is typed in the ID (or registration number) field, normalised. */
  id: string;
  tenant: TenantRecord | null;
  key: CitizenKey | null;
  /** Document types the tenant has uploaded, as last listed or reported. */
  documentTypes: string[];
  notice: Notice | null;
}

export type TenantStepperEvent =
  | { type: 'tab.select'; tab: TenantTab }
  | { type: 'idKind.select'; kind: TenantIdKind }
  | { type: 'id.change'; value: string }
  | { type: 'otp.request' }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'tenant.saved'; tenantId: string; details?: unknown; contactHeldUntil?: string }
  | { type: 'documents.changed'; types: string[] }
  | { type: 'form.download' }
  | { type: 'stepper.reset' }
  /** A call made with the key answered 401: the key expired or was revoked (Logout elsewhere, an administrator). */
  | { type: 'session.expired' }
  | CitizenSessionEvent;

export type TenantStepperEmitted = CitizenLoggedOut;
