import { z } from 'zod';
import {
  clearanceTenantParamsSchema,
  clearanceTenantSchema,
  tenantConsentBodySchema,
  tenantConsentGivenSchema,
  tenantConsentResendBodySchema,
  tenantConsentResentSchema,
  familyAndHelpersBodySchema,
  generateApplicationBodySchema,
  landlordGeneratedApplicationSchema,
  appliedApplicationSchema,
} from './citizen-applications.contract';
import { OTHER_REASON_MAX_LENGTH, REASON_MESSAGES } from '../../machines/application/rejection-reasons';
import { STATUS_CODES } from '../../machines/application/statuses';
import { endpoint } from './endpoint';

// An official's clearance application (issue 10 sections 2-3; docs/office-applications.md): created at the office
// by USER, MODERATOR, SUPERMODERATOR or VERIFIER (Bearer token), then applied from the Tenant Applications page with
// the family members and helpers it covers and, from the ward's MODERATOR, a recommendation that forwards it to the
// locality in the same step.

/** The roles that may create and apply an application at the office (the menu's New Application). */
export const OFFICE_APPLICANT_ROLES = ['USER', 'MODERATOR', 'SUPERMODERATOR', 'VERIFIER'] as const;

/** The remark the lifecycle writes for a recommendation to approve (backoffice.md section 4). */
export const MAY_BE_ACCEPTED = '(May be Accepted)';

export const OFFICE_APPLICATION_MESSAGES = {
  created: 'Application created. Select it under Incomplete Application to choose its members and apply.',
  /** For a tenant the official does not reach (docs/reach.md): the application is its, the tenant's record not. */
  createdApplicationOnly:
    "Application created. Select it under Incomplete Application to choose its members and apply. The tenant's own record stays with the office where the tenant registered or applied: you may open this application, not the tenant's record.",
  /** For a tenant the official does not reach: the tenant consents first (docs/tenant-consent.md). */
  createdAwaitingConsent:
    "Application created. A code was sent to the tenant: ask the tenant for it and enter it to confirm the tenant's consent; then choose the family members and helpers it covers, and Apply.",
  applied: 'Application applied successfully!',
  appliedAndForwarded:
    'Application applied successfully and forwarded to the Locality with your recommendation.',
  remarksRequired: 'Please type the remarks for rejection.',
  onlyWardModeratorRecommends:
    'Only the Sub-Locality/Ward officer of this rental unit may recommend an application; apply it without a recommendation.',
} as const;

/**
 * POST process/user/SaveApplication (the official's own application, /app/new-application) and
 * POST process/SaveApplication_Police (entered at the office on a landlord's behalf, /app/offlineapplication):
 * the landlord's vacant unit and the tenant. `landlordid`, when sent, must be the unit's landlord.
 */
export const officeGenerateApplicationBodySchema = generateApplicationBodySchema;
export type OfficeGenerateApplicationBody = z.infer<typeof officeGenerateApplicationBodySchema>;

/**
 * The reply is the landlord's generate reply: the incomplete application and whom it may cover. For a tenant the
 * official does not reach (`tenantReached` false) the tenant's consent is asked first, as for a landlord's key
 * (docs/tenant-consent.md): `tenantConsent: 'pending'`, no family members or helpers, and `consentCodeSentTo`
 * (masked; null when the tenant has no channel on record). A reached tenant: `'given'` (nothing to ask).
 */
export const officeGeneratedApplicationSchema = landlordGeneratedApplicationSchema.extend({
  /** Whether the official may open the tenant's record (docs/reach.md); false: this application alone. */
  tenantReached: z.boolean(),
});
export type OfficeGeneratedApplication = z.infer<typeof officeGeneratedApplicationSchema>;

/** The Recommendation of "Select Application You Wish To Apply" (public-portal.md section 2). */
export const recommendationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('approval') }),
  z.object({
    kind: z.literal('rejection'),
    remarks: z
      .string({ error: OFFICE_APPLICATION_MESSAGES.remarksRequired })
      .trim()
      .min(1, OFFICE_APPLICATION_MESSAGES.remarksRequired)
      // The lifecycle keeps them as the 'Others' reason of a rejection recommendation.
      .max(OTHER_REASON_MAX_LENGTH, REASON_MESSAGES.otherReasonTooLong),
  }),
]);
export type Recommendation = z.infer<typeof recommendationSchema>;

/**
 * POST process/user/application/DomesticHelperAndFamily: the spec's family-and-helper payload plus the optional
 * recommendation. Without one the application waits at the ward (LARP); with one (the ward's MODERATOR only) it is
 * applied and recommended in one transaction and starts at the locality (LAVP) with '(May be Accepted)' or
 * '(Recommended for rejection: {remarks})'.
 */
export const officeFamilyAndHelpersBodySchema = familyAndHelpersBodySchema.extend({
  recommendation: recommendationSchema.optional(),
});
export type OfficeFamilyAndHelpersBody = z.infer<typeof officeFamilyAndHelpersBodySchema>;

export const officeAppliedApplicationSchema = appliedApplicationSchema.extend({
  applstatus: z.enum(STATUS_CODES),
  remarks: z.string().nullable(),
});
export type OfficeAppliedApplication = z.infer<typeof officeAppliedApplicationSchema>;

/**
 * POST process/user/application/tenantConsent and .../tenantConsent/resend: the official who made the application
 * (logby) confirms the code the tenant received, or has a new one sent; the landlord's bodies and replies
 * (citizen-applications.contract.ts), the code sealed like every OTP.
 */
export const OFFICE_CONSENT_PATHS = {
  confirm: 'process/user/application/tenantConsent',
  resend: 'process/user/application/tenantConsent/resend',
} as const;

const officeApplicant = { staff: OFFICE_APPLICANT_ROLES } as const;
const tag = 'office applications';

/** Creating an application: the official's own, or one entered on a landlord's behalf; the same body and reply. */
const saveEndpoint = (path: string) =>
  endpoint({
    method: 'POST',
    path,
    access: officeApplicant,
    tag,
    body: officeGenerateApplicationBodySchema,
    reply: officeGeneratedApplicationSchema,
  });

/** The office applications' endpoints: the applicant roles only, the others an audited 403. */
export const OFFICE_APPLICATION_ENDPOINTS = {
  clearanceTenant: endpoint({
    method: 'GET',
    path: '/process/user/clearanceTenant/:epicNo',
    access: officeApplicant,
    tag,
    params: clearanceTenantParamsSchema,
    reply: clearanceTenantSchema,
  }),
  saveOwn: saveEndpoint('/process/user/SaveApplication'),
  saveOffice: saveEndpoint('/process/SaveApplication_Police'),
  confirmConsent: endpoint({
    method: 'POST',
    path: `/${OFFICE_CONSENT_PATHS.confirm}`,
    access: officeApplicant,
    tag,
    body: tenantConsentBodySchema,
    reply: tenantConsentGivenSchema,
  }),
  resendConsent: endpoint({
    method: 'POST',
    path: `/${OFFICE_CONSENT_PATHS.resend}`,
    access: officeApplicant,
    tag,
    body: tenantConsentResendBodySchema,
    reply: tenantConsentResentSchema,
  }),
  apply: endpoint({
    method: 'POST',
    path: '/process/user/application/DomesticHelperAndFamily',
    access: officeApplicant,
    tag,
    body: officeFamilyAndHelpersBodySchema,
    reply: officeAppliedApplicationSchema,
  }),
};
