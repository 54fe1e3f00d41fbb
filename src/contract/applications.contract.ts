import { z } from 'zod';
import { pageMetaSchema } from './paging';
import {
  APPLICATION_TYPE,
  LIFECYCLE_EVENT_TYPES,
  OTHER_REASON_MAX_LENGTH,
  STATUS_CODES,
} from '../../machines/application';

/**
 * Officials' application API (backoffice.md sections 2-4 and 7; docs/applications-api.md). Status codes, labels
 * and the rules of who may do what live in machines/application/: the server asks the lifecycle machine, and
 * every application it returns carries the `allowedEvents` the machine grants the caller.
 */
export const applicationStatusSchema = z.enum(STATUS_CODES, {
  error: `Unknown application status: use one of ${STATUS_CODES.join(', ')}.`,
});
export type ApplicationStatusCode = z.infer<typeof applicationStatusSchema>;

export const lifecycleEventTypeSchema = z.enum(LIFECYCLE_EVENT_TYPES, { error: 'Unknown action.' });

/** A list page shows this many applications unless `?size=` asks for another size (at most MAX_PAGE_SIZE). */
export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** Zero-based page numbers beyond this are refused as malformed (a million applications are 100,000 pages). */
export const MAX_PAGE_NUMBER = 10_000_000;

const ID_MESSAGE = 'The application id must be a whole number.';
/** Application ids in paths: digits only, small enough to stay an exact JavaScript number. */
export const applidSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, { error: ID_MESSAGE })
  .transform(Number);
export const applidParamsSchema = z.object({ id: applidSchema });

const usernameSchema = z.string().trim().min(1, 'Username is required.').max(64, 'Username is too long.');

/** A jurisdiction code (state, district, police station, locality or ward) or a short locality code 'LA-01'. */
export const listCodeSchema = z
  .string()
  .max(32, { error: 'The jurisdiction code is too long.' })
  .regex(/^(\d{2}|\d{4}|PS\d{7}(LA\d{2}(W\d{2})?)?|LA-\d{2})$/i, {
    error: 'The jurisdiction code is not a state, district, police station, locality or ward code.',
  })
  .transform((code) => code.toUpperCase());

