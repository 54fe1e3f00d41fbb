import {
  CHANNEL_CHANGE_ENDPOINTS,
  CHANNEL_CHANGE_MESSAGES,
  type ChannelHolder,
} from '../../contract/channel-changes.contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { serve } from '../http/serve-endpoint';
import { staffOf } from '../security/auth-guard';
import type { CitizenScope } from '../security/citizen-keys';
import { pendingChannelChange, stopChannelChange } from '../services/channel-changes/channel-changes.service';
import type { ZodApi } from '../http/zod-api';

/**
 * A person's own held channel change (docs/otp-channel-changes.md): see it and stop it. `process/...` with a
 * landlord's or tenant's key, `users/...` for a signed-in staff member's own account. Each caller reaches only its
 * own change: the subject comes from the key or the session, never from the request.
 */
export function registerChannelChangeRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const ownSubject = (request: FastifyRequest): CitizenScope =>
    request.citizen ? request.citizen.scope : { kind: 'user', username: staffOf(request).username };
  const holderOf = (request: FastifyRequest): ChannelHolder => (request.citizen ? 'citizen' : 'staff');

  for (const table of [CHANNEL_CHANGE_ENDPOINTS.process, CHANNEL_CHANGE_ENDPOINTS.users]) {
    serve(api, deps, table.pending, async (request) => ({
      pending: await pendingChannelChange(deps, ownSubject(request)),
    }));

    serve(api, deps, table.stop, async (request) => {
      await stopChannelChange(deps, request, ownSubject(request));
      return { message: CHANNEL_CHANGE_MESSAGES.stopped(holderOf(request)) };
    });
  }
  return Promise.resolve();
}
