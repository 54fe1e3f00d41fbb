import { z } from 'zod';
import { pendingChannelChangeFieldSchema } from './channel-changes.contract';
import { idParamSchema, idTypeReplySchema } from './register.contract';
import { displayable, isPlainEmail } from './display-text';

/**
 * Tenant records, family members and domestic helpers of tenants (public-portal.md sections 3-5, 8;
 * docs/tenants-api.md). Each call has a staff twin under `register/` (bearer token) and a citizen twin under
 * `process/` (the tenant's key from X-Api-Key): same bodies, same replies.
 */

export const TENANT_MESSAGES = {
  saved: 'Successfully Saved Tenant. Please login to proceed with further data entries.',
  updated: 'Successfully Updated Tenant Application.',
  deleted: 'Successfully Deleted Tenant.',
  alreadyExists: 'Tenant already exists. Please login!',
  absent: 'Tenant does not exist. Please Register!',
  notFound: 'Tenant does not exist!',
  /** An official's lookup by ID number: none registered, or one outside its reach (docs/reach.md), alike. */
  notInJurisdiction: 'No tenant with this ID number in your jurisdiction.',
  /** Re-visit Tenant of an application whose tenant the official does not reach (docs/reach.md). */
  recordElsewhere:
    "This tenant's own record stays with the office where the tenant registered or applied: open the application instead.",
  idChanged: 'The ID number of a registered tenant cannot be changed.',
  /** A counter registration of an ID number whose record was deleted: no consent (docs/reach.md, attack F-B). */
  registeredBefore:
    "A tenant record with this ID number was deleted earlier, so this registration does not stand for the tenant's consent: an office application for this tenant asks for the tenant's code, and the record is reached through applications the tenant consented to.",
  familySaved: 'Successfully Saved Family Member',
  familyRemoved: 'Family Member successfully removed!',
  helperSaved: 'Successfully Saved Helper. Please Upload Signature.',
  helperRemoved: 'Helper successfully removed!',
  recheck: 'Some of the data you entered might be incorrect. Please re-check!',
} as const;

