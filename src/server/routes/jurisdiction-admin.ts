import type { FastifyRequest } from 'fastify';
import { JURISDICTION_ADMIN_MESSAGES } from '../../contract/jurisdiction-admin.contract';
import { JURISDICTION_ADMIN_ENDPOINTS as ENDPOINTS } from '../../contract/jurisdiction-admin.endpoints';
import type { AppDeps } from '../deps';
import { serve } from '../http/serve-endpoint';
import { staffOf } from '../security/auth-guard';
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
  serve(api, deps, ENDPOINTS.createStation, (request) => createPoliceStation(deps, request, request.body));
  serve(api, deps, ENDPOINTS.createLocality, (request) => createLocality(deps, request, request.body));
  serve(api, deps, ENDPOINTS.createWard, (request) => createWard(deps, request, request.body));

  serve(api, deps, ENDPOINTS.stations, (request) => adminStations(deps.db, jurisdictionOf(staffOf(request))));

  serve(api, deps, ENDPOINTS.localities, async (request) => {
    const { districtCode, policeStationCode } = request.query;
    const scope = await checkFilters(deps, request, [districtCode, policeStationCode]);
    return adminLocalities(deps.db, scope, request.query);
  });

  serve(api, deps, ENDPOINTS.wards, async (request) => {
    const { localityCode, policeStationCode } = request.query;
    const scope = await checkFilters(deps, request, [localityCode, policeStationCode]);
    return adminWards(deps.db, scope, request.query);
  });

  serve(api, deps, ENDPOINTS.unitUsers, async (request) => {
    const { code } = request.params;
    if (!isWithinJurisdiction(jurisdictionOf(staffOf(request)), code)) {
      return refuseOutsideJurisdiction(deps, request, JURISDICTION_ADMIN_MESSAGES.outsideJurisdiction);
    }
    return (await usersOfUnits(deps.db, [code])).get(code) ?? [];
  });

  return Promise.resolve();
}
