import { CHANNEL_CHANGE_MESSAGES } from '../../contract/channel-changes.contract';
import { TENANT_ENDPOINTS } from '../../contract/tenants-endpoints.contract';
import type { AppDeps } from '../deps';
import { serve } from '../http/serve-endpoint';
import type { ZodApi } from '../http/zod-api';
import { settleContest } from '../services/channel-changes/contested-records';

/**
 * A contested tenant record settled at a locality office (docs/otp-channel-changes.md, "A contested record"): a
 * locality officer over the office that deleted the former record, who had no part in the contest, checks the
 * person's identity document and enters the mobile and email the person gives.
 */
export function registerTenantContestRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  serve(api, deps, TENANT_ENDPOINTS.settleContest, async (request) => {
    const outcome = await settleContest(deps, request, request.body);
    return outcome.kind === 'confirmed'
      ? { message: CHANNEL_CHANGE_MESSAGES.confirmedInPerson }
      : {
          message: `${CHANNEL_CHANGE_MESSAGES.settledHeld} ${CHANNEL_CHANGE_MESSAGES.heldInPerson(outcome.change.what, outcome.change.effectiveAtText)}`,
          channelChange: outcome.change,
        };
  });
  return Promise.resolve();
}
