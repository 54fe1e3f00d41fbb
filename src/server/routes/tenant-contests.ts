import { errorReplySchema } from '../../contract/api';
import { CHANNEL_CHANGE_MESSAGES, channelUpdateReplySchema } from '../../contract/channel-changes.contract';
import { settleContestBodySchema } from '../../contract/tenants.contract';
import type { AppDeps } from '../deps';
import type { ZodApi } from '../http/zod-api';
import { requireStaff } from '../security/auth-guard';
import { settleContest } from '../services/channel-changes/contested-records';
import { CONTEST_SETTLERS } from '../services/tenant-scope';

const errors = { '4xx': errorReplySchema };

/**
 * A contested tenant record settled at a locality office (docs/otp-channel-changes.md, "A contested record"): a
 * locality officer over the office that deleted the former record, who had no part in the contest, checks the
 * person's identity document and enters the mobile and email the person gives.
 */
export function registerTenantContestRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  api.post(
    '/register/settleContestedTenant',
    {
      onRequest: requireStaff(deps, CONTEST_SETTLERS),
      schema: {
        tags: ['tenants'],
        security: [{ bearer: [] }],
        body: settleContestBodySchema,
        response: { 200: channelUpdateReplySchema, ...errors },
      },
    },
    async (request) => {
      const outcome = await settleContest(deps, request, request.body);
      return outcome.kind === 'confirmed'
        ? { message: CHANNEL_CHANGE_MESSAGES.confirmedInPerson }
        : {
            message: `${CHANNEL_CHANGE_MESSAGES.settledHeld} ${CHANNEL_CHANGE_MESSAGES.heldInPerson(outcome.change.what, outcome.change.effectiveAtText)}`,
            channelChange: outcome.change,
          };
    },
  );
  return Promise.resolve();
}