export const applicationListParamsSchema = z.object({
  status: applicationStatusSchema,
  code: listCodeSchema,
  username: usernameSchema,
  page: z
    .string()
    .regex(/^\d{1,8}$/, { error: 'The page number must be a whole number from 0.' })
    .transform(Number)
    .refine((page) => page <= MAX_PAGE_NUMBER, { error: 'The page number is too large.' }),
});
export const applicationListQuerySchema = z.object({
  size: z
    .string()
    .regex(/^\d{1,3}$/, { error: `The page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
    .transform(Number)
    .refine((size) => size >= 1 && size <= MAX_PAGE_SIZE, {
      error: `The page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
    })
    .optional(),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuerySchema>;

export const totalApplicationsParamsSchema = z.object({
  username: usernameSchema,
  status: applicationStatusSchema,
});
export const totalApplicationsReplySchema = z.object({ count: z.number().int().nonnegative() });
export type TotalApplicationsReply = z.infer<typeof totalApplicationsReplySchema>;

export const allowedEventsSchema = z.array(lifecycleEventTypeSchema);

export const applicationRowSchema = z.object({
  applid: z.number().int(),
  tenantname: z.string(),
  landlordname: z.string(),
  rentaladdress: z.string(),
  applstatus: applicationStatusSchema,
  /** The Status column as this viewer's role reads it (statusListLabel). */
  statusLabel: z.string(),
  logby: z.string(),
  wardCode: z.string(),
  wardName: z.string(),
  /** Date the tenant shifted (Shifted Tenants page), yyyy-mm-dd. */
  leftLocalityOn: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number().int(),
  allowedEvents: allowedEventsSchema,
});
export type ApplicationRow = z.infer<typeof applicationRowSchema>;

/** A zero-based page of applications (the spec's paged list response). */
export const applicationPageSchema = pageMetaSchema.extend({
  applDto: z.array(applicationRowSchema),
});
export type ApplicationPage = z.infer<typeof applicationPageSchema>;

export const districtRefSchema = z.object({
  districtCode: z.string(),
  districtName: z.string(),
  statename: z.object({ stateCode: z.string(), stateName: z.string() }),
});
export const addressSchema = z.object({
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  pinCode: z.string().nullable(),
  district: districtRefSchema.nullable(),
});
export type Address = z.infer<typeof addressSchema>;

/** A document as listed: never its content (fetched by docid through the document calls). */
export const documentRefSchema = z.object({
  docid: z.number().int(),
  doctype: z.string(),
  contenttype: z.string(),
  size: z.number().int(),
});

export const flowEntrySchema = z.object({
  id: z.number().int(),
  /** ISO time; the timeline shows it day-month-year. */
  logdt: z.string(),
  aplstatus: applicationStatusSchema,
  /** The step's timeline text, e.g. 'Application approved by Locality'. */
  remarks: z.string(),
  /** The official's own words for the step, when it asked for any. */
  comments: z.string().nullable(),
  /** Username of the official, or 'landlord:<id>'. */
  actor: z.string(),
});
export type FlowEntryReply = z.infer<typeof flowEntrySchema>;
export const applicationFlowReplySchema = z.array(flowEntrySchema);

const personNames = {
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
};

export const APPLICATION_DETAIL_MESSAGES = {
  /** Shown (screen and PDF) in place of the contact details of a person the official does not reach. */
  recordWithheld: "Contact details and documents are kept by the office that holds this person's record.",
} as const;

/**
 * True when the official asking does not reach this person's record (docs/reach.md, "Reach over the application
 * alone"): names and ID number stay; contact details, date of birth, addresses, documents and photo are blanked.
 */
const recordWithheld = z.boolean().optional();

export const applicationDetailSchema = z.object({
  applid: z.number().int(),
  status: applicationStatusSchema,
  statusLabel: z.string(),
  applStatus: z.object({ applstatus: applicationStatusSchema }),
  appltype: z.string(),
  remarks: z.string().nullable(),
  logby: z.string(),
  version: z.number().int(),
  /** False while the applicant has not yet chosen members and applied (an incomplete application). */
  complete: z.boolean(),
  /** Set for an application closed by a delete or a cancellation (only in the reply to the closing action). */
  closed: z.enum(['deleted', 'cancelled']).nullable(),
  officialActed: z.boolean(),
  certified: z.boolean(),
  certificateNo: z.string().nullable(),
  certifiedAt: z.string().nullable(),
  certifiedBy: z.string().nullable(),
  leftLocalityOn: z.string().nullable(),
  localAuthorityCode: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * The tenant's consent to a landlord's application (docs/tenant-consent.md): 'given' with `tenantConsentedAt`,
   * 'pending' while the landlord waits for the tenant's code, 'notAsked' for an office application or one made
   * before consent codes.
   */
  tenantConsent: z.enum(['given', 'pending', 'notAsked']),
  tenantConsentedAt: z.string().nullable(),
  landlord: z.object({
    id: z.number().int(),
    landlord_id: z.number().int(),
    ...personNames,
    occupation: z.string(),
    mobile: z.string(),
    epicNo: z.string(),
    email: z.string().nullable(),
    permanentAddress: addressSchema,
    presentAddress: addressSchema,
    recordWithheld,
  }),
  tenant: z.object({
    id: z.number().int(),
    epicNo: z.string(),
    individualEpic: z.boolean(),
    ...personNames,
    parentOrSpouseName: z.string(),
    nationality: z.string(),
    /** The spec's `age`: a date of birth, yyyy-mm-dd. */
    age: z.string().nullable(),
    occupation: z.string(),
    mobile: z.string(),
    email: z.string().nullable(),
    type: z.string(),
    permanentAddress: addressSchema,
    presentAddress: addressSchema,
    documents: z.array(documentRefSchema),
    recordWithheld,
  }),
  familyInApplication: z.array(
    z.object({
      memberCode: z.number().int(),
      memberName: z.string(),
      age: z.string().nullable(),
      relationship: z.string(),
      occupation: z.string(),
      permanentAddress: addressSchema,
      leftOn: z.string().nullable(),
      /** The member's photo, for the View photo button; null: 'No Photo Uploaded For This Member!'. */
      photoDocid: z.number().int().nullable(),
      documents: z.array(documentRefSchema),
    }),
  ),
  helperInApplication: z.array(
    z.object({
      memberCode: z.number().int(),
      memberName: z.string(),
      age: z.string().nullable(),
      permanentAddress: addressSchema,
      leftOn: z.string().nullable(),
      photoDocid: z.number().int().nullable(),
      documents: z.array(documentRefSchema),
    }),
  ),
  rentalUnit: z.object({
    rentcode: z.string(),
    houseNo: z.string().nullable(),
    floorNo: z.string().nullable(),
    address1: z.string(),
    address2: z.string().nullable(),
    pinCode: z.string(),
    district: districtRefSchema.nullable(),
    laCode: z.string(),
    wardName: z.string(),
    localityCode: z.string(),
    localityName: z.string(),
    policeStationCode: z.string(),
    policeStationName: z.string(),
    vacant: z.boolean(),
  }),
  flow: applicationFlowReplySchema,
  allowedEvents: allowedEventsSchema,
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

/**
 * The reply to an action: what to tell the person, the application's status fields as the step left them and
 * the actions open now. The full detail (people, unit, flow) is one GET away; leaving it out keeps a step to
 * one write and no reads after it (docs/applications-api.md).
 */
export const updateApplicationReplySchema = applicationDetailSchema
  .pick({
    applid: true,
    status: true,
    statusLabel: true,
    applStatus: true,
    remarks: true,
    version: true,
    closed: true,
    officialActed: true,
    certified: true,
    certificateNo: true,
    certifiedAt: true,
    certifiedBy: true,
    leftLocalityOn: true,
    allowedEvents: true,
  })
  .extend({ message: z.string() });
export type UpdateApplicationReply = z.infer<typeof updateApplicationReplySchema>;

/** The legacy client may send the id as a number or as a string of digits. */
const bodyApplidSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
  z
    .number({ error: ID_MESSAGE })
    .int({ error: ID_MESSAGE })
    .positive({ error: ID_MESSAGE })
    .max(Number.MAX_SAFE_INTEGER, { error: ID_MESSAGE }),
);

/** Free text in an update body is bounded here; the lifecycle's own schemas then apply their exact limits. */
const BODY_TEXT_MAX = 1000;
const boundedText = (what: string, tooLong: string) =>
  z.string({ error: `${what} must be text.` }).max(BODY_TEXT_MAX, { error: tooLong });

/**
 * POST process/updateApplication. The legacy client sends {applid, applStatus: {applstatus}, appltype, remarks}
 * and the server works out the action from the current and the requested status; our web client names the
 * action in `event` (with `reason`, `otherReason`, `remarks` as the lifecycle asks) and echoes `version`.
 */
export const updateApplicationBodySchema = z
  .object({
    applid: bodyApplidSchema,
    applStatus: z.object({ applstatus: applicationStatusSchema }).optional(),
    appltype: z
      .literal(APPLICATION_TYPE, { error: `The application type must be ${APPLICATION_TYPE}.` })
      .optional(),
    remarks: boundedText('Remarks', 'The remarks are too long.').nullable().optional(),
    event: lifecycleEventTypeSchema.optional(),
    reason: boundedText('The reason', 'The reason is too long.').optional(),
    otherReason: z
      .string()
      .max(OTHER_REASON_MAX_LENGTH * 2, {
        error: `The reason must be at most ${OTHER_REASON_MAX_LENGTH} characters.`,
      })
      .optional(),
    /** The version the person saw; a different stored version answers 409 (someone else acted first). */
    version: z
      .number({ error: 'The version must be a whole number.' })
      .int({ error: 'The version must be a whole number.' })
      .nonnegative({ error: 'The version must be a whole number.' })
      .max(2_000_000_000, { error: 'The version must be a whole number.' })
      .optional(),
  })
  .refine((body) => body.event !== undefined || body.applStatus !== undefined, {
    error: 'Say which action to take (event) or the status to move the application to (applStatus).',
    path: ['applStatus'],
  });
export type UpdateApplicationBody = z.input<typeof updateApplicationBodySchema>;
export type UpdateApplicationRequest = z.output<typeof updateApplicationBodySchema>;

/** PUT process/updateApplication/{id} deletes; `?version=` is checked like the update's version. */
export const deleteApplicationQuerySchema = z.object({
  version: z
    .string()
    .regex(/^\d{1,10}$/, { error: 'The version must be a whole number.' })
    .transform(Number)
    .optional(),
});

export const applicationStatusParamsSchema = z.object({
  applid: applidSchema,
  landlordEpic: z
    .string()
    .regex(/^[A-Za-z]{3}\d{7}$/, { error: 'The landlord EPIC number must be 3 letters and 7 digits.' })
    .transform((epic) => epic.toUpperCase()),
});
export const applicationStatusReplySchema = z.object({
  applid: z.number().int(),
  landlordName: z.string(),
  tenantName: z.string(),
  rentalUnitAddress: z.string(),
  applStatus: applicationStatusSchema,
  /** The tracker's words for the status (trackerView). */
  statusMessage: z.string(),
});
export type ApplicationStatusReply = z.infer<typeof applicationStatusReplySchema>;
