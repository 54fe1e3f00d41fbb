import { errorReplySchema } from '../../contract/api';
import {
  CHANNEL_CHANGE_MESSAGES,
  channelUpdateReplySchema,
  updatedReply,
} from '../../contract/channel-changes.contract';
import { settleContestBodySchema, tenantIdParamsSchema } from '../../contract/tenants.contract';
import type { AppDeps } from '../deps';
import type { ZodApi } from '../http/zod-api';
import { requireStaff } from '../security/auth-guard';
import { settleContest } from '../services/channel-changes/contested-records';
import { CONTEST_SETTLERS } from '../services/tenant-scope';

const errors = { '4xx': errorReplySchema };

/** What the officer reads after a settlement that holds the person's new channel. */
export const SETTLED_HELD_MESSAGE = 'The identity was checked at the counter.';

/**
 * A contested tenant record settled at a locality office (docs/otp-channel-changes.md, "A contested record"): a
 * locality officer over the office that deleted the former record, who had no part in the contest, checks the
 * person's identity document and enters the mobile and email the person gives.
 */
export function registerTenantContestRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  api.post(
    '/register/tenant/:id/settleContest',
    {
      onRequest: requireStaff(deps, CONTEST_SETTLERS),
      schema: {
        tags: ['tenants'],
        security: [{ bearer: [] }],
        params: tenantIdParamsSchema,
        body: settleContestBodySchema,
        response: { 200: channelUpdateReplySchema, ...errors },
      },
    },
    async (request) => {
      const outcome = await settleContest(deps, request, request.params.id, request.body);
      return outcome.kind === 'confirmed'
        ? { message: CHANNEL_CHANGE_MESSAGES.confirmedInPerson }
        : updatedReply(SETTLED_HELD_MESSAGE, outcome.change, 'citizen');
    },
  );
  return Promise.resolve();
}
