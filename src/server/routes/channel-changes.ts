import { errorReplySchema, messageReplySchema } from '../../contract/api';
import {
  CHANNEL_CHANGE_MESSAGES,
  channelChangeReplySchema,
  type ChannelHolder,
} from '../../contract/channel-changes.contract';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { requireStaff, staffOf } from '../security/auth-guard';
import type { CitizenScope } from '../security/citizen-keys';
import { requireCitizen } from '../security/citizen-guard';
import { pendingChannelChange, stopChannelChange } from '../services/channel-changes/channel-changes.service';
import type { ZodApi } from '../http/zod-api';

const errors = { '4xx': errorReplySchema };
const tags = ['channel changes'];

/**
 * A person's own held channel change (docs/otp-channel-changes.md): see it and stop it. `process/...` with a
 * landlord's or tenant's key, `users/...` for a signed-in staff member's own account. Each caller reaches only its
 * own change: the subject comes from the key or the session, never from the request.
 */
export function registerChannelChangeRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const variants: {
    prefix: string;
    guard: ReturnType<typeof requireStaff>;
    security: Record<string, string[]>[];
  }[] = [
    {
      prefix: 'process',
      guard: requireCitizen(deps, ['landlord', 'tenant'], { heldChangeKeys: true }),
      security: [{ apiKey: [] }],
    },
    { prefix: 'users', guard: requireStaff(deps), security: [{ bearer: [] }] },
  ];
  const ownSubject = (request: FastifyRequest): CitizenScope =>
    request.citizen ? request.citizen.scope : { kind: 'user', username: staffOf(request).username };
  const holderOf = (request: FastifyRequest): ChannelHolder => (request.citizen ? 'citizen' : 'staff');

  for (const { prefix, guard, security } of variants) {
    api.get(
      `/${prefix}/channelChange`,
      {
        onRequest: guard,
        schema: { tags, security, response: { 200: channelChangeReplySchema, ...errors } },
      },
      async (request) => ({ pending: await pendingChannelChange(deps, ownSubject(request)) }),
    );

    api.post(
      `/${prefix}/channelChange/stop`,
      {
        onRequest: guard,
        schema: { tags, security, response: { 200: messageReplySchema, ...errors } },
      },
      async (request) => {
        await stopChannelChange(deps, request, ownSubject(request));
        return { message: CHANNEL_CHANGE_MESSAGES.stopped(holderOf(request)) };
      },
    );
  }
  return Promise.resolve();
}