/** A required text field: missing, not a string, or blank after trimming all give the spec's message. */
const required = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters are allowed.`);

/** The spec removes empty optional fields before sending; we accept them and store them as absent. */
const optionalText = (max = 100) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters are allowed.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** The spec's `age` field holds a date of birth (yyyy-mm-dd); empty means not given. */
const dateOfBirth = (message = 'Date of birth must be a date (yyyy-mm-dd) in the past.') =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isPastDate(v), message);

function isPastDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const at = new Date(`${v}T00:00:00Z`);
  return (
    !Number.isNaN(at.getTime()) && at.toISOString().startsWith(v) && v >= '1900-01-01' && at < new Date()
  );
}

/** An Aadhaar number is 12 digits; the spec forbids it as a tenant's identity. */
export const AADHAAR_PATTERN = /^\d{12}$/;
export const AADHAAR_REFUSED_MESSAGE =
  'An Aadhaar number cannot be used as the tenant ID. Use an EPIC, driving licence or PAN number.';

/** The tenant's ID number (EPIC, driving licence or PAN), upper case, as the tenants table CHECKs it. */
/**
 * An ID number in the form two records are compared in: upper case, letters and digits only, so
 * `VT-760174377`, `VT760174377/` and `vt 760174377` are all `VT760174377` (the database's unique index on
 * tenants holds the same form: normalizedIdNumber in the schema).
 */
export function normalizeIdNumber(idNumber: string): string {
  return idNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

export const tenantIdNumberSchema = z
  .string({ error: 'ID required' })
  .trim()
  .toUpperCase()
  .min(1, 'ID required')
  .regex(/^[A-Z0-9/-]{8,20}$/, 'The ID must be 8 to 20 letters, digits, / or -.')
  .refine((v) => !AADHAAR_PATTERN.test(v), AADHAAR_REFUSED_MESSAGE);

const mobileSchema = z
  .string({ error: 'Mobile Number required' })
  .trim()
  .min(1, 'Mobile Number required')
  .regex(/^\d*$/, 'Only numbers are allowed')
  .max(10, 'The mobile number has at most 10 digits.');

const emailSchema = z
  .string()
  .trim()
  .max(254, 'At most 254 characters are allowed.')
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || isPlainEmail(v), 'Invalid email address.');

const stateRefInput = z.object(
  { stateCode: required('State required', 8), stateName: z.string().nullish() },
  { error: 'State required' },
);

/** An address as the tenant form sends it: the state sits inside the district (public-portal.md section 3). */
export const tenantAddressInputSchema = z.object(
  {
    address1: required('Address Line 1 required!', 200).refine(...displayable('address')),
    address2: optionalText(200).refine(...displayable('address')),
    pinCode: z
      .string({ error: 'Pincode required' })
      .trim()
      .min(1, 'Pincode required')
      .regex(/^\d{6}$/, 'Pincode must be 6 digits.'),
    district: z.object(
      {
        districtCode: required('District required', 8),
        districtName: z.string().nullish(),
        statename: stateRefInput,
      },
      { error: 'District required' },
    ),
  },
  { error: 'Address Line 1 required!' },
);
export type TenantAddressInput = z.infer<typeof tenantAddressInputSchema>;

/** The Tenant save body (create and update). `id`, `exist` and `individualEpic` are the client's own flags. */
export const tenantBodySchema = z.object({
  epicNo: tenantIdNumberSchema,
  firstName: required('firstName required').refine(...displayable('name')),
  middleName: optionalText().refine(...displayable('name')),
  lastName: optionalText().refine(...displayable('name')),
  email: emailSchema,
  occupation: required('Occupation required'),
  parentOrspouseName: required('Parent or Spouse name required', 150).refine(...displayable('name')),
  nationality: z
    .enum(['Indian', 'Others'], { error: 'Nationality must be Indian or Others.' })
    .nullish()
    .transform((v) => v ?? 'Indian'),
  age: dateOfBirth(),
  mobile: mobileSchema,
  type: required('Type required', 8),
  individualEpic: z.boolean().nullish(),
  exist: z.boolean().nullish(),
  id: z.number().int().nullish(),
  permanentAddress: tenantAddressInputSchema,
  presentAddress: tenantAddressInputSchema,
});
export type TenantBody = z.infer<typeof tenantBodySchema>;

const stateRefSchema = z.object({ stateCode: z.string(), stateName: z.string() });
export const tenantAddressSchema = z.object({
  address1: z.string(),
  address2: z.string().nullable(),
  pinCode: z.string(),
  district: z.object({ districtCode: z.string(), districtName: z.string(), statename: stateRefSchema }),
});
export type TenantAddress = z.infer<typeof tenantAddressSchema>;

/** The spec's Tenant entity. `id` is also the tenant's registration number. */
export const tenantSchema = z.object({
  id: z.number().int(),
  epicNo: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  occupation: z.string(),
  parentOrspouseName: z.string(),
  nationality: z.enum(['Indian', 'Others']),
  /** The date of birth, yyyy-mm-dd (the spec's name). */
  age: z.string().nullable(),
  mobile: z.string(),
  /** The tenancy type code (T1 ...). */
  type: z.string(),
  individualEpic: z.boolean(),
  exist: z.boolean(),
  permanentAddress: tenantAddressSchema,
  presentAddress: tenantAddressSchema,
  /** A held change of the mobile or email, when one is pending (docs/otp-channel-changes.md). */
  pendingChannelChange: pendingChannelChangeFieldSchema,
  /**
   * Registered again over a deleted record's kept channel with another one typed (docs/otp-channel-changes.md,
   * "A contested record"): a locality officer settles it at the counter. Shown to officials only.
   */
  channelContested: z.boolean().optional(),
});
export type Tenant = z.infer<typeof tenantSchema>;

/**
 * `POST register/settleContestedTenant`: a locality officer, with the person at the counter, settles a contested
 * record by the ID number on the identity document it checked, with the mobile and email the person gives. The
 * kept ones end the contest at once; others are held and told like any official's change, and no key stops them.
 */
export const settleContestBodySchema = z.object({
  epicNo: tenantIdNumberSchema,
  mobile: mobileSchema,
  email: emailSchema,
});
export type SettleContestBody = z.infer<typeof settleContestBodySchema>;

export const tenantSavedReplySchema = z.object({
  message: z.string(),
  /** The registration number (the tenant's id). */
  id: z.number().int(),
  tenant: tenantSchema,
  /** The held change of the mobile or email when an official's update asked for one. */
  channelChange: pendingChannelChangeFieldSchema,
});
export type TenantSavedReply = z.infer<typeof tenantSavedReplySchema>;

export const tenantIdParamsSchema = z.object({ id: idParamSchema });
export const tenantIdNumberParamsSchema = z.object({ epicNo: tenantIdNumberSchema });
export const memberParamsSchema = z.object({ id: idParamSchema, memberCode: idParamSchema });

/** The anonymous existence check: no personal data, only whether the ID is registered. */
export const tenantExistsReplySchema = z.object({ exists: z.literal(true), message: z.string() });

/** A document of a person as listed with it (never its content). */
export const documentRefSchema = z.object({
  docid: z.number().int(),
  doctype: z.string(),
  contenttype: z.string(),
  /** Which identity document an IDENTITYPROOF is (EPIC, DL, PAN, PASSPORT); null otherwise. */
  idtype: idTypeReplySchema,
});

// ---- family members ----

export const familyMemberBodySchema = z.object({
  memberName: required('Member Name required').refine(...displayable('name')),
  age: dateOfBirth(),
  occupation: required('Occupation required'),
  relationship: required('Relationship required'),
});
export type FamilyMemberBody = z.infer<typeof familyMemberBodySchema>;

export const familyMemberSchema = z.object({
  memberCode: z.number().int(),
  tenantId: z.number().int(),
  memberName: z.string(),
  age: z.string().nullable(),
  occupation: z.string(),
  relationship: z.string(),
  leftOn: z.string().nullable(),
  active: z.boolean(),
  documents: z.array(documentRefSchema),
});
export type FamilyMember = z.infer<typeof familyMemberSchema>;

// ---- domestic helpers ----

const HELPER_PIN_MESSAGE = 'Invalid Pincode. Must be 6 digits.';
const helperPin = z
  .string({ error: HELPER_PIN_MESSAGE })
  .trim()
  .regex(/^\d{6}$/, HELPER_PIN_MESSAGE);

/** A helper's address as the spec shapes it: `statename` beside `district`, not inside it. */
export const helperBodySchema = z.object({
  memberName: required('Member Name required').refine(...displayable('name')),
  age: z
    .string({ error: 'Age is required' })
    .trim()
    .min(1, 'Age is required')
    .refine(isPastDate, 'Age (date of birth) must be a date (yyyy-mm-dd) in the past.'),
  permanentAddress: z.object(
    {
      address1: required('Address Line 1 required!', 200).refine(...displayable('address')),
      address2: optionalText(200).refine(...displayable('address')),
      pinCode: helperPin,
      district: z.object(
        { districtCode: required('District required', 8), districtName: z.string().nullish() },
        { error: 'District required' },
      ),
      statename: stateRefInput,
    },
    { error: 'Address Line 1 required!' },
  ),
  presentAddress: z
    .object({ pinCode: helperPin.nullish().or(z.literal('').transform(() => null)) })
    .nullish(),
});
export type HelperBody = z.infer<typeof helperBodySchema>;

export const helperSchema = z.object({
  memberCode: z.number().int(),
  tenantId: z.number().int(),
  memberName: z.string(),
  age: z.string().nullable(),
  permanentAddress: z.object({
    address1: z.string(),
    address2: z.string().nullable(),
    pinCode: z.string(),
    district: z.object({ districtCode: z.string(), districtName: z.string() }),
    statename: stateRefSchema,
  }),
  presentAddress: z.object({ pinCode: z.string().nullable() }),
  leftOn: z.string().nullable(),
  active: z.boolean(),
  documents: z.array(documentRefSchema),
});
export type Helper = z.infer<typeof helperSchema>;

export const memberSavedReplySchema = z.object({ message: z.string(), memberCode: z.number().int() });
