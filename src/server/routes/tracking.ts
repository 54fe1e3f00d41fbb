import type { FastifyRequest } from 'fastify';
import { TRACKING_ENDPOINTS, TRACKING_MESSAGES } from '../../contract/tracking.contract';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import type { ZodApi } from '../http/zod-api';
import { callerOf } from '../security/caller';
import { refuseAudited } from '../security/refusals';
import { flowOf } from '../services/applications-detail.service';
import { keyLandlordId } from '../services/owner-scope';
import { applicationOwner, trackApplication } from '../services/tracking.service';

/**
 * The public tracker (docs/tracker.md): a landlord's OTP key (X-Api-Key) tracks the landlord's own applications
 * only. No key 401; an unknown or deleted application 404; an application of another landlord, or an EPIC number
 * other than the key's own, an audited 403.
 */
export function registerTrackingRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { clock } = deps;

  /** The application, once it is the key's own landlord's (404 when it does not exist, 403 when another's). */
  const ownApplication = async (request: FastifyRequest, applid: number) => {
    const owner = await applicationOwner(deps.db, applid);
    if (!owner) throw new HttpError(404, TRACKING_MESSAGES.notFound(applid));
    if (owner.landlordId !== keyLandlordId(callerOf(request))) {
      return refuseAudited(deps, request, TRACKING_MESSAGES.notYours);
    }
    return owner;
  };

  serve(api, deps, TRACKING_ENDPOINTS.track, async (request) => {
    const { applid, landlordEpic } = request.params;
    const owner = await ownApplication(request, applid);
    if (owner.epicNo !== landlordEpic) return refuseAudited(deps, request, TRACKING_MESSAGES.notYourEpic);
    const reply = await trackApplication(
      deps.db,
      applid,
      landlordEpic,
      clock.now(),
      deps.config.TRACKER_SERVICE_DAYS,
    );
    if (!reply) throw new HttpError(404, TRACKING_MESSAGES.notFound(applid));
    return reply;
  });

  serve(api, deps, TRACKING_ENDPOINTS.flow, async (request) => {
    await ownApplication(request, request.params.id);
    return flowOf(deps.db, request.params.id);
  });

  return Promise.resolve();
}
