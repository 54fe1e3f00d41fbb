import { z } from 'zod';
import {
  districtCodeSchema,
  districtSchema,
  localityCodeSchema,
  policeStationRefSchema,
  stationCodeSchema,
} from './master.contract';
import { ROLES } from './roles';
import { displayable } from './display-text';

/**
 * Administration of the jurisdiction tree (backoffice.md sections 2, 5, 7; docs/jurisdiction-admin.md): creating
 * police stations, localities and sub-localities/wards, and the staff-only tables of each with the accounts that
 * work there. Codes are allocated by the server (docs/jurisdiction-codes.md).
 */

export const JURISDICTION_ADMIN_MESSAGES = {
  stationAdded: 'Successfully added police station',
  localityCreated: 'Successfully created Locality.',
  wardCreated: 'Successfully created Sub-Locality/Wards.',
  stationNameRequired: 'Police station name required',
  districtRequired: 'District required',
  nameRequired: 'Name required',
  headmanRequired: 'Headman name required',
  areaRequired: 'Area required',
  stationRequired: 'Police station required',
  unknownDistrict: 'No such district.',
  unknownStation: 'No such police station.',
  unknownLocality: 'No such locality.',
  stationNotOfLocality: 'This police station does not hold the chosen locality.',
  stationsFull: 'This district already has 999 police stations: no station code is left.',
  localitiesFull: 'This police station already has 99 localities: no locality code is left.',
  wardsFull: 'This locality already has 99 sub-localities/wards: no ward code is left.',
  duplicateStation: 'A police station of this name already exists in this district.',
  duplicateLocality: 'A locality of this name already exists under this police station.',
  duplicateWard: 'A sub-locality/ward of this name already exists in this locality.',
  outsideJurisdiction: 'This place is outside your jurisdiction.',
  notYourLocality: 'You may create sub-localities/wards only in your own locality.',
  busy: 'Someone else created a unit here at the same moment. Please try again.',
} as const;

/** Longest name of a station, locality, ward or headman. */
export const UNIT_NAME_MAX = 100;

const requiredName = (required: string) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(UNIT_NAME_MAX, `At most ${UNIT_NAME_MAX} characters`)
    .refine(...displayable('name'));

const M = JURISDICTION_ADMIN_MESSAGES;

/** POST master/policeStationEntry: `dist` is the district's code (backoffice.md section 3). */
export const stationEntryBodySchema = z.object({
  policeStationName: requiredName(M.stationNameRequired),
  dist: z.string(M.districtRequired).trim().min(1, M.districtRequired).pipe(districtCodeSchema),
});

/** POST master/locality: `ps` is the code of the police station the locality belongs to. */
export const localityEntryBodySchema = z.object({
  localityName: requiredName(M.nameRequired),
  headManName: requiredName(M.headmanRequired),
  ps: z.string(M.stationRequired).trim().min(1, M.stationRequired).pipe(stationCodeSchema),
});

/**
 * POST master/localAuthorityEntry: `area` is the locality's code (a SUPERMODERATOR may leave it out: its own
 * usercode is its area); `ps`, when sent, must be that locality's station.
 */
export const wardEntryBodySchema = z.object({
  localAuthorityName: requiredName(M.nameRequired),
  headManName: requiredName(M.headmanRequired),
  area: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(localityCodeSchema.optional())
    .optional(),
  ps: z
    .string()
    .trim()
    .transform((v) => v || undefined)
    .pipe(stationCodeSchema.optional())
    .optional(),
});

/** The same payload as every role but SUPERMODERATOR sends it: the area (locality) is required. */
export const wardEntryWithAreaBodySchema = wardEntryBodySchema.extend({
  area: z.string(M.areaRequired).trim().min(1, M.areaRequired).pipe(localityCodeSchema),
});

export type StationEntryBody = z.infer<typeof stationEntryBodySchema>;
export type LocalityEntryBody = z.infer<typeof localityEntryBodySchema>;
export type WardEntryBody = z.infer<typeof wardEntryBodySchema>;

/** A creation's answer: the spec's message and the code the server gave the new unit. */
export const unitCreatedReplySchema = z.object({ message: z.string(), code: z.string() });
export type UnitCreatedReply = z.infer<typeof unitCreatedReplySchema>;

/** An account working at a unit (its usercode is the unit's code). */
export const unitUserSchema = z.object({ id: z.number().int(), username: z.string(), role: z.enum(ROLES) });
export type UnitUser = z.infer<typeof unitUserSchema>;

export const adminStationSchema = policeStationRefSchema.extend({
  dist: districtSchema,
  users: z.array(unitUserSchema),
});

export const adminLocalitySchema = z.object({
  localityCode: z.string(),
  localityName: z.string(),
  headManName: z.string(),
  ps: policeStationRefSchema,
  users: z.array(unitUserSchema),
});

export const adminWardSchema = z.object({
  localAuthorityCode: z.string(),
  localAuthorityName: z.string(),
  headManName: z.string(),
  area: z.string(),
  localityName: z.string(),
  ps: policeStationRefSchema,
  users: z.array(unitUserSchema),
});

export type AdminStation = z.infer<typeof adminStationSchema>;
export type AdminLocality = z.infer<typeof adminLocalitySchema>;
export type AdminWard = z.infer<typeof adminWardSchema>;

/** Filters of the staff tables; each must lie in the caller's reach. */
export const adminLocalitiesQuerySchema = z.object({
  districtCode: districtCodeSchema.optional(),
  policeStationCode: stationCodeSchema.optional(),
});
export const adminWardsQuerySchema = z.object({
  policeStationCode: stationCodeSchema.optional(),
  localityCode: localityCodeSchema.optional(),
});
export type AdminLocalitiesQuery = z.infer<typeof adminLocalitiesQuerySchema>;
export type AdminWardsQuery = z.infer<typeof adminWardsQuerySchema>;

/** GET master/unitUsers/{code}: a station, locality or ward code. */
export const unitCodeParamsSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^PS\d{7}(LA\d{2}(W\d{2})?)?$/, 'Give a police station, locality or sub-locality/ward code.'),
});
