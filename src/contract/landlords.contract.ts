import { z } from 'zod';
import { pendingChannelChangeFieldSchema } from './channel-changes.contract';
import { rentalUnitSchema } from './rental-units.contract';
import { displayable, isPlainEmail } from './display-text';

/**
 * Landlord records and landlords' domestic helpers (public-portal.md sections 3, 5, 7, 8). The same bodies serve
 * the officials' `register/...` calls and the citizens' `process/...` calls (docs/landlords-api.md). Messages are
 * the spec's, shown to the person as they are.
 */

export const LANDLORD_MESSAGES = {
  saved: 'Successfully Saved Landlord. Please login to proceed with further data entries.',
  updated: 'Successfully updated landlord!',
  exists: 'Landlord with entered EPIC number already exists. Please try logging in!',
  notFound: 'Landlord ID does not exist.',
  epicRequired: 'Landlord Epic Number required!',
  invalidEpic: 'Invalid Epic!',
  helperSaved: 'Successfully Saved Helper. Please Upload Signature.',
  helperRemoved: 'Helper successfully removed!',
  helperInvalid: 'Some of the data you entered might be incorrect. Please re-check!',
  notYours: 'This landlord record is not yours.',
  outsideJurisdiction:
    'This landlord is outside your jurisdiction: its record stays with the office where the landlord registered or where it registered its own rental units.',
} as const;

/** A required text field: missing, not text or blank all give the field's own message. */
export const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

/** An optional text field: blank is the same as absent (the forms drop empty middle names and emails). */
export const optionalText = (max = 100) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A landlord id in a body: a positive whole number the database can hold. */
const landlordIdField = z.coerce
  .number({ error: LANDLORD_MESSAGES.notFound })
  .int(LANDLORD_MESSAGES.notFound)
  .positive(LANDLORD_MESSAGES.notFound)
  .max(Number.MAX_SAFE_INTEGER, LANDLORD_MESSAGES.notFound)
  .optional();

export const PINCODE_MESSAGE = 'Invalid Pincode. Must be 6 digits.';
export const pinCodeSchema = z
  .string({ error: 'Pincode required' })
  .trim()
  .min(1, 'Pincode required')
  .regex(/^\d{6}$/, PINCODE_MESSAGE);

/** Mobile: digits only, at most 10 (section 5). */
export const mobileSchema = z
  .string({ error: 'Mobile number required' })
  .trim()
  .min(1, 'Mobile number required')
  .regex(/^\d+$/, 'Only numbers are allowed')
  .max(10, 'Mobile number must be at most 10 digits.');

/** A landlord's EPIC: upper-cased, 3 letters then 7 digits. */
export const epicSchema = z
  .string({ error: LANDLORD_MESSAGES.epicRequired })
  .trim()
  .toUpperCase()
  .min(1, LANDLORD_MESSAGES.epicRequired)
  .regex(/^[A-Z]{3}\d{7}$/, LANDLORD_MESSAGES.invalidEpic);

export const epicParamsSchema = z.object({ epic: epicSchema });

/** The address as the forms send it: the district carries its state. */
export const addressInputSchema = z.object(
  {
    address1: requiredText('Address Line 1 required!', 200).refine(...displayable('address')),
    address2: optionalText(200).refine(...displayable('address')),
    pinCode: pinCodeSchema,
    district: z.object(
      {
        districtCode: requiredText('District required', 4),
        districtName: z.string().optional(),
        statename: z.object(
          { stateCode: requiredText('State required', 2), stateName: z.string().optional() },
          { error: 'State required' },
        ),
      },
      { error: 'District required' },
    ),
  },
  { error: 'Address Line 1 required!' },
);
export type AddressInput = z.infer<typeof addressInputSchema>;

export const addressSchema = z.object({
  address1: z.string(),
  address2: z.string().nullable(),
  pinCode: z.string(),
  district: z.object({
    districtCode: z.string(),
    districtName: z.string(),
    statename: z.object({ stateCode: z.string(), stateName: z.string() }),
  }),
});
export type Address = z.infer<typeof addressSchema>;

/** The landlord's basic details, as both create and update send them. */
export const landlordInputSchema = z.object({
  epicNo: epicSchema,
  firstName: requiredText('firstName required').refine(...displayable('name')),
  middleName: optionalText().refine(...displayable('name')),
  lastName: optionalText().refine(...displayable('name')),
  occupation: requiredText('Occupation required'),
  mobile: mobileSchema,
  email: z
    .string()
    .trim()
    .max(120, 'At most 120 characters.')
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isPlainEmail(v), 'Invalid email address.'),
  permanentAddress: addressInputSchema,
  presentAddress: addressInputSchema,
});
export type LandlordInput = z.infer<typeof landlordInputSchema>;

/** An update names the landlord by `id` or `landlord_id` (the same number); the EPIC may not change. */
export const landlordUpdateSchema = landlordInputSchema.extend({
  id: landlordIdField,
  landlord_id: landlordIdField,
});
export type LandlordUpdate = z.infer<typeof landlordUpdateSchema>;

