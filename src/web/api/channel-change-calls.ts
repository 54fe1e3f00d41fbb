import { messageReplySchema } from '../../contract/api';
import { channelChangeReplySchema, type PendingChannelChange } from '../../contract/channel-changes.contract';
import { getParsed, sendParsed } from './parsed-calls';

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
  return {
    pending: async () => (await getParsed(`${area}/channelChange`, channelChangeReplySchema)).pending,
    stop: async () => (await sendParsed('POST', `${area}/channelChange/stop`, messageReplySchema)).message,
  };
}
