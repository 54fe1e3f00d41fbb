import type { CitizenLoggedOut, CitizenSessionEvent } from './citizen-session';
import type { Notice } from './failures';
import { OTP_MESSAGES, type CitizenKey } from './otp-access.machine';

// The data, events and words of the landlord stepper (landlord-stepper.machine.ts).

/** What the stepper keeps of a landlord; the page that edits it gets `details` (the record as the API sent it). */
export interface LandlordRecord {
  landlordId: string | null;
  epicNo: string;
  details?: unknown;
}

export interface LandlordLookup {
  epic: string;
}

export interface LandlordLoad extends LandlordLookup {
  key: CitizenKey;
}

export interface LandlordFormRequest {
  landlordId: string;
  key: CitizenKey | null;
}

export type LandlordTab = 'login' | 'register';

export const LANDLORD_MESSAGES = {
  epicRequired: 'Landlord Epic Number required!',
  freshRegistration: (epic: string) =>
    `Welcome! This will be a fresh registration for landlord with EPIC Number ${epic}`,
  alreadyExists: 'Landlord with entered EPIC number already exists. Please try logging in!',
  authenticationFailed: 'Authentication Failed',
  network: 'Network Connection Error!, Cannot connect to backend API',
  notSaved: 'Landlord details not saved, please save and then continue...',
  savedPleaseLogin: 'Successfully Saved Landlord. Please login to proceed with further data entries.',
  verified: OTP_MESSAGES.verified,
  /** Section 8's session expiry alert: the key ended (expired, or revoked) while the landlord page was open. */
  sessionExpired: 'Your session has expired. Please login again!',
} as const;

export interface LandlordStepperContext {
  tab: LandlordTab;
  epic: string;
  /** The required-EPIC message waits until the person has typed in the field. */
  epicTouched: boolean;
  landlord: LandlordRecord | null;
  /** Step 1 holds a landlord the server does not know yet. */
  freshRegistration: boolean;
  key: CitizenKey | null;
  notice: Notice | null;
}

export type LandlordStepperEvent =
  | { type: 'tab.select'; tab: LandlordTab }
  | { type: 'epic.change'; value: string }
  | { type: 'otp.request' }
  | { type: 'step.next' }
  | { type: 'landlord.saved'; landlordId: string; details?: unknown }
  | { type: 'pdf.download' }
  | { type: 'stepper.reset' }
  /** The page's own call was refused with 401: the key has ended on the server. */
  | { type: 'session.expired' }
  | CitizenSessionEvent;

export type LandlordStepperEmitted = CitizenLoggedOut;
