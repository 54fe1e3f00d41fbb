import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorReplySchema } from '../../contract/api';
import {
  districtSchema,
  localAuthoritySchema,
  localitiesQuerySchema,
  localityByCodeParamsSchema,
  localityParamsSchema,
  localitySchema,
  LOOKUP_CACHE_CONTROL,
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
  wardsQuerySchema,
} from '../../contract/master.contract';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import {
  listDistricts,
  listLocalAuthorities,
  listLocalities,
  listOccupations,
  listPoliceStations,
  listRelationshipTypes,
  listStates,
  listTenancyTypes,
} from '../services/master-lookups.service';
import type { ZodApi } from '../http/zod-api';

const errors = { '4xx': errorReplySchema };

/** Reference data changes a few times a year: let browsers and proxies keep it for five minutes. */
function cacheable(reply: FastifyReply): void {
  reply.header('Cache-Control', LOOKUP_CACHE_CONTROL);
}

/** The one row of a by-code lookup, or 404 with the code named. */
function single<T>(rows: T[], what: string, code: string): T {
  if (rows.length === 0) throw new HttpError(404, `No such ${what}: ${code}.`);
  return rows[0];
}

/**
 * Public lookups (docs/landlords-api.md, "Lookups"): no sign-in, no key. Our jurisdiction records have no
 * numeric id besides their code, so `/{id}` and `...Bycode/{code}` answer the same record.
 */
export function registerMasterLookupRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { db } = deps;

  api.get('/master/state', { schema: { response: { 200: z.array(stateSchema) } } }, async (_req, reply) => {
    cacheable(reply);
    return listStates(db);
  });

  api.get(
    '/master/district/:id',
    { schema: { params: stateParamsSchema, response: { 200: z.array(districtSchema), ...errors } } },
    async (request, reply) => {
      cacheable(reply);
      return listDistricts(db, request.params.id);
    },
  );

  api.get(
    '/master/occupation',
    { schema: { response: { 200: z.array(occupationSchema) } } },
    async (_req, reply) => {
      cacheable(reply);
      return listOccupations(db);
    },
  );

  api.get(
    '/master/relationshiptype',
    { schema: { response: { 200: z.array(relationshipTypeSchema) } } },
    async (_req, reply) => {
      cacheable(reply);
      return listRelationshipTypes(db);
    },
  );

  api.get(
    '/master/tenancytype',
    { schema: { response: { 200: z.array(tenancyTypeSchema) } } },
    async (_req, reply) => {
      cacheable(reply);
      return listTenancyTypes(db);
    },
  );

  api.get(
    '/master/policestation',
    {
      schema: {
        querystring: stationsQuerySchema,
        response: { 200: z.array(policeStationSchema), ...errors },
      },
    },
    async (request, reply) => {
      cacheable(reply);
      return listPoliceStations(db, request.query);
    },
  );

  const oneStation = async (code: string, reply: FastifyReply) => {
    const row = single(await listPoliceStations(db, { code }), 'police station', code);
    cacheable(reply);
    return row;
  };
  api.get(
    '/master/policestation/:id',
    { schema: { params: stationParamsSchema, response: { 200: policeStationSchema, ...errors } } },
    (request, reply) => oneStation(request.params.id, reply),
  );
  api.get(
    '/master/policestationBycode/:code',
    { schema: { params: stationByCodeParamsSchema, response: { 200: policeStationSchema, ...errors } } },
    (request, reply) => oneStation(request.params.code, reply),
  );

  api.get(
    '/master/Locality',
    { schema: { querystring: localitiesQuerySchema, response: { 200: z.array(localitySchema), ...errors } } },
    async (request, reply) => {
      cacheable(reply);
      return listLocalities(db, request.query);
    },
  );

  const oneLocality = async (code: string, reply: FastifyReply) => {
    const row = single(await listLocalities(db, { code }), 'locality', code);
    cacheable(reply);
    return row;
  };
  api.get(
    '/master/Locality/:id',
    { schema: { params: localityParamsSchema, response: { 200: localitySchema, ...errors } } },
    (request, reply) => oneLocality(request.params.id, reply),
  );
  api.get(
    '/master/Locality/code/:code',
    { schema: { params: localityByCodeParamsSchema, response: { 200: localitySchema, ...errors } } },
    (request, reply) => oneLocality(request.params.code, reply),
  );

  api.get(
    '/master/LocalAuthority',
    {
      schema: { querystring: wardsQuerySchema, response: { 200: z.array(localAuthoritySchema), ...errors } },
    },
    async (request, reply) => {
      cacheable(reply);
      return listLocalAuthorities(db, request.query);
    },
  );

  const oneWard = async (code: string, reply: FastifyReply) => {
    const row = single(await listLocalAuthorities(db, { code }), 'sub-locality/ward', code);
    cacheable(reply);
    return row;
  };
  api.get(
    '/master/LocalAuthority/:id',
    { schema: { params: wardParamsSchema, response: { 200: localAuthoritySchema, ...errors } } },
    (request, reply) => oneWard(request.params.id, reply),
  );
  api.get(
    '/master/LocalAuthorityBycode/:code',
    { schema: { params: wardByCodeParamsSchema, response: { 200: localAuthoritySchema, ...errors } } },
    (request, reply) => oneWard(request.params.code, reply),
  );

  return Promise.resolve();
}
