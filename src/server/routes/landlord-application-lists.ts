import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { errorReplySchema } from '../../contract/api';
import { applicationListQuerySchema, PAGE_SIZE } from '../../contract/applications.contract';
import {
  completedByEpicParamsSchema,
  completedByEpicUserParamsSchema,
  incompleteByLandlordParamsSchema,
  incompleteByLandlordUserParamsSchema,
  LANDLORD_LIST_MESSAGES as MESSAGES,
  landlordApplicationPageSchema,
  PICKABLE_APPLICATIONS_CAP,
  pickableByLandlordParamsSchema,
  pickableByUserParamsSchema,
  type LandlordApplicationPage,
} from '../../contract/landlord-application-lists.contract';
import { LANDLORD_MESSAGES } from '../../contract/landlords.contract';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { requireStaff, staffOf } from '../security/auth-guard';
import { requireCitizen } from '../security/citizen-guard';
import { refuseAudited } from '../security/refusals';
import { landlordApplicationPage, type ListOwner } from '../services/landlord-application-lists.service';
import { landlordByEpic } from '../services/landlords-records.service';
import { LANDLORD_STAFF_ROLES } from '../../contract/roles';
import { reachLandlordRowsInScope } from '../services/owner-scope';
import type { ZodApi } from '../http/zod-api';

const errors = { '4xx': errorReplySchema };
const tags = ['applications'];
const bearerAuth = [{ bearer: [] }];
const citizenKeyAuth = [{ apiKey: [] }];

type Answer<P> = (request: FastifyRequest, params: P, size: number) => Promise<LandlordApplicationPage>;

/**
 * The Tenant Applications page's lists (docs/applications-api.md, "A landlord's applications"): each call as
 * `process/user/...` for the officials who register landlords (the username in the path is the caller's own;
 * applications in its jurisdiction only) and as `process/...` for the landlord's own key. One handler per call.
 */
export function registerLandlordApplicationListRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const staffGuard = requireStaff(deps, LANDLORD_STAFF_ROLES);
  const keyGuard = requireCitizen(deps, ['landlord']);

  const route = <S extends z.ZodType>(
    path: string,
    guard: onRequestAsyncHookHandler,
    params: S,
    answer: Answer<z.output<S>>,
    defaultSize = PAGE_SIZE,
  ) =>
    api.get(
      path,
      {
        onRequest: guard,
        schema: {
          tags,
          security: guard === staffGuard ? bearerAuth : citizenKeyAuth,
          params,
          querystring: applicationListQuerySchema,
          response: { 200: landlordApplicationPageSchema, ...errors },
        },
      },
      (request) => answer(request, request.params as z.output<S>, request.query.size ?? defaultSize),
    );

  /** An official lists under its own username only (403, audited). */
  const ownUsername = async (request: FastifyRequest, username: string) => {
    if (username !== staffOf(request).username) await refuseAudited(deps, request, MESSAGES.notYourUsername);
  };

  /** The key's call at `process/{path}` and the official's at `process/user/{path}` behind a username check. */
  const both = <K extends z.ZodType, U extends z.ZodType<{ username: string }>>(
    path: { key: string; user: string },
    params: { key: K; user: U },
    answer: Answer<z.output<K>>,
  ) => {
    route(`/process/${path.key}`, keyGuard, params.key, answer);
    route(`/process/user/${path.user}`, staffGuard, params.user, async (request, p, size) => {
      await ownUsername(request, p.username);
      return answer(request, p as z.output<K>, size);
    });
  };

  const list = (request: FastifyRequest, owner: ListOwner, completed: boolean, page: number, size: number) =>
    landlordApplicationPage(deps.db, { owner, completed, staff: request.staff ?? null, page, size });

  /** A landlord's incomplete applications: a key its own, an official those in its jurisdiction (docs/reach.md). */
  const incompleteOf = async (request: FastifyRequest, id: number, page: number, size: number) => {
    await reachLandlordRowsInScope(deps, request, id);
    return list(request, { landlordId: id }, false, page, size);
  };

  /**
   * The landlord an EPIC names: a key's own (an unknown EPIC is just not its own); any for an official, whose list
   * holds only the applications of its jurisdiction (docs/reach.md).
   */
  const landlordOfEpic = async (request: FastifyRequest, epic: string): Promise<number> => {
    const landlord = await landlordByEpic(deps.db, epic);
    if (!landlord) {
      if (request.staff) throw new HttpError(404, MESSAGES.epicNotRegistered);
      return refuseAudited(deps, request, LANDLORD_MESSAGES.notYours);
    }
    await reachLandlordRowsInScope(deps, request, landlord.id);
    return landlord.id;
  };

  both(
    {
      key: 'IncompleteApplicationByLandlord/:id/:page',
      user: 'IncompleteApplicationByLandlord/:username/:id/:page',
    },
    { key: incompleteByLandlordParamsSchema, user: incompleteByLandlordUserParamsSchema },
    (request, { id, page }, size) => incompleteOf(request, id, page, size),
  );

  both(
    {
      key: 'CompletedApplicationByLandlordEpic/:epic/:page',
      user: 'CompletedApplicationByLandlordEpic/:username/:epic/:page',
    },
    { key: completedByEpicParamsSchema, user: completedByEpicUserParamsSchema },
    async (request, { epic, page }, size) =>
      list(request, { landlordId: await landlordOfEpic(request, epic) }, true, page, size),
  );

  // "Select Application You Wish To Apply": the incomplete applications to pick from, newest first, one page.
  // The key's: its landlord's; the official's: the ones it generated itself (in its jurisdiction).
  const pick = PICKABLE_APPLICATIONS_CAP;
  route(
    '/process/ApplicationList/:id',
    keyGuard,
    pickableByLandlordParamsSchema,
    (request, { id }, size) => incompleteOf(request, id, 0, size),
    pick,
  );
  route(
    '/process/user/ApplicationList/:username',
    staffGuard,
    pickableByUserParamsSchema,
    async (request, { username }, size) => {
      await ownUsername(request, username);
      return list(request, { loggedBy: username }, false, 0, size);
    },
    pick,
  );

  return Promise.resolve();
}
