import { createContext, useContext } from 'react';
import {
  channelUpdateReplySchema,
  type ChannelUpdateReply,
} from '../../../contract/channel-changes.contract';
import { profileReplySchema, type ProfileReply } from '../../../contract/staff-users.contract';
import { channelChangeCalls, type ChannelChangeCalls } from '../../api/channel-change-calls';
import { getParsed, sendParsed } from '../../api/parsed-calls';

/** The Profile page's calls, behind one interface so stories and tests plug in fakes (ServerFailure rejections). */
export interface ProfileApi {
  /** users/profile: the caller's own details. */
  profile(): Promise<ProfileReply>;
  /**
   * users/updateuser/{username}/{email}: the server's message, and the held change (an account's own change of its
   * email waits like an administrator's: docs/otp-channel-changes.md).
   */
  updateEmail(username: string, email: string): Promise<ChannelUpdateReply>;
  /** users/channelChange: the account's own held email change, asked by an administrator, and stopping it. */
  channelChange: ChannelChangeCalls;
}

const enc = encodeURIComponent;

export const httpProfileApi: ProfileApi = {
  profile: () => getParsed('users/profile', profileReplySchema),
  updateEmail: (username, email) =>
    sendParsed('POST', `users/updateuser/${enc(username)}/${enc(email)}`, channelUpdateReplySchema),
  channelChange: channelChangeCalls('users'),
};

export const ProfileApiContext = createContext<ProfileApi>(httpProfileApi);

export function useProfileApi(): ProfileApi {
  return useContext(ProfileApiContext);
}
