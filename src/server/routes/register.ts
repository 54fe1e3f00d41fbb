import type { FastifyRequest } from 'fastify';
import { REGISTER_ENDPOINTS } from '../../contract/register.contract';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { refuseAsMissing, refuseOutsideJurisdiction } from '../security/refusals';
import { staffOf } from '../security/auth-guard';
import type { StaffIdentity } from '../security/sessions';
import { documentForStaff } from '../services/documents-access.service';
import {
  areaExists,
  countLandlords,
  countLandlordsInArea,
  countTenants,
  landlordsPage,
} from '../services/landlords-register.service';
import { resolveLandlordArea, type LandlordArea } from '../services/landlords-scope';
import type { ZodApi } from '../http/zod-api';

export const OWN_LISTS_ONLY_MESSAGE = 'You may only open your own lists.';
const DOCUMENT_NOT_FOUND = 'Document not found.';

/** Register counts, landlords of a locality or ward, and documents (docs/register-api.md). */
export function registerRegisterRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { db } = deps;

  serve(api, deps, REGISTER_ENDPOINTS.tenantCount, async (request) => ({
    count: await countTenants(db, staffOf(request)),
  }));

  serve(api, deps, REGISTER_ENDPOINTS.landlordCount, async (request) => ({
    count: await countLandlords(db, staffOf(request)),
  }));

  /** The username in the path must be the caller's; the area is resolved and checked against its jurisdiction. */
  const areaFor = async (
    request: FastifyRequest,
    params: { username: string; code: string },
  ): Promise<LandlordArea> => {
    const caller: StaffIdentity = staffOf(request);
    if (params.username !== caller.username)
      return refuseOutsideJurisdiction(deps, request, OWN_LISTS_ONLY_MESSAGE);
    const resolved = resolveLandlordArea(caller, params.code);
    if (!resolved.ok) {
      if (resolved.status === 403) return refuseOutsideJurisdiction(deps, request, resolved.message);
      throw new HttpError(resolved.status, resolved.message);
    }
    if (!(await areaExists(db, resolved.area))) {
      throw new HttpError(404, `No such locality or sub-locality/ward: ${resolved.area.code}.`);
    }
    return resolved.area;
  };

  serve(api, deps, REGISTER_ENDPOINTS.landlordsPage, async (request) => {
    const area = await areaFor(request, request.params);
    return landlordsPage(db, area, request.params.page, request.query.name);
  });

  serve(api, deps, REGISTER_ENDPOINTS.landlordsTotal, async (request) => {
    const area = await areaFor(request, request.params);
    return { count: await countLandlordsInArea(db, area, request.query.name) };
  });

  serve(api, deps, REGISTER_ENDPOINTS.document, async (request) => {
    const { docid } = request.params;
    const found = await documentForStaff(db, staffOf(request), docid);
    if (found.ok) return found.document;
    if (found.reason === 'not-found') throw new HttpError(404, DOCUMENT_NOT_FOUND);
    // Outside reach answers as a missing id (docs/reach.md), the audit line keeping the true reason.
    return refuseAsMissing(
      deps,
      request,
      'This document belongs to an application outside your jurisdiction.',
      DOCUMENT_NOT_FOUND,
    );
  });

  return Promise.resolve();
}
