import type { FastifyReply } from 'fastify';
import { LOOKUP_CACHE_CONTROL } from '../../contract/master.contract';
import { MASTER_LOOKUP_ENDPOINTS as LOOKUPS } from '../../contract/master.endpoints';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
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

  serve(api, deps, LOOKUPS.states, async (_req, reply) => {
    cacheable(reply);
    return listStates(db);
  });

  serve(api, deps, LOOKUPS.districts, async (request, reply) => {
    cacheable(reply);
    return listDistricts(db, request.params.id);
  });

  serve(api, deps, LOOKUPS.occupations, async (_req, reply) => {
    cacheable(reply);
    return listOccupations(db);
  });

  serve(api, deps, LOOKUPS.relationshipTypes, async (_req, reply) => {
    cacheable(reply);
    return listRelationshipTypes(db);
  });

  serve(api, deps, LOOKUPS.tenancyTypes, async (_req, reply) => {
    cacheable(reply);
    return listTenancyTypes(db);
  });

  serve(api, deps, LOOKUPS.stations, async (request, reply) => {
    cacheable(reply);
    return listPoliceStations(db, request.query);
  });

  const oneStation = async (code: string, reply: FastifyReply) => {
    const row = single(await listPoliceStations(db, { code }), 'police station', code);
    cacheable(reply);
    return row;
  };
  serve(api, deps, LOOKUPS.station, (request, reply) => oneStation(request.params.id, reply));
  serve(api, deps, LOOKUPS.stationByCode, (request, reply) => oneStation(request.params.code, reply));

  serve(api, deps, LOOKUPS.localities, async (request, reply) => {
    cacheable(reply);
    return listLocalities(db, request.query);
  });

  const oneLocality = async (code: string, reply: FastifyReply) => {
    const row = single(await listLocalities(db, { code }), 'locality', code);
    cacheable(reply);
    return row;
  };
  serve(api, deps, LOOKUPS.locality, (request, reply) => oneLocality(request.params.id, reply));
  serve(api, deps, LOOKUPS.localityByCode, (request, reply) => oneLocality(request.params.code, reply));

  serve(api, deps, LOOKUPS.wards, async (request, reply) => {
    cacheable(reply);
    return listLocalAuthorities(db, request.query);
  });

  const oneWard = async (code: string, reply: FastifyReply) => {
    const row = single(await listLocalAuthorities(db, { code }), 'sub-locality/ward', code);
    cacheable(reply);
    return row;
  };
  serve(api, deps, LOOKUPS.ward, (request, reply) => oneWard(request.params.id, reply));
  serve(api, deps, LOOKUPS.wardByCode, (request, reply) => oneWard(request.params.code, reply));

  return Promise.resolve();
}
