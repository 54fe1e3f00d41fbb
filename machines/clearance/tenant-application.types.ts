import type { Notice } from '../access/failures';
import type { StaffRole } from '../application/lifecycle.events';
import { CLEARANCE_MESSAGES, type ClearancePerson, type ClearanceTenant } from './anonymous-clearance.types';

// What the Tenant Applications machine holds and hears (docs/office-applications.md, "Tenant Applications page").

/** The tenant's ID is looked up from 8 characters on, as on the Clearance tab (public-portal.md section 5). */
export const OFFICE_TENANT_ID_MIN_LENGTH = 8;

/** The only role the server lets recommend while applying (the ward's Sub-Locality/Ward officer). */
export const RECOMMENDING_ROLE: StaffRole = 'MODERATOR';

export const TENANT_APPLICATION_MESSAGES = {
  consentResent: 'A new code was sent to the tenant. The earlier code no longer works.',
  /** The consent step's Reset (docs/tenant-consent.md): the landlord's words, for the same act. */
  resetWithdraws: CLEARANCE_MESSAGES.resetWithdraws,
  withdrawn: CLEARANCE_MESSAGES.withdrawn,
  withdrawFailed: CLEARANCE_MESSAGES.withdrawFailed,
  noTenant: 'Tenant does not exist!',
  shortTenantId: "Type at least 8 characters of the tenant's ID.",
  noIncomplete: 'No incomplete applications of this landlord that you created. Use Create New Application.',
  noVacantUnits: 'This landlord has no vacant rental unit: add one or mark one vacant first.',
} as const;

/** 'own': the official's own application; 'office': entered at the office on a landlord's behalf. */
export type TenantApplicationChannel = 'own' | 'office';

export interface TenantApplicationLandlord {
  id: number;
  epic: string;
  name: string;
}

export interface TenantApplicationViewer {
  role: StaffRole;
  username: string;
}

/** A vacant unit of the landlord, as Create New Application offers it. */
export interface OfficeVacantUnit {
  rentcode: string;
  label: string;
}

/** One application of the tables and of the picker (the spec's "Incomplete application row"). */
export interface OfficeApplicationRow {
  applid: number;
  rentcode: string;
  tenantid: number;
  tenantname: string;
  landlordname: string;
  rentaladdress: string;
}

/** One page of the completed applications table (zero-based). */
export interface CompletedApplicationsPage {
  rows: OfficeApplicationRow[];
  pageNumber: number;
  totalPages: number;
}

/** What the panel loads first: the units Create offers, the picker's applications, the completed table. */
export interface TenantApplicationLists {
  vacantUnits: OfficeVacantUnit[];
  incomplete: OfficeApplicationRow[];
  completed: CompletedApplicationsPage;
}

/** The incomplete application opened in the dialog, with whom it may cover. */
export interface OpenedApplication {
  applid: number;
  familyMembers: ClearancePerson[];
  helpers: ClearancePerson[];
  /** False: the official reaches this application, not the tenant's record (docs/reach.md). */
  tenantReached?: boolean;
  /**
   * 'pending': the tenant the official does not reach has not consented yet (docs/tenant-consent.md); the lists
   * are empty and `consentCodeSentTo` says where the tenant's code went, masked (null: the tenant has no channel).
   */
  tenantConsent?: 'pending' | 'given';
  consentCodeSentTo?: string | null;
}

/** The tenant's people, answered when the official confirms the tenant's consent code. */
export interface ConsentedPeople {
  message: string;
  familyMembers: ClearancePerson[];
  helpers: ClearancePerson[];
}

export interface OfficeConsentInput {
  applid: number;
  code: string;
}
export interface OfficeConsentResendInput {
  applid: number;
}
/** Reset on the consent step: the official's own draft awaiting consent is withdrawn (its unit is free again). */
export interface OfficeWithdrawInput {
  applid: number;
}

export type RecommendationChoice = 'none' | 'approval' | 'rejection';

/** The applied application: the server's message and the id Download the Complete Application fetches. */
export interface AppliedOfficeApplication {
  applid: number;
  message: string;
}

export interface TenantApplicationInput {
  viewer: TenantApplicationViewer;
  landlord: TenantApplicationLandlord;
  tenantIdNumber: string | null;
  channel: TenantApplicationChannel;
}

export interface TenantApplicationContext extends TenantApplicationInput {
  vacantUnits: OfficeVacantUnit[];
  incomplete: OfficeApplicationRow[];
  completed: CompletedApplicationsPage | null;
  /** The completed page asked for (shown once it arrives). */
  completedPage: number;
  /** Create New Application's fields. */
  rentcode: string | null;
  idNumber: string;
  tenant: ClearanceTenant | null;
  tenantError: string | null;
  /** The dialog's application, its ticked members and helpers, and the recommendation. */
  application: OpenedApplication | null;
  memberCodes: number[];
  helperCodes: number[];
  recommendation: RecommendationChoice;
  remarks: string;
  /** The tenant's consent code as the official types it (digits only). */
  consentCode: string;
  applied: AppliedOfficeApplication | null;
  notice: Notice | null;
}

export type TenantApplicationEvent =
  | { type: 'retry' }
  | { type: 'completed.page'; page: number }
  | { type: 'create.open' }
  | { type: 'unit.select'; rentcode: string | null }
  | { type: 'tenant.change'; value: string }
  | { type: 'tenant.find' }
  | { type: 'create.submit' }
  | { type: 'incomplete.open' }
  | { type: 'application.pick'; applid: number }
  | { type: 'member.toggle'; memberCode: number }
  | { type: 'helper.toggle'; memberCode: number }
  | { type: 'recommendation.choose'; choice: RecommendationChoice }
  | { type: 'remarks.change'; value: string }
  | { type: 'consent.change'; value: string }
  | { type: 'consent.confirm' }
  | { type: 'consent.resend' }
  | { type: 'consent.reset' }
  | { type: 'apply' }
  | { type: 'download' }
  | { type: 'dialog.close' };

export interface LoadListsInput {
  viewer: TenantApplicationViewer;
  landlord: TenantApplicationLandlord;
}
export interface LoadCompletedInput extends LoadListsInput {
  page: number;
}
export interface FindOfficeTenantInput {
  idNumber: string;
}
/** Save (create) an application, or read an incomplete one again: the server answers the same application. */
export interface SaveOfficeApplicationInput {
  channel: TenantApplicationChannel;
  landlordId: number;
  rentcode: string;
  tenantId: number;
}
export interface ApplyOfficeApplicationInput {
  applid: number;
  memberCodes: number[];
  helperCodes: number[];
  recommendation: { kind: 'approval' } | { kind: 'rejection'; remarks: string } | null;
}
export interface DownloadOfficeApplicationInput {
  applid: number;
}
