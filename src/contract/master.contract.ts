import { z } from 'zod';

/**
 * Public reference data behind the pickers (public-portal.md sections 3 and 7, backoffice.md section 3): states,
 * districts, occupations, relationship and tenancy types, police stations, localities and sub-localities/wards.
 * No sign-in needed; replies may be cached for five minutes (docs/landlords-api.md).
 */

/** How long browsers and proxies may keep a lookup reply. */
export const LOOKUP_CACHE_CONTROL = 'public, max-age=300';

export const stateSchema = z.object({ stateCode: z.string(), stateName: z.string() });
export const districtSchema = z.object({ districtCode: z.string(), districtName: z.string() });
export const occupationSchema = z.object({ value: z.string() });
export const relationshipTypeSchema = z.object({ value: z.string() });
export const tenancyTypeSchema = z.object({ tenancyCode: z.string(), type: z.string() });

export const policeStationRefSchema = z.object({
  policeStationCode: z.string(),
  policeStationName: z.string(),
});
export const policeStationSchema = policeStationRefSchema.extend({
  dist: districtSchema.extend({ stateCode: z.string() }),
});

export const localitySchema = z.object({
  localityCode: z.string(),
  localityName: z.string(),
  headManName: z.string(),
  ps: policeStationRefSchema,
  dist: districtSchema,
});

/** A sub-locality/ward ("local authority"): `area` is its locality's code, as the staff screens name it. */
export const localAuthoritySchema = z.object({
  localAuthorityCode: z.string(),
  localAuthorityName: z.string(),
  headManName: z.string(),
  area: z.string(),
  localityName: z.string(),
  ps: policeStationRefSchema,
  dist: districtSchema,
});

/** A ward of a locality, for the officials' filters (master/LocalAuthorityByLocality/{code}). */
export const wardRefSchema = z.object({
  localAuthorityCode: z.string(),
  localAuthorityName: z.string(),
  headManName: z.string(),
});
export type WardRef = z.infer<typeof wardRefSchema>;

export type StateRow = z.infer<typeof stateSchema>;
export type DistrictRow = z.infer<typeof districtSchema>;
export type PoliceStationRow = z.infer<typeof policeStationSchema>;
export type LocalityRow = z.infer<typeof localitySchema>;
export type LocalAuthorityRow = z.infer<typeof localAuthoritySchema>;

const code = (pattern: RegExp, message: string) => z.string().trim().toUpperCase().regex(pattern, message);

export const STATE_CODE_MESSAGE = 'Give a state code of two digits, e.g. 17.';
export const DISTRICT_CODE_MESSAGE = 'Give a district code of four digits, e.g. 1701.';
export const STATION_CODE_MESSAGE = 'Give a police station code, e.g. PS1701001.';
export const LOCALITY_CODE_MESSAGE = 'Give a locality code, e.g. PS1701001LA01.';
export const WARD_CODE_MESSAGE = 'Give a sub-locality/ward code, e.g. PS1701001LA01W01.';

export const stateCodeSchema = code(/^\d{2}$/, STATE_CODE_MESSAGE);
export const districtCodeSchema = code(/^\d{4}$/, DISTRICT_CODE_MESSAGE);
export const stationCodeSchema = code(/^PS\d{7}$/, STATION_CODE_MESSAGE);
export const localityCodeSchema = code(/^PS\d{7}LA\d{2}$/, LOCALITY_CODE_MESSAGE);
export const wardCodeSchema = code(/^PS\d{7}LA\d{2}W\d{2}$/, WARD_CODE_MESSAGE);

export const stateParamsSchema = z.object({ id: stateCodeSchema });
export const stationParamsSchema = z.object({ id: stationCodeSchema });
export const stationByCodeParamsSchema = z.object({ code: stationCodeSchema });
export const localityParamsSchema = z.object({ id: localityCodeSchema });
export const localityByCodeParamsSchema = z.object({ code: localityCodeSchema });
export const wardParamsSchema = z.object({ id: wardCodeSchema });
export const wardByCodeParamsSchema = z.object({ code: wardCodeSchema });

/** The pickers' filters: stations of a district, localities of a station, wards of a station or locality. */
export const stationsQuerySchema = z.object({ districtCode: districtCodeSchema.optional() });
export const localitiesQuerySchema = z.object({
  districtCode: districtCodeSchema.optional(),
  policeStationCode: stationCodeSchema.optional(),
});
export const wardsQuerySchema = z.object({
  policeStationCode: stationCodeSchema.optional(),
  localityCode: localityCodeSchema.optional(),
});
