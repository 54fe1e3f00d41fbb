import type { SnapshotFrom } from 'xstate';
import { canVerifyOtp, type OtpAccessRef } from './otp-access.selectors';
import type { TenantStepperMachine } from './tenant-stepper.machine';
import { REQUIRED_TENANT_DOCUMENTS, TENANT_MESSAGES } from './tenant-stepper.types';

/** What the tenant stepper's view shows, read from the snapshot (the rules stay in the machine). */
export type TenantStepperSnapshot = SnapshotFrom<TenantStepperMachine>;

/** 0 Tenant ID, 1 Tenant Details, 2 the final screen (Download Completed Form, Go Back). */
export function tenantActiveStep(snapshot: TenantStepperSnapshot): 0 | 1 | 2 {
  if (snapshot.matches({ steps: 'completed' })) return 2;
  return snapshot.matches({ steps: 'details' }) ? 1 : 0;
}

/** The OTP child while a code is asked for or typed (Login tab, or back at step 0 after a first save). */
export function tenantOtpActor(snapshot: TenantStepperSnapshot): OtpAccessRef | undefined {
  return snapshot.children.otp;
}

export function canRequestTenantOtp(snapshot: TenantStepperSnapshot): boolean {
  return snapshot.can({ type: 'otp.request' });
}

/** Next/Finish: the child's Verify while an OTP is being typed at step 0, the stepper's own Next otherwise. */
export function canTenantGoNext(snapshot: TenantStepperSnapshot): boolean {
  const otp = tenantOtpActor(snapshot);
  if (snapshot.matches({ steps: 'tenantId' }) && !snapshot.matches({ steps: { tenantId: 'register' } })) {
    return canVerifyOtp(otp?.getSnapshot());
  }
  return snapshot.can({ type: 'step.next' });
}

export function canTenantGoBack(snapshot: TenantStepperSnapshot): boolean {
  return snapshot.can({ type: 'step.back' });
}

/** Family Members, Domestic Helpers and Documents open once the tenant exists and its key is held. */
export function tenantOtherTabsEnabled(snapshot: TenantStepperSnapshot): boolean {
  const { tenant, key } = snapshot.context;
  return tenant?.tenantId != null && key !== null;
}

/** A new tenant's profile shows only Basic Details until the first save. */
export function isTenantRegistration(snapshot: TenantStepperSnapshot): boolean {
  return snapshot.matches({ steps: 'details' }) && snapshot.context.tenant?.tenantId == null;
}

/** Which of PHOTO, IDENTITYPROOF and SIGNATURE are still to be uploaded. */
export function missingTenantDocuments(snapshot: TenantStepperSnapshot): string[] {
  return REQUIRED_TENANT_DOCUMENTS.filter((type) => !snapshot.context.documentTypes.includes(type));
}

export function isTenantLoggedIn(snapshot: TenantStepperSnapshot): boolean {
  return !snapshot.matches({ session: 'anonymous' });
}

export function isConfirmingTenantLogout(snapshot: TenantStepperSnapshot): boolean {
  return snapshot.matches({ session: 'confirmingLogout' });
}

export function isTenantBusy(snapshot: TenantStepperSnapshot): boolean {
  return snapshot.hasTag('busy');
}

/** The key ended while the profile was open (session.expired): step 0 says so until the next login or reset. */
export function isTenantSessionExpired(snapshot: TenantStepperSnapshot): boolean {
  return snapshot.context.notice?.text === TENANT_MESSAGES.sessionExpired;
}

/** A contested record's key (docs/otp-channel-changes.md): only its held change is shown, with Stop. */
export function isTenantHeldChangeOnly(snapshot: TenantStepperSnapshot): boolean {
  return snapshot.matches({ steps: { tenantId: { login: 'heldChangeOnly' } } });
}

/** After a first save whose contact is held: when it takes effect, shown instead of an OTP that would go astray. */
export function isTenantContactHeld(snapshot: TenantStepperSnapshot): boolean {
  return snapshot.matches({ steps: { tenantId: 'registeredWithHeldContact' } });
}
