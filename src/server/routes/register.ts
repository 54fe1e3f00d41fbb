import type { FastifyRequest } from 'fastify';
import { errorReplySchema } from '../../contract/api';
import {
  countReplySchema,
  documentParamsSchema,
  documentReplySchema,
  landlordPageSchema,
  landlordsCountParamsSchema,
  landlordsPageParamsSchema,
  landlordsQuerySchema,
} from '../../contract/register.contract';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { refuseAsMissing, refuseOutsideJurisdiction } from '../security/refusals';
import { requireStaff, staffOf } from '../security/auth-guard';
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

const errors = { '4xx': errorReplySchema };
const bearerAuth = [{ bearer: [] }];

export const OWN_LISTS_ONLY_MESSAGE = 'You may only open your own lists.';
const DOCUMENT_NOT_FOUND = 'Document not found.';

/** Register counts, landlords of a locality or ward, and documents (docs/register-api.md). */
export function registerRegisterRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const staff = requireStaff(deps);

  api.get(
    '/register/counttenant',
    { onRequest: staff, schema: { security: bearerAuth, response: { 200: countReplySchema, ...errors } } },
    async (request) => ({ count: await countTenants(db, staffOf(request)) }),
  );

  api.get(
    '/register/countlandlord',
    { onRequest: staff, schema: { security: bearerAuth, response: { 200: countReplySchema, ...errors } } },
    async (request) => ({ count: await countLandlords(db, staffOf(request)) }),
  );

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

  api.get(
    '/process/GetListLandlordsByLACode/user/:username/:code/:page',
    {
      onRequest: staff,
      schema: {
        security: bearerAuth,
        params: landlordsPageParamsSchema,
        querystring: landlordsQuerySchema,
        response: { 200: landlordPageSchema, ...errors },
      },
    },
    async (request) => {
      const area = await areaFor(request, request.params);
      return landlordsPage(db, area, request.params.page, request.query.name);
    },
  );

  api.get(
    '/process/GetTotalLandlordsByLACode/user/:username/:code',
    {
      onRequest: staff,
      schema: {
        security: bearerAuth,
        params: landlordsCountParamsSchema,
        querystring: landlordsQuerySchema,
        response: { 200: countReplySchema, ...errors },
      },
    },
    async (request) => {
      const area = await areaFor(request, request.params);
      return { count: await countLandlordsInArea(db, area, request.query.name) };
    },
  );

  api.get(
    '/register/document/:docid',
    {
      onRequest: staff,
      schema: {
        security: bearerAuth,
        params: documentParamsSchema,
        response: { 200: documentReplySchema, ...errors },
      },
    },
    async (request) => {
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
    },
  );

  return Promise.resolve();
}
