import { CHANNEL_CHANGE_ENDPOINTS, type PendingChannelChange } from '../../contract/channel-changes.contract';
import { callEndpoint } from './endpoint-call';
import { asServerCall } from './server-failure';

/**
 * The person's own held channel change (docs/otp-channel-changes.md): `process/...` with a landlord's or tenant's
 * key, `users/...` with a staff session. Rejections are ServerFailures `{status?, message?}`.
 */
export interface ChannelChangeCalls {
  pending: () => Promise<PendingChannelChange | null>;
  /** Stops the pending change; the server's message. */
  stop: () => Promise<string>;
}

export function channelChangeCalls(area: 'process' | 'users'): ChannelChangeCalls {
  const own = CHANNEL_CHANGE_ENDPOINTS[area];
  return {
    pending: async () => (await asServerCall(() => callEndpoint(own.pending, {}))).pending,
    stop: async () => (await asServerCall(() => callEndpoint(own.stop, {}))).message,
  };
}
