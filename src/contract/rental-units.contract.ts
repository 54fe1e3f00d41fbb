import { z } from 'zod';

/**
 * Rental units (public-portal.md sections 2, 3, 5, 8): create, edit, delete or disown, list, vacancy update.
 * `register/rentalUnit` for officials, `process/rentalUnit` for a landlord's key (docs/landlords-api.md).
 */

export const RENTAL_UNIT_MESSAGES = {
  saved: 'Successfully Saved Rental Unit',
  edited: 'Successfully Edited Rental Unit',
  deleted: 'Successfully Deleted Rental Unit',
  vacancyUpdated: 'Successfully Updated!',
  notFound: 'Rental unit not found.',
  notYours: 'This rental unit is not yours.',
  outsideJurisdiction: 'This rental unit is outside your jurisdiction.',
  wardOutsideJurisdiction: 'This sub-locality/ward is outside your jurisdiction.',
  liveApplication:
    'This rental unit has an application in process or an approved tenant. Update its vacancy first (this cancels the application or records that the tenant left), then disown it.',
  wardChangeWhileHeld:
    'This rental unit has an application in process or an approved tenant, so its sub-locality/ward cannot change. Update its vacancy first.',
  alreadyVacant: 'This rental unit is already vacant.',
  unknownWard: 'Sub-Locality/Ward not found.',
  wardNotInStation: 'The sub-locality/ward does not belong to the chosen police station.',
  wardNotInDistrict: 'The sub-locality/ward does not lie in the chosen district.',
} as const;

const PINCODE_MESSAGE = 'Invalid Pincode. Must be 6 digits.';

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

const wardCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .min(1, message)
    .regex(/^PS\d{7}LA\d{2}W\d{2}$/, 'Give a sub-locality/ward code, e.g. PS1701001LA01W01.');

export const rentcodeSchema = z
  .string({ error: 'Rent code required' })
  .trim()
  .toUpperCase()
  .regex(/^RU\d{9}$/, 'Give a rent code, e.g. RU000000001.');

/**
 * The unit's fields as the dialog sends them, in the shape of the Rental unit entity (so the browser may send
 * back what it read): `laCode` is the sub-locality/ward, `la.ps.policeStationCode` the police station,
 * `district.districtCode` the district. Which of them are required depends on the caller (section 5).
 */
const unitFields = {
  landlordId: z.coerce
    .number({ error: 'Landlord ID does not exist.' })
    .int('Landlord ID does not exist.')
    .positive('Landlord ID does not exist.')
    .max(Number.MAX_SAFE_INTEGER, 'Landlord ID does not exist.')
    .optional(),
  houseNo: optional(50),
  floorNo: optional(50),
  address1: required('Address Line 1 required!'),
  address2: optional(200),
  pinCode: z
    .string({ error: 'Pincode required' })
    .trim()
    .min(1, 'Pincode required')
    .regex(/^\d{6}$/, PINCODE_MESSAGE),
  laCode: wardCode('Sub-Locality/Ward required'),
};

const stationOf = (message: string) =>
  z.object(
    {
      ps: z.object(
        {
          policeStationCode: z
            .string({ error: message })
            .trim()
            .toUpperCase()
            .min(1, message)
            .regex(/^PS\d{7}$/, 'Give a police station code, e.g. PS1701001.'),
        },
        { error: message },
      ),
    },
    { error: message },
  );
const districtOf = (message: string) =>
  z.object(
    {
      districtCode: z
        .string({ error: message })
        .trim()
        .regex(/^\d{4}$/, message),
    },
    { error: message },
  );

/** A landlord with its key (anonymous variant): police station, ward, address 1, pincode and district. */
export const citizenUnitSchema = z.object({
  ...unitFields,
  la: stationOf('Police Station required'),
  district: districtOf('District required'),
});
/** An official (logged-in variant): ward, address 1 and pincode; the district follows from the ward. */
export const staffUnitSchema = z.object({
  ...unitFields,
  la: stationOf('Police Station required').optional(),
  district: districtOf('District required').optional(),
});
export type UnitInput = z.infer<typeof staffUnitSchema>;

/** PUT: `{rentcode, ...fields}` edits; `{rentcode, delete: true}` deletes or disowns. */
export const unitChangeSchema = z.looseObject({
  rentcode: rentcodeSchema,
  delete: z.boolean().optional(),
});

export const vacancyParamsSchema = z.object({
  landlordId: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'Landlord ID does not exist.')
    .transform(Number),
  rentcode: rentcodeSchema,
});
export const landlordUnitsParamsSchema = vacancyParamsSchema.pick({ landlordId: true });

/** The spec's Rental unit entity. */
export const rentalUnitSchema = z.object({
  rentcode: z.string(),
  houseNo: z.string().nullable(),
  floorNo: z.string().nullable(),
  address1: z.string(),
  address2: z.string().nullable(),
  pinCode: z.string(),
  district: z.object({ districtCode: z.string(), districtName: z.string() }),
  vacant: z.boolean(),
  laCode: z.string(),
  landlordId: z.number().int(),
  la: z.object({
    localAuthorityCode: z.string(),
    localAuthorityName: z.string(),
    headManName: z.string(),
    ps: z.object({ policeStationName: z.string(), policeStationCode: z.string() }),
    dist: z.object({ districtCode: z.string(), districtName: z.string() }),
  }),
});
export type RentalUnit = z.infer<typeof rentalUnitSchema>;

export const unitSavedSchema = z.object({ message: z.string(), rentcode: z.string() });
export const unitChangedSchema = z.object({
  message: z.string(),
  rentcode: z.string(),
  /** What a delete did: 'deleted' (no history) or 'disowned' (history kept). */
  outcome: z.enum(['edited', 'deleted', 'disowned']),
});
export const vacancyReplySchema = z.object({
  message: z.string(),
  rentcode: z.string(),
  /** The applications the vacancy closed (cancelled, or shifted tenant for an approved one). */
  closedApplications: z.array(z.object({ applid: z.number().int(), status: z.string() })),
});
