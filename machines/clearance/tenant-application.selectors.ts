import type { SnapshotFrom } from 'xstate';
import type { Notice } from '../access/failures';
import type { tenantApplicationMachine } from './tenant-application.machine';
import {
  OFFICE_TENANT_ID_MIN_LENGTH,
  RECOMMENDING_ROLE,
  TENANT_APPLICATION_MESSAGES,
  type OfficeApplicationRow,
} from './tenant-application.types';

export type TenantApplicationSnapshot = SnapshotFrom<typeof tenantApplicationMachine>;

export function isPanelLoading(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.matches('loading');
}

export function panelLoadFailed(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.matches('loadFailed');
}

export function isCreateFormOpen(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.matches('creating');
}

export function isSelectionDialogOpen(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.matches('selecting');
}

export function isPanelBusy(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.hasTag('busy');
}

export function isTurningCompletedPage(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.hasTag('turningPage');
}

export function completedPageFailed(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.matches({ browsing: 'pageFailed' });
}

export function isLookingUpOfficeTenant(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.hasTag('lookingUpTenant');
}

/** Under the tenant field: the lookup's refusal, or how long the ID must be before Find Tenant. */
export function officeTenantHint(snapshot: TenantApplicationSnapshot): string | null {
  const { tenantError, idNumber, tenant } = snapshot.context;
  if (tenantError) return tenantError;
  if (tenant || idNumber === '' || idNumber.length >= OFFICE_TENANT_ID_MIN_LENGTH) return null;
  return TENANT_APPLICATION_MESSAGES.shortTenantId;
}

/** The Recommendation radios show only to the ward's MODERATOR (the server refuses any other role's). */
export function mayRecommend(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.context.viewer.role === RECOMMENDING_ROLE;
}

export function isApplicationPicked(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.context.application !== null && snapshot.matches({ selecting: 'picked' });
}

export function isApplicationApplied(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.matches({ selecting: 'applied' }) || snapshot.matches({ selecting: 'downloading' });
}

export function isDownloadingApplication(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.hasTag('downloading');
}

/** The picker's row of the application the dialog holds (the new one after Create). */
export function openedApplicationRow(snapshot: TenantApplicationSnapshot): OfficeApplicationRow | null {
  const applid = snapshot.context.application?.applid;
  return snapshot.context.incomplete.find((row) => row.applid === applid) ?? null;
}

/** The tenant's consent step shows (after a create or pick answered 'pending', until the code is confirmed). */
export function isAwaitingOfficeConsent(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.matches({ selecting: 'awaitingConsent' });
}

export function isConfirmingOfficeConsent(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.matches({ selecting: { awaitingConsent: 'confirming' } });
}

export function isResendingOfficeConsent(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.matches({ selecting: { awaitingConsent: 'resending' } });
}

/** What the panel says above its buttons when no dialog is open: that Reset withdrew the draft. */
export function panelNotice(snapshot: TenantApplicationSnapshot): Notice | null {
  return snapshot.matches({ browsing: 'shown' }) ? snapshot.context.notice : null;
}

/** Reset on the consent step is withdrawing the official's draft. */
export function isWithdrawingOfficeConsent(snapshot: TenantApplicationSnapshot): boolean {
  return snapshot.matches({ selecting: { awaitingConsent: 'withdrawing' } });
}

/** Where the tenant's code went, masked, as the office's consent step says it. */
export function officeConsentDestinationText(snapshot: TenantApplicationSnapshot): string {
  const to = snapshot.context.application?.consentCodeSentTo;
  return to
    ? `A code was sent to the tenant's ${to}. Ask the tenant for it: the tenant gives it only if they agree to police verification for this tenancy. Members and Apply follow once it is confirmed.`
    : 'The tenant has no email address or mobile number on record, so no code could be sent. The tenant should update their record where they registered.';
}
