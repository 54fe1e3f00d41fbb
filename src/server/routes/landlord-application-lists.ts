import type { FastifyRequest } from 'fastify';
import { PAGE_SIZE, type ApplicationListQuery } from '../../contract/applications.contract';
import {
  LANDLORD_LIST_ENDPOINTS as LISTS,
  LANDLORD_LIST_MESSAGES as MESSAGES,
  PICKABLE_APPLICATIONS_CAP,
} from '../../contract/landlord-application-lists.contract';
import { LANDLORD_MESSAGES } from '../../contract/landlords.contract';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { staffOf } from '../security/auth-guard';
import { refuseAudited } from '../security/refusals';
import { landlordApplicationPage, type ListOwner } from '../services/landlord-application-lists.service';
import { landlordByEpic } from '../services/landlords-records.service';
import { reachLandlordRowsInScope } from '../services/owner-scope';
import type { ZodApi } from '../http/zod-api';

/** The page size asked for, else the list's own. */
const sizeOf = (query: ApplicationListQuery, fallback = PAGE_SIZE) => query.size ?? fallback;

/**
 * The Tenant Applications page's lists (docs/applications-api.md, "A landlord's applications"): each call as
 * `process/user/...` for the officials who register landlords (the username in the path is the caller's own;
 * applications in its jurisdiction only) and as `process/...` for the landlord's own key, one endpoint each.
 */
export function registerLandlordApplicationListRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  /** An official lists under its own username only (403, audited). */
  const ownUsername = async (request: FastifyRequest, username: string) => {
    if (username !== staffOf(request).username) await refuseAudited(deps, request, MESSAGES.notYourUsername);
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

  serve(api, deps, LISTS.incomplete, (request) => {
    const { id, page } = request.params;
    return incompleteOf(request, id, page, sizeOf(request.query));
  });
  serve(api, deps, LISTS.incompleteByUser, async (request) => {
    const { username, id, page } = request.params;
    await ownUsername(request, username);
    return incompleteOf(request, id, page, sizeOf(request.query));
  });

  const completedOf = async (request: FastifyRequest, epic: string, page: number, size: number) =>
    list(request, { landlordId: await landlordOfEpic(request, epic) }, true, page, size);
  serve(api, deps, LISTS.completed, (request) => {
    const { epic, page } = request.params;
    return completedOf(request, epic, page, sizeOf(request.query));
  });
  serve(api, deps, LISTS.completedByUser, async (request) => {
    const { username, epic, page } = request.params;
    await ownUsername(request, username);
    return completedOf(request, epic, page, sizeOf(request.query));
  });

  // "Select Application You Wish To Apply": the incomplete applications to pick from, newest first, one page.
  // The key's: its landlord's; the official's: the ones it generated itself (in its jurisdiction).
  const pick = PICKABLE_APPLICATIONS_CAP;
  serve(api, deps, LISTS.pickable, (request) =>
    incompleteOf(request, request.params.id, 0, sizeOf(request.query, pick)),
  );
  serve(api, deps, LISTS.pickableByUser, async (request) => {
    const { username } = request.params;
    await ownUsername(request, username);
    return list(request, { loggedBy: username }, false, 0, sizeOf(request.query, pick));
  });

  return Promise.resolve();
}