/** The spec's Landlord entity. `rentalUnit` holds the units the caller may see. */
export const landlordSchema = z.object({
  id: z.number().int(),
  landlord_id: z.number().int(),
  epicNo: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  occupation: z.string(),
  mobile: z.string(),
  email: z.string().nullable(),
  permanentAddress: addressSchema,
  presentAddress: addressSchema,
  rentalUnit: z.array(rentalUnitSchema),
  exist: z.literal(true),
  /** A held change of the mobile or email, when one is pending (docs/otp-channel-changes.md). */
  pendingChannelChange: pendingChannelChangeFieldSchema,
  /**
   * True when an official found a landlord it does not reach by its EPIC (docs/reach.md): the reply then names the
   * landlord (id, EPIC, name, occupation) and its units in the official's jurisdiction, and withholds its mobile,
   * email and address lines, which only the offices that reach its record see.
   */
  recordWithheld: z.boolean().optional(),
});
export type Landlord = z.infer<typeof landlordSchema>;

export const landlordSavedSchema = z.object({ message: z.string(), landlord_id: z.number().int() });
export const existsReplySchema = z.object({ exists: z.literal(true) });

/** A landlord id in a path: positive digits (the id doubles as the landlord's registration number). */
export const landlordIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, LANDLORD_MESSAGES.notFound)
    .transform(Number),
});

export const helperInputSchema = z.object({
  landlordId: landlordIdField,
  memberName: requiredText('Member Name required').refine(...displayable('name')),
  /** The spec's `age` holds the date of birth (yyyy-mm-dd), a real calendar date. */
  age: z.iso.date({ error: 'Age is required' }),
  permanentAddress: z.object(
    {
      address1: requiredText('Address Line 1 required!', 200).refine(...displayable('address')),
      address2: optionalText(200).refine(...displayable('address')),
      pinCode: z
        .string({ error: PINCODE_MESSAGE })
        .trim()
        .regex(/^\d{6}$/, PINCODE_MESSAGE),
      district: z.object(
        { districtCode: requiredText('District required', 4) },
        { error: 'District required' },
      ),
      statename: z.object({ stateCode: requiredText('State required', 2) }, { error: 'State required' }),
    },
    { error: 'Address Line 1 required!' },
  ),
  presentAddress: z
    .object({
      pinCode: z
        .string()
        .trim()
        .regex(/^\d{6}$/, PINCODE_MESSAGE)
        .nullish(),
    })
    .nullish(),
});
export type HelperInput = z.infer<typeof helperInputSchema>;

/** The spec's Domestic helper entity, owner landlord. */
export const helperSchema = z.object({
  memberCode: z.number().int(),
  memberName: z.string(),
  age: z.string().nullable(),
  permanentAddress: z.object({
    address1: z.string(),
    address2: z.string().nullable(),
    pinCode: z.string(),
    district: z.object({ districtCode: z.string(), districtName: z.string() }),
    statename: z.object({ stateCode: z.string(), stateName: z.string() }),
  }),
  presentAddress: z.object({ pinCode: z.string().nullable() }),
  leftOn: z.string().nullable(),
  documents: z.array(z.object({ docid: z.number().int(), doctype: z.string() })),
  landlordId: z.number().int(),
});
export type Helper = z.infer<typeof helperSchema>;

export const helperSavedSchema = z.object({ message: z.string(), memberCode: z.number().int() });
export const helperParamsSchema = z.object({
  memberCode: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'The helper code must be a positive whole number.')
    .transform(Number),
});

/**
 * The landlord's Applications tab (public-portal.md "Landlord page"): `GET process/AllApplicationByLandlord/{id}`.
 * A landlord has few applications, so the newest LANDLORD_APPLICATIONS_CAP are sent with the total; the tab says
 * when more exist. Cancelled and deleted applications are not listed.
 */
export const LANDLORD_APPLICATIONS_CAP = 100;

/** The red note of the Applications tab, in the spec's words. */
export const LANDLORD_APPLICATIONS_NOTE =
  'Applications cannot be deleted if applied by other users or if approved or rejected by local authorities.';

export const landlordApplicationSchema = z.object({
  /** Application ID. */
  applid: z.number().int(),
  /** Status, in the citizen's words (the tracker's: machines/application/statuses.ts). */
  status: z.string(),
  /** Status Code (a hidden column): LARP, LAVP, PLVP, RJT, RECT or APARV. */
  applstatus: z.string(),
  landlordId: z.number().int(),
  tenantId: z.number().int(),
  /** Applied By: the official's username, or `landlord:<id>` when the landlord applied with its key. */
  logby: z.string(),
  /** Applied (completed_at set) or still incomplete (family members and helpers not chosen yet). */
  complete: z.boolean(),
  createdAt: z.string(),
});
export type LandlordApplication = z.infer<typeof landlordApplicationSchema>;

export const landlordApplicationsSchema = z.object({
  applications: z.array(landlordApplicationSchema),
  /** How many the landlord has in all (more than `applications.length` when the cap cut the list). */
  total: z.number().int(),
});
export type LandlordApplications = z.infer<typeof landlordApplicationsSchema>;
