import { z } from 'zod';
import { pageMetaSchema } from './paging';
import { displayable } from './display-text';
import { waitText } from './wait-text';

/**
 * Rental units (public-portal.md sections 2, 3, 5, 8): create, edit, delete or disown, list, vacancy update.
 * `register/rentalUnit` for officials, `process/rentalUnit` for a landlord's key (docs/landlords-api.md).
 */

export const RENTAL_UNIT_MESSAGES = {
  saved: 'Successfully Saved Rental Unit',
  /** An official added a unit for a landlord it does not reach: the landlord confirms it by a code (docs/reach.md). */
  savedAwaitingConsent:
    'Rental unit saved. A code was sent to the landlord: ask the landlord for it and enter it to confirm that the landlord owns this rental unit. Until then no application can be made for it.',
  /** The stable refusal of an application in a unit the landlord has not confirmed (409). */
  landlordConsentMissing:
    'The landlord has not yet confirmed this rental unit, so no application can be made for it. Ask the landlord for the code sent to them and enter it under Rental Units (Confirm landlord), then make the application.',
  landlordConsentGiven: 'The landlord has confirmed this rental unit. You may now make applications for it.',
  landlordConsentAlreadyGiven: 'The landlord has already confirmed this rental unit.',
  landlordConsentCodeEnded:
    'This code has expired or can no longer be used. Press Resend code to send the landlord a new one.',
  landlordConsentCodeReplaced:
    'This code was replaced by a newer one. Enter the latest code sent to the landlord.',
  landlordConsentResent: 'A new code was sent to the landlord. The earlier code no longer works.',
  landlordConsentNoChannel:
    'The landlord has no email address or mobile number on record, so no code can be sent. The landlord should update their record at the office where they registered, or make the application with their own key.',
  landlordConsentTooManyResends: (minutes: number) =>
    `Too many codes were sent for this rental unit. Please try again after ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  /** The official's own daily budget for this landlord (docs/tenant-consent.md, "The budget"). */
  landlordConsentApplicantCap: (minutes: number) =>
    `You have asked for too many codes for this landlord today. Please try again after ${waitText(minutes)}. A code already sent still works until it expires.`,
  /** The landlord-wide flood guard, which stops only an official that already had its first code and one resend. */
  landlordConsentCap: (minutes: number) =>
    `This landlord has been sent too many consent codes today. Please try again after ${waitText(minutes)}.`,
  notAddedByYou: 'This rental unit was added by another official.',
  edited: 'Successfully Edited Rental Unit',
  /** An official edited a unit awaiting the landlord's consent: its codes ended (docs/reach.md, attack F-C). */
  editedAwaitingNewCode:
    'The rental unit was changed: ask the landlord for the new code (press Resend code).',
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
  houseNo: optional(50).refine(...displayable('address')),
  floorNo: optional(50).refine(...displayable('address')),
  address1: required('Address Line 1 required!').refine(...displayable('address')),
  address2: optional(200).refine(...displayable('address')),
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
  /**
   * 'pending' while a unit an official added for a landlord it did not reach awaits the landlord's code (no
   * application may be made for it); 'given' otherwise (docs/reach.md). Absent in older replies: 'given'.
   */
  landlordConsent: z.enum(['given', 'pending']).optional(),
  la: z.object({
    localAuthorityCode: z.string(),
    localAuthorityName: z.string(),
    headManName: z.string(),
    ps: z.object({ policeStationName: z.string(), policeStationCode: z.string() }),
    dist: z.object({ districtCode: z.string(), districtName: z.string() }),
  }),
});
export type RentalUnit = z.infer<typeof rentalUnitSchema>;

export const unitSavedSchema = z.object({
  message: z.string(),
  rentcode: z.string(),
  /**
   * Whether the caller may open the landlord's record after this save (docs/reach.md): false when an official
   * added a unit for a landlord it does not reach. Absent in older replies: treat as true.
   */
  landlordReached: z.boolean().optional(),
  /** 'pending' when `landlordReached` is false: the landlord's code is awaited before the unit carries applications. */
  landlordConsent: z.enum(['given', 'pending']).optional(),
  /** Where the landlord's code went, masked ('mobile ••••••1234'); null when none was sent (no channel). */
  consentCodeSentTo: z.string().nullable().optional(),
});

export type UnitSaved = z.infer<typeof unitSavedSchema>;

/** The official's calls on the landlord's consent to a unit it added (docs/landlords-api.md). */
export const RENTAL_UNIT_CONSENT_PATHS = {
  confirm: 'register/rentalUnit/landlordConsent',
  resend: 'register/rentalUnit/landlordConsent/resend',
} as const;

/**
 * POST register/rentalUnit/landlordConsent: the code the landlord received, sealed like every OTP (RSA-OAEP with
 * the key and single-use nonce of users/getPublicKey, docs/password-transport.md).
 */
export const unitConsentBodySchema = z.object({
  rentalUnitId: rentcodeSchema,
  code: z
    .string({ error: 'The code is required' })
    .min(1, 'The code is required')
    .max(2048, 'The code is malformed'),
});
export type UnitConsentBody = z.input<typeof unitConsentBodySchema>;
export const unitConsentResendBodySchema = z.object({ rentalUnitId: rentcodeSchema });

export const unitConsentGivenSchema = z.object({
  message: z.string(),
  rentcode: z.string(),
  landlordConsent: z.literal('given'),
  landlordConsentedAt: z.string(),
});
export type UnitConsentGiven = z.infer<typeof unitConsentGivenSchema>;
export const unitConsentResentSchema = z.object({
  message: z.string(),
  rentcode: z.string(),
  landlordConsent: z.literal('pending'),
  consentCodeSentTo: z.string(),
});
export type UnitConsentResent = z.infer<typeof unitConsentResentSchema>;
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

/** The officials' rental-units list (`GET register/rentalUnits`, docs/staff-registration.md). */
export const RENTAL_UNITS_PAGE_SIZE = 10;
export const RENTAL_UNITS_MAX_PAGE_SIZE = 100;
/** Paging further than this is refused as bad input rather than scanned. */
export const RENTAL_UNITS_MAX_PAGE = 100_000;

export const RENTAL_UNIT_LIST_MESSAGES = {
  badPage: 'The page must be a whole number: 0 for the first page.',
  pageTooLarge: `The page must be at most ${RENTAL_UNITS_MAX_PAGE}.`,
  badSize: `The page size must be a whole number from 1 to ${RENTAL_UNITS_MAX_PAGE_SIZE}.`,
  longFilter: 'The search text is too long (at most 60 characters).',
} as const;

/** A landlord EPIC as the list's filter reads it: 3 letters then 7 digits (upper-cased first). */
export const EPIC_FILTER_PATTERN = /^[A-Z]{3}\d{7}$/;

/**
 * `?page=&size=&q=`: zero-based page, rows per page, and one search text: an EPIC (3 letters + 7 digits) names
 * the landlord; any other text is looked for in the house number and the address lines.
 */
export const rentalUnitsQuerySchema = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, RENTAL_UNIT_LIST_MESSAGES.badPage)
    .transform(Number)
    .refine((n) => n <= RENTAL_UNITS_MAX_PAGE, RENTAL_UNIT_LIST_MESSAGES.pageTooLarge)
    .optional(),
  size: z
    .string()
    .regex(/^\d{1,3}$/, RENTAL_UNIT_LIST_MESSAGES.badSize)
    .transform(Number)
    .refine((n) => n >= 1 && n <= RENTAL_UNITS_MAX_PAGE_SIZE, RENTAL_UNIT_LIST_MESSAGES.badSize)
    .optional(),
  q: z.string().trim().max(60, RENTAL_UNIT_LIST_MESSAGES.longFilter).optional(),
});
export type RentalUnitsQuery = z.infer<typeof rentalUnitsQuerySchema>;

/** A row of the officials' list: the Rental unit entity plus its landlord. */
export const officeRentalUnitSchema = rentalUnitSchema.extend({
  landlord: z.object({
    id: z.number().int(),
    epicNo: z.string(),
    firstName: z.string(),
    middleName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
});
export type OfficeRentalUnit = z.infer<typeof officeRentalUnitSchema>;

/** The spec's paged shape (as the landlords list): `content` beside the zero-based paging fields. */
export const rentalUnitsPageSchema = pageMetaSchema.extend({ content: z.array(officeRentalUnitSchema) });
export type RentalUnitsPage = z.infer<typeof rentalUnitsPageSchema>;

/**
 * The officials who may mark a unit vacant through `register/rentalUnit/changestatus/...` (public-portal.md
 * section 6); the screens offer Update Status to these roles only. The server's guard uses the same roles
 * (owner-scope.ts VACANCY_STAFF_ROLES; tests/server/rental-units-list.test.ts keeps the two equal).
 */
export const VACANCY_UPDATE_ROLES = ['MODERATOR', 'SUPERMODERATOR'] as const;
