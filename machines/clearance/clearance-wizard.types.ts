import type { Notice } from '../access/failures';

// What the logged-in clearance wizard holds and hears (docs/office-applications.md "Logged-in clearance wizard").

/** The four steps' titles (public-portal.md section 2), in order; the final screen is 'All steps completed'. */
export const CLEARANCE_WIZARD_STEPS = [
  'Landlord Election ID',
  'Landlord',
  'Tenants',
  'Applications',
] as const;

/** Spec section 5: a tenant lookup starts at 8 or more characters (as on the Clearance tab). */
export const WIZARD_TENANT_ID_MIN_LENGTH = 8;

/** The spec's words where it has them ('notSaved'); ours for the steps it leaves open. */
export const CLEARANCE_WIZARD_MESSAGES = {
  epicRequired: 'Landlord Epic Number required!',
  notSaved: 'Landlord details not saved, please save and then continue...',
  noTenantChosen: 'Tenant not chosen, please find or register the tenant and then continue...',
  noTenant: 'Tenant does not exist!',
  allCompleted: 'All steps completed',
} as const;

/** The landlord of step 1, once it is saved: found within the official's reach, or registered now. */
export interface WizardLandlord {
  id: number;
  epic: string;
  name: string;
}

/** The tenant of step 2: found by ID, or registered now. `record` is the tenant as the server sent it. */
export interface WizardTenant {
  id: number;
  idNumber: string;
  name: string;
  record?: unknown;
}

/** How a tenant lookup ended: a known tenant, or (for officials with the tenant screens) a new one to register. */
export type TenantLookupResult = { kind: 'found'; tenant: WizardTenant } | { kind: 'fresh' };

export interface WizardTenantLookup {
  idNumber: string;
}

export interface WizardFormRequest {
  applid: number;
}

export interface ClearanceWizardContext {
  epic: string;
  /** The required-EPIC message waits until the person has typed in the field. */
  epicTouched: boolean;
  landlord: WizardLandlord | null;
  tenantIdNumber: string;
  tenant: WizardTenant | null;
  /** The application applied at step 3: Finish needs it, the final download uses it. */
  applid: number | null;
  notice: Notice | null;
}

export type ClearanceWizardEvent =
  | { type: 'epic.change'; value: string }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'stepper.reset' }
  /** Step 1's landlord page found the landlord within reach, or saved a new one. */
  | { type: 'landlord.saved'; landlord: WizardLandlord }
  | { type: 'tenant.idChange'; value: string }
  | { type: 'tenant.lookup' }
  /** Step 2's tenant profile saved a new tenant. */
  | { type: 'tenant.registered'; tenant: WizardTenant }
  /** Step 3's Tenant Applications panel applied an application. */
  | { type: 'application.applied'; applid: number }
  | { type: 'pdf.download' };
