import { z } from 'zod';
import { STATUS_CODES } from '../../machines/application/statuses';
import { rentcodeSchema } from './rental-units.contract';
import { tenantIdNumberParamsSchema } from './tenants.contract';
import { waitText } from './wait-text';

// The landlord's own clearance-application calls, made with its citizen key (X-Api-Key) after OTP: generate an
// incomplete application, choose the family members and helpers it covers, withdraw it.
// docs/citizen-applications-api.md.

export const CITIZEN_APPLICATION_MESSAGES = {
  generated: 'Application generated. Choose the family members and helpers it covers, then Apply.',
  generatedAwaitingConsent:
    'Application generated. A code was sent to the tenant: ask the tenant for it and enter it to confirm the ' +
    'tenant’s consent; then choose the family members and helpers it covers, and Apply.',
  /**
   * A repeated submission of an application that exists already and awaits consent: no code went out this time
   * (attack F-D: the repeat used to say one had). `sentTo`: where the earlier code went, masked.
   */
  consentCodeNotSentAgain: (sentTo: string | null) =>
    `This application was made already, so no new code was sent. ${
      sentTo
        ? `The earlier code went to the tenant's ${sentTo}: ask the tenant for it`
        : 'Ask the tenant for the earlier code'
    }, or press Resend code to send a new one.`,
  consentGiven: 'The tenant has given consent. Choose the family members and helpers it covers, then Apply.',
  consentMissing:
    'The tenant has not given consent yet: ask the tenant for the code sent to them, enter it, then Apply.',
  consentWrongCode: (triesLeft: number) =>
    `This code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  consentCodeEnded:
    'This code has expired or can no longer be used. Press Resend code to send the tenant a new one.',
  consentCodeReplaced: 'This code was replaced by a newer one. Enter the latest code sent to the tenant.',
  consentAlreadyGiven: 'The tenant has already given consent for this application.',
  consentCodeResent: 'A new code was sent to the tenant. The earlier code no longer works.',
  consentNoChannel:
    'The tenant has no email address or mobile number on record, so no code can be sent. The tenant should ' +
    'update their record at the police office.',
  consentTooManyResends: (minutes: number) =>
    `Too many codes were sent for this application. Please try again after ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** The applicant's own daily budget for this tenant (docs/tenant-consent.md). */
  consentApplicantCap: (minutes: number) =>
    `You have asked for too many codes for this tenant today. Please try again after ${waitText(minutes)}. A code already sent still works until it expires.`,
  /** The tenant-wide flood guard, which stops only an applicant that already had its first code and one resend. */
  consentTenantCap: (minutes: number) =>
    `This tenant has been sent too many consent codes today. Please try again after ${waitText(minutes)}.`,
  applicationDeleted: 'This application has been deleted.',
  applied: 'Application applied successfully! You can download the application below.',
  deleted: 'Application deleted successfully!',
  tenantNotFound: 'Tenant does not exist!',
  unitNotVacant:
    'This rental unit is not vacant: it has an application in process or an approved tenant. Choose a vacant rental unit.',
  notYourApplication: 'This application does not belong to you.',
  /** The Applications tab's red note, enforced: an official's office application is not the landlord's to delete. */
  madeByAnotherUser: 'This application was made by another user (an official) and cannot be deleted here.',
  alreadyApplied: 'This application has already been applied.',
  notApplicable:
    'This application can no longer be applied: it has been deleted or an official has acted on it.',
  memberNotOfTenant: 'is not an active family member of this application’s tenant.',
  helperNotOfTenant: 'is not an active helper of this application’s tenant.',
  alreadyForwarded: '. Application already forwarded.',
} as const;

const ID_MESSAGE = 'Give a whole number id.';
const bodyId = (message = ID_MESSAGE) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

/**
 * POST process/anonymous/generateApplication and POST process/SaveApplication: the unit the landlord picked and the
 * tenant found by its ID (the tenant lookup's `id`). `landlordid`, when sent, must be the key's own.
 */
export const generateApplicationBodySchema = z.object({
  rentcode: rentcodeSchema,
  tenantid: bodyId(CITIZEN_APPLICATION_MESSAGES.tenantNotFound),
  landlordid: bodyId().optional(),
});
export type GenerateApplicationBody = z.input<typeof generateApplicationBodySchema>;

const personSchema = z.object({ memberCode: z.number().int(), memberName: z.string() });

/** The new (or, for a repeated submission, the existing) incomplete application, with whom it may cover. */
export const generatedApplicationSchema = z.object({
  message: z.string(),
  applid: z.number().int(),
  applstatus: z.enum(STATUS_CODES),
  rentcode: z.string(),
  tenantid: z.number().int(),
  landlordid: z.number().int(),
  complete: z.boolean(),
  /** False when a repeated submission found the application the first one made. */
  created: z.boolean(),
  familyMembers: z.array(personSchema.extend({ relationship: z.string() })),
  helpers: z.array(personSchema),
});
export type GeneratedApplication = z.infer<typeof generatedApplicationSchema>;

/** Whether the tenant has confirmed a landlord's application (docs/tenant-consent.md). */
export const TENANT_CONSENT_STATES = ['pending', 'given'] as const;
export type TenantConsentState = (typeof TENANT_CONSENT_STATES)[number];

/**
 * The landlord's Generate reply: while the tenant's consent is pending, `familyMembers` and `helpers` are empty
 * (they are the tenant's data) and `consentCodeSentTo` says where the code went, masked ('email r•••@example.com',
 * 'mobile ••••••1234'), so the landlord knows whom to ask.
 */
export const landlordGeneratedApplicationSchema = generatedApplicationSchema.extend({
  tenantConsent: z.enum(TENANT_CONSENT_STATES),
  consentCodeSentTo: z.string().nullable(),
  /** When the tenant consented (ISO); null while pending, and for an application made before consent codes. */
  tenantConsentedAt: z.string().nullable(),
});
export type LandlordGeneratedApplication = z.infer<typeof landlordGeneratedApplicationSchema>;

/**
 * POST process/application/tenantConsent: the code the tenant received, sealed like every OTP (RSA-OAEP with the
 * key and single-use nonce of users/getPublicKey, docs/password-transport.md).
 */
export const tenantConsentBodySchema = z.object({
  applid: bodyId('The application id must be a whole number.'),
  otp: z.string().min(1, 'The code is required').max(2048, 'The code is malformed'),
});
export type TenantConsentBody = z.input<typeof tenantConsentBodySchema>;

export const tenantConsentGivenSchema = z.object({
  message: z.string(),
  applid: z.number().int(),
  tenantConsent: z.literal('given'),
  /** When the code was confirmed (ISO): the landlord's screen says when the consent was received. */
  tenantConsentedAt: z.string(),
  familyMembers: generatedApplicationSchema.shape.familyMembers,
  helpers: generatedApplicationSchema.shape.helpers,
});
export type TenantConsentGiven = z.infer<typeof tenantConsentGivenSchema>;

/** POST process/application/tenantConsent/resend: a new code to the tenant (the earlier one ends). */
export const tenantConsentResendBodySchema = z.object({
  applid: bodyId('The application id must be a whole number.'),
});

export const tenantConsentResentSchema = z.object({
  message: z.string(),
  applid: z.number().int(),
  tenantConsent: z.literal('pending'),
  consentCodeSentTo: z.string(),
});
export type TenantConsentResent = z.infer<typeof tenantConsentResentSchema>;

const codeList = z.array(bodyId()).max(100, 'At most 100 entries.').default([]);

/** POST process/application/DomesticHelperAndFamily: the spec's family-and-helper payload. */
export const familyAndHelpersBodySchema = z.object({
  applid: bodyId('The application id must be a whole number.'),
  membercode: codeList,
  helperCode: codeList,
});
export type FamilyAndHelpersBody = z.input<typeof familyAndHelpersBodySchema>;

export const appliedApplicationSchema = z.object({
  message: z.string(),
  applid: z.number().int(),
  complete: z.literal(true),
  membercode: z.array(z.number().int()),
  helperCode: z.array(z.number().int()),
});

const pathId = (message: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/, message)
    .transform(Number);

/** PUT process/anonymous/updateApplication/{applid}/{landlordId}: the landlord withdraws its application. */
export const withdrawApplicationParamsSchema = z.object({
  applid: pathId('The application id must be a whole number.'),
  landlordId: pathId('Landlord ID does not exist.'),
});

export const withdrawnApplicationSchema = z.object({
  message: z.string(),
  applid: z.number().int(),
  applstatus: z.enum(STATUS_CODES),
  deleted: z.literal(true),
});

/**
 * GET process/anonymous/clearanceTenant/{epicNo}: the Clearance tab's tenant ID field. The ID rules are the tenant
 * registration's (8 to 20 letters, digits, / or -; never an Aadhaar number).
 */
export const clearanceTenantParamsSchema = tenantIdNumberParamsSchema;

/** The tenant found by its ID number: the id Generate Application takes and the name to confirm it, nothing more. */
export const clearanceTenantSchema = z.object({ id: z.number().int(), name: z.string() });
export type ClearanceTenant = z.infer<typeof clearanceTenantSchema>;
