import type { SnapshotFrom } from 'xstate';
import type { Notice } from '../access/failures';
import { otpNoticeInWords } from '../access/otp-access.selectors';
import { OTP_TEXTS } from '../access/otp-rules';
import type { anonymousClearanceMachine } from './anonymous-clearance.machine';
import {
  CLEARANCE_MESSAGES,
  CLEARANCE_TENANT_ID_MIN_LENGTH,
  type ClearanceUnit,
} from './anonymous-clearance.types';

export type AnonymousClearanceSnapshot = SnapshotFrom<typeof anonymousClearanceMachine>;

/** Send OTP: the machine takes the request (an EPIC long enough, before the key is bought). */
export function canRequestClearanceOtp(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.can({ type: 'otp.request' });
}

export function isClearanceBusy(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.hasTag('busy');
}

/** The OTP step is done (or was skipped): the unit and tenant fields are shown. */
export function isClearanceVerified(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.matches('verified');
}

/** The landlord page's key ended while the Clearance tab used it: the page logs out. */
export function clearanceKeyEnded(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.status === 'done';
}

/** How a unit reads in the picker: house, floor, first address line, ward. */
export function clearanceUnitLabel(unit: ClearanceUnit): string {
  const house = [unit.houseNo, unit.floorNo].filter(Boolean).join(', ');
  return [house, unit.address1, unit.address2, unit.wardName].filter(Boolean).join(' · ');
}

export function isChoosingUnitAndTenant(snapshot: AnonymousClearanceSnapshot): boolean {
  return (
    snapshot.matches({ verified: { form: 'choosing' } }) ||
    snapshot.matches({ verified: { form: 'generating' } })
  );
}

/** Spec: the tenant field is enabled only after a unit is chosen. */
export function isTenantFieldEnabled(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.matches({ verified: { form: 'choosing' } }) && snapshot.context.rentcode !== null;
}

export function isLookingUpTenant(snapshot: AnonymousClearanceSnapshot): boolean {
  return (
    snapshot.hasTag('lookingUpTenant') || snapshot.matches({ verified: { form: { choosing: 'pausing' } } })
  );
}

/** The hint under the tenant field before the lookup starts. */
export function tenantIdHint(snapshot: AnonymousClearanceSnapshot): string | null {
  const typed = snapshot.context.tenantIdNumber.length;
  return typed > 0 && typed < CLEARANCE_TENANT_ID_MIN_LENGTH
    ? `Type at least ${CLEARANCE_TENANT_ID_MIN_LENGTH} characters of the tenant's ID.`
    : null;
}

export function canGenerateApplication(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.can({ type: 'generate' });
}

export function isSelectingMembers(snapshot: AnonymousClearanceSnapshot): boolean {
  return (
    snapshot.matches({ verified: { form: 'selecting' } }) ||
    snapshot.matches({ verified: { form: 'applying' } })
  );
}

export function canApplyApplication(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.can({ type: 'apply' });
}

export function hasNoVacantUnits(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.matches({ verified: { form: 'noUnits' } });
}

export function canDownloadApplication(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.can({ type: 'download' });
}

export function isDownloadOffered(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.matches({ verified: { download: 'available' } }) || isDownloading(snapshot);
}

export function isDownloading(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.hasTag('downloading');
}

/**
 * The clearance's words for the OTP child's notices (spec section 8): an unknown EPIC is 'Landlord epic number
 * does not exist', a refused code 'Invalid OTP!' and the hint to ask for a new one; others as they are.
 */
export function clearanceOtpNotice(notice: Notice | null): Notice | null {
  return otpNoticeInWords(notice, {
    noLandlord: CLEARANCE_MESSAGES.noEpic,
    codeRefused: `${CLEARANCE_MESSAGES.invalidOtp} ${OTP_TEXTS.refusedHint}`,
  });
}

export function clearanceOtpActor(snapshot: AnonymousClearanceSnapshot) {
  return snapshot.children.otp;
}

export function isLoadingUnits(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.matches({ verified: { form: 'loadingUnits' } });
}

/** The units could not be loaded: the view offers to load them again. */
export function canReloadUnits(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.can({ type: 'units.reload' });
}

/** The Rental Unit picker takes a choice (until Generate Application). */
export function canChooseUnit(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.matches({ verified: { form: 'choosing' } });
}

export function isGeneratingApplication(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.matches({ verified: { form: 'generating' } });
}

export function isApplyingApplication(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.matches({ verified: { form: 'applying' } });
}

/** The notice to show: the clearance's own, else the OTP child's in the clearance's words. */
export function clearanceNotice(
  snapshot: AnonymousClearanceSnapshot,
  otpNotice: Notice | null,
): Notice | null {
  return snapshot.context.notice ?? clearanceOtpNotice(otpNotice);
}

/** The tenant's consent step is shown (after Generate, until the code is confirmed or Reset withdraws it). */
export function isAwaitingConsent(snapshot: AnonymousClearanceSnapshot): boolean {
  return (
    snapshot.matches({ verified: { form: 'consenting' } }) ||
    snapshot.matches({ verified: { form: 'withdrawing' } })
  );
}

/** Reset on the consent step is withdrawing the application. */
export function isWithdrawing(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.matches({ verified: { form: 'withdrawing' } });
}

/** When the tenant's consent was received (ISO), once it was: the members step says it above the people. */
export function consentReceivedAt(snapshot: AnonymousClearanceSnapshot): string | null {
  return isSelectingMembers(snapshot) ? (snapshot.context.application?.tenantConsentedAt ?? null) : null;
}

export function canConfirmConsent(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.can({ type: 'consent.confirm' });
}

export function canResendConsent(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.can({ type: 'consent.resend' });
}

export function isConfirmingConsent(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.matches({ verified: { form: { consenting: 'confirming' } } });
}

export function isResendingConsent(snapshot: AnonymousClearanceSnapshot): boolean {
  return snapshot.matches({ verified: { form: { consenting: 'resending' } } });
}

/** Where the tenant's code went, masked ('email r•••@example.com'), as the consent step says it. */
export function consentDestinationText(snapshot: AnonymousClearanceSnapshot): string {
  const to = snapshot.context.application?.consentCodeSentTo;
  return to
    ? `A code was sent to the tenant's ${to}. Ask the tenant for it and enter it here: the tenant gives it only if they agree to police verification for this tenancy.`
    : 'The tenant has no email address or mobile number on record, so no code could be sent. The tenant should update their record at the police office.';
}
