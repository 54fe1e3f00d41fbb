import { z } from 'zod';
import { endpoint } from './endpoint';
import {
  districtSchema,
  localAuthoritySchema,
  localitiesQuerySchema,
  localityByCodeParamsSchema,
  localityParamsSchema,
  localitySchema,
  occupationSchema,
  policeStationSchema,
  relationshipTypeSchema,
  stateParamsSchema,
  stateSchema,
  stationByCodeParamsSchema,
  stationParamsSchema,
  stationsQuerySchema,
  tenancyTypeSchema,
  wardByCodeParamsSchema,
  wardParamsSchema,
  wardRefSchema,
  wardsQuerySchema,
} from './master.contract';

// The master lookups' endpoints, apart from master.contract.ts (their schemas) to keep each file short.

const anyone = { public: true } as const;
const tag = 'master';

/** A whole list of reference data, asked for without params. */
const list = <R extends z.ZodType>(path: string, reply: R) =>
  endpoint({ method: 'GET', path, access: anyone, tag, reply });

/**
 * Public lookups (docs/landlords-api.md, "Lookups"): no sign-in, no key. `/{id}` and `...Bycode/{code}` answer the
 * same record (a jurisdiction record has no id besides its code).
 */
export const MASTER_LOOKUP_ENDPOINTS = {
  states: list('/master/state', z.array(stateSchema)),
  districts: endpoint({
    method: 'GET',
    path: '/master/district/:id',
    access: anyone,
    tag,
    params: stateParamsSchema,
    reply: z.array(districtSchema),
  }),
  occupations: list('/master/occupation', z.array(occupationSchema)),
  relationshipTypes: list('/master/relationshiptype', z.array(relationshipTypeSchema)),
  tenancyTypes: list('/master/tenancytype', z.array(tenancyTypeSchema)),
  stations: endpoint({
    method: 'GET',
    path: '/master/policestation',
    access: anyone,
    tag,
    query: stationsQuerySchema,
    reply: z.array(policeStationSchema),
  }),
  station: endpoint({
    method: 'GET',
    path: '/master/policestation/:id',
    access: anyone,
    tag,
    params: stationParamsSchema,
    reply: policeStationSchema,
  }),
  stationByCode: endpoint({
    method: 'GET',
    path: '/master/policestationBycode/:code',
    access: anyone,
    tag,
    params: stationByCodeParamsSchema,
    reply: policeStationSchema,
  }),
  localities: endpoint({
    method: 'GET',
    path: '/master/Locality',
    access: anyone,
    tag,
    query: localitiesQuerySchema,
    reply: z.array(localitySchema),
  }),
  locality: endpoint({
    method: 'GET',
    path: '/master/Locality/:id',
    access: anyone,
    tag,
    params: localityParamsSchema,
    reply: localitySchema,
  }),
  localityByCode: endpoint({
    method: 'GET',
    path: '/master/Locality/code/:code',
    access: anyone,
    tag,
    params: localityByCodeParamsSchema,
    reply: localitySchema,
  }),
  wards: endpoint({
    method: 'GET',
    path: '/master/LocalAuthority',
    access: anyone,
    tag,
    query: wardsQuerySchema,
    reply: z.array(localAuthoritySchema),
  }),
  ward: endpoint({
    method: 'GET',
    path: '/master/LocalAuthority/:id',
    access: anyone,
    tag,
    params: wardParamsSchema,
    reply: localAuthoritySchema,
  }),
  wardByCode: endpoint({
    method: 'GET',
    path: '/master/LocalAuthorityBycode/:code',
    access: anyone,
    tag,
    params: wardByCodeParamsSchema,
    reply: localAuthoritySchema,
  }),
};

/**
 * The wards of a locality for the officials' filters (SUPERMODERATOR's 'Filter applications by
 * Sub-Localities/Wards', the landlords filter): staff only, a locality inside the caller's jurisdiction.
 */
export const MASTER_ENDPOINTS = {
  wardsOfLocality: endpoint({
    method: 'GET',
    path: '/master/LocalAuthorityByLocality/:code',
    access: { staff: 'any' },
    tag,
    params: localityByCodeParamsSchema,
    reply: z.array(wardRefSchema),
  }),
};
