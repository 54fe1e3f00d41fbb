import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorReplySchema } from '../../contract/api';
import {
  adminLocalitiesQuerySchema,
  adminLocalitySchema,
  adminStationSchema,
  adminWardSchema,
  adminWardsQuerySchema,
  JURISDICTION_ADMIN_MESSAGES,
  localityEntryBodySchema,
  stationEntryBodySchema,
  unitCodeParamsSchema,
  unitCreatedReplySchema,
  unitUserSchema,
  wardEntryBodySchema,
} from '../../contract/jurisdiction-admin.contract';
import type { Role } from '../../contract/roles';
import type { AppDeps } from '../deps';
import { requireStaff, staffOf } from '../security/auth-guard';
import { isWithinJurisdiction, jurisdictionOf } from '../security/jurisdiction-scope';
import { refuseOutsideJurisdiction } from '../security/refusals';
import {
  createLocality,
  createPoliceStation,
  createWard,
} from '../services/jurisdiction-admin-create.service';
import {
  adminLocalities,
  adminStations,
  adminWards,
  filterInReach,
  usersOfUnits,
} from '../services/jurisdiction-admin-lists.service';
import type { ZodApi } from '../http/zod-api';

const errors = { '4xx': errorReplySchema };
const bearerAuth = [{ bearer: [] }];
const tags = ['master'];

/** Who reads which staff table: the roles whose dashboard card or menu opens it (docs/jurisdiction-admin.md). */
const READERS = {
  stations: ['ADMIN', 'SUPERVISOR'],
  localities: ['ADMIN', 'SUPERVISOR', 'VERIFIER', 'POLICE'],
  wards: ['ADMIN', 'SUPERVISOR', 'VERIFIER', 'POLICE', 'SUPERMODERATOR', 'LOCALITY'],
} as const satisfies Record<string, readonly Role[]>;

/** Refuses (audited 403) a table filter outside the caller's reach. */
async function checkFilters(deps: AppDeps, request: FastifyRequest, codes: (string | undefined)[]) {
  const scope = jurisdictionOf(staffOf(request));
  for (const code of codes) {
    if (code && !filterInReach(scope, code)) {
      await refuseOutsideJurisdiction(deps, request, JURISDICTION_ADMIN_MESSAGES.outsideJurisdiction);
    }
  }
  return scope;
}

/**
 * Creation of police stations, localities and sub-localities/wards (backoffice.md section 7, "Master data"), and
 * the staff-only tables behind their screens, with the accounts of each unit (users are not public data).
 */
export function registerJurisdictionAdminRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const created = { 200: unitCreatedReplySchema, ...errors };

  api.post(
    '/master/policeStationEntry',
    {
      onRequest: requireStaff(deps, ['ADMIN']),
      schema: { tags, security: bearerAuth, body: stationEntryBodySchema, response: created },
    },
    (request) => createPoliceStation(deps, request, request.body),
  );

  api.post(
    '/master/locality',
    {
      onRequest: requireStaff(deps, ['ADMIN', 'VERIFIER']),
      schema: { tags, security: bearerAuth, body: localityEntryBodySchema, response: created },
    },
    (request) => createLocality(deps, request, request.body),
  );

  api.post(
    '/master/localAuthorityEntry',
    {
      onRequest: requireStaff(deps, ['ADMIN', 'VERIFIER', 'SUPERMODERATOR']),
      schema: { tags, security: bearerAuth, body: wardEntryBodySchema, response: created },
    },
    (request) => createWard(deps, request, request.body),
  );

  api.get(
    '/master/staff/policestations',
    {
      onRequest: requireStaff(deps, READERS.stations),
      schema: { tags, security: bearerAuth, response: { 200: z.array(adminStationSchema), ...errors } },
    },
    (request) => adminStations(deps.db, jurisdictionOf(staffOf(request))),
  );

  api.get(
    '/master/staff/localities',
    {
      onRequest: requireStaff(deps, READERS.localities),
      schema: {
        tags,
        security: bearerAuth,
        querystring: adminLocalitiesQuerySchema,
        response: { 200: z.array(adminLocalitySchema), ...errors },
      },
    },
    async (request) => {
      const { districtCode, policeStationCode } = request.query;
      const scope = await checkFilters(deps, request, [districtCode, policeStationCode]);
      return adminLocalities(deps.db, scope, request.query);
    },
  );

  api.get(
    '/master/staff/localauthorities',
    {
      onRequest: requireStaff(deps, READERS.wards),
      schema: {
        tags,
        security: bearerAuth,
        querystring: adminWardsQuerySchema,
        response: { 200: z.array(adminWardSchema), ...errors },
      },
    },
    async (request) => {
      const { localityCode, policeStationCode } = request.query;
      const scope = await checkFilters(deps, request, [localityCode, policeStationCode]);
      return adminWards(deps.db, scope, request.query);
    },
  );

  api.get(
    '/master/staff/users/:code',
    {
      onRequest: requireStaff(deps, READERS.wards),
      schema: {
        tags,
        security: bearerAuth,
        params: unitCodeParamsSchema,
        response: { 200: z.array(unitUserSchema), ...errors },
      },
    },
    async (request) => {
      const { code } = request.params;
      if (!isWithinJurisdiction(jurisdictionOf(staffOf(request)), code)) {
        return refuseOutsideJurisdiction(deps, request, JURISDICTION_ADMIN_MESSAGES.outsideJurisdiction);
      }
      return (await usersOfUnits(deps.db, [code])).get(code) ?? [];
    },
  );

  return Promise.resolve();
}
