import type { SnapshotFrom } from 'xstate';
import type { LandlordStepperMachine } from './landlord-stepper.machine';
import { LANDLORD_MESSAGES } from './landlord-stepper.types';
import { canVerifyOtp, type OtpAccessRef } from './otp-access.selectors';

/** What the landlord stepper's view shows, read from the snapshot (the rules stay in the machine). */
export type LandlordStepperSnapshot = SnapshotFrom<LandlordStepperMachine>;

/** The MUI-style active step: 0 Landlord Election ID, 1 Landlord Details, 2 'All steps completed'. */
export function landlordActiveStep(snapshot: LandlordStepperSnapshot): 0 | 1 | 2 {
  if (snapshot.matches({ steps: 'completed' })) return 2;
  return snapshot.matches({ steps: 'details' }) ? 1 : 0;
}

/** 'Landlord Epic Number required!' once the person has emptied the field. */
export function landlordEpicError(snapshot: LandlordStepperSnapshot): string | null {
  const { epic, epicTouched } = snapshot.context;
  return epicTouched && epic === '' ? LANDLORD_MESSAGES.epicRequired : null;
}

/** The OTP child while a code is being asked for or typed (login tab, or after a fresh registration's save). */
export function landlordOtpActor(snapshot: LandlordStepperSnapshot): OtpAccessRef | undefined {
  return snapshot.children.otp;
}

/** Get OTP on the Login tab. */
export function canRequestLandlordOtp(snapshot: LandlordStepperSnapshot): boolean {
  return snapshot.can({ type: 'otp.request' });
}

/**
 * The main button of the current step: Login (the child's Verify) on the Login tab, Next otherwise. Next at
 * step 1 stays clickable without a save, because the machine then says 'Landlord details not saved, ...'.
 */
export function canLandlordProceed(snapshot: LandlordStepperSnapshot): boolean {
  if (snapshot.matches({ steps: { electionId: 'login' } })) {
    return canVerifyOtp(landlordOtpActor(snapshot)?.getSnapshot());
  }
  return snapshot.can({ type: 'step.next' });
}

/** Rental Units, Applications and Clearance open once the landlord exists and its key is held. */
export function landlordOtherTabsEnabled(snapshot: LandlordStepperSnapshot): boolean {
  const { landlord, key } = snapshot.context;
  return landlord?.landlordId != null && key !== null;
}

/** The landlord page shows only Basic Details while registering. */
export function isLandlordRegistration(snapshot: LandlordStepperSnapshot): boolean {
  return snapshot.context.freshRegistration;
}

export function isLandlordLoggedIn(snapshot: LandlordStepperSnapshot): boolean {
  return !snapshot.matches({ session: 'anonymous' });
}

/** The confirmation dialog asks LOGOUT_QUESTION (citizen-session.ts) while this is true. */
export function isConfirmingLandlordLogout(snapshot: LandlordStepperSnapshot): boolean {
  return snapshot.matches({ session: 'confirmingLogout' });
}

export function isLandlordBusy(snapshot: LandlordStepperSnapshot): boolean {
  return snapshot.hasTag('busy');
}

/** The final step's Download Registration Form: offered while no download is running. */
export function canDownloadLandlordForm(snapshot: LandlordStepperSnapshot): boolean {
  return snapshot.can({ type: 'pdf.download' });
}

export function isLandlordDownloading(snapshot: LandlordStepperSnapshot): boolean {
  return snapshot.matches({ steps: { completed: 'downloading' } });
}
