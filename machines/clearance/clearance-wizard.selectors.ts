import type { SnapshotFrom } from 'xstate';
import type { ClearanceWizardMachine } from './clearance-wizard.machine';
import { CLEARANCE_WIZARD_MESSAGES } from './clearance-wizard.types';

/** What the clearance wizard's view shows, read from the snapshot (the rules stay in the machine). */
export type ClearanceWizardSnapshot = SnapshotFrom<ClearanceWizardMachine>;

/** The Stepper's active step: 0-3 the four steps, 4 'All steps completed'. */
export function wizardActiveStep(snapshot: ClearanceWizardSnapshot): 0 | 1 | 2 | 3 | 4 {
  if (snapshot.matches('completed')) return 4;
  if (snapshot.matches('applications')) return 3;
  if (snapshot.matches('tenant')) return 2;
  return snapshot.matches('landlord') ? 1 : 0;
}

/** 'Landlord Epic Number required!' once the person has emptied the field. */
export function wizardEpicError(snapshot: ClearanceWizardSnapshot): string | null {
  const { epic, epicTouched } = snapshot.context;
  return epicTouched && epic === '' ? CLEARANCE_WIZARD_MESSAGES.epicRequired : null;
}

/**
 * Next (Finish at step 3). At steps 1 and 2 it stays clickable without a landlord or tenant, because the machine
 * then says what is missing; at step 0 it waits for a valid EPIC, at step 3 for an applied application.
 */
export function canWizardProceed(snapshot: ClearanceWizardSnapshot): boolean {
  return snapshot.can({ type: 'step.next' });
}

export function canWizardGoBack(snapshot: ClearanceWizardSnapshot): boolean {
  return snapshot.can({ type: 'step.back' });
}

/** The main button reads Finish on the last step. */
export function isWizardLastStep(snapshot: ClearanceWizardSnapshot): boolean {
  return snapshot.matches('applications');
}

export function canLookUpWizardTenant(snapshot: ClearanceWizardSnapshot): boolean {
  return snapshot.can({ type: 'tenant.lookup' });
}

export function isWizardTenantRegistering(snapshot: ClearanceWizardSnapshot): boolean {
  return snapshot.matches({ tenant: 'registering' });
}

export function isWizardTenantLookingUp(snapshot: ClearanceWizardSnapshot): boolean {
  return snapshot.matches({ tenant: 'lookingUp' });
}

export function canDownloadCompleteApplication(snapshot: ClearanceWizardSnapshot): boolean {
  return snapshot.can({ type: 'pdf.download' });
}

export function isWizardDownloading(snapshot: ClearanceWizardSnapshot): boolean {
  return snapshot.matches({ completed: 'downloading' });
}

export function isWizardBusy(snapshot: ClearanceWizardSnapshot): boolean {
  return snapshot.hasTag('busy');
}
