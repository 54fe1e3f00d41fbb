import type { ServerFailure } from '../../machines/access/failures';
import {
  CHANNEL_CHANGE_MESSAGES,
  type ChannelHolder,
  type PendingChannelChange,
} from '../../src/contract/channel-changes.contract';
import type { ChannelChangeCalls } from '../../src/web/api/channel-change-calls';

/** A held change of a mobile number, asked by a ward official, as the server describes it. */
export const pendingMobileChange: PendingChannelChange = {
  what: 'mobile number',
  newMobile: '******4321',
  newEmail: null,
  requestedBy: 'an official of Laitumkhrah Main (PS1701001LA01W01)',
  requestedAt: '2026-11-27T05:00:00.000Z',
  effectiveAt: '2026-11-30T05:00:00.000Z',
  effectiveAtText: '30 Nov 2026, 10:30 IST',
};

/** A staff account's email change asked by an administrator. */
export const pendingEmailChange: PendingChannelChange = {
  ...pendingMobileChange,
  what: 'email address',
  newMobile: null,
  newEmail: 'a***@evil.example',
  requestedBy: 'administrator admin',
};

export interface FakeChannelChangeOptions {
  pending: PendingChannelChange | null;
  /** 'works' (default), 'refused' (the server's 404), 'hangs' (the stop never answers). */
  stop?: 'works' | 'refused' | 'hangs';
  onStop?(): void;
  /** Whose change: a landlord's or tenant's (default) or a staff account's (its messages speak of the email only). */
  holder?: ChannelHolder;
}

const refuse = async (failure: ServerFailure): Promise<never> => {
  throw failure;
};

/** The person's own held change over in-memory calls, for stories and jsdom tests. */
export function fakeChannelChangeCalls(options: FakeChannelChangeOptions): ChannelChangeCalls {
  const holder = options.holder ?? 'citizen';
  return {
    pending: () => Promise.resolve(options.pending),
    stop: () => {
      options.onStop?.();
      if (options.stop === 'hangs') return new Promise<string>(() => {});
      if (options.stop === 'refused')
        return refuse({ status: 404, message: CHANNEL_CHANGE_MESSAGES.nonePending(holder) });
      return Promise.resolve(CHANNEL_CHANGE_MESSAGES.stopped(holder));
    },
  };
}
