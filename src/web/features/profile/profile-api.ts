import { createContext, useContext } from 'react';
import { messageReplySchema } from '../../../contract/api';
import { profileReplySchema, type ProfileReply } from '../../../contract/staff-users.contract';
import { channelChangeCalls, type ChannelChangeCalls } from '../../api/channel-change-calls';
import { getParsed, sendParsed } from '../../api/parsed-calls';

/** The Profile page's calls, behind one interface so stories and tests plug in fakes (ServerFailure rejections). */
export interface ProfileApi {
  /** users/profile: the caller's own details. */
  profile(): Promise<ProfileReply>;
  /** users/updateuser/{username}/{email}: the server's message. */
  updateEmail(username: string, email: string): Promise<string>;
  /** users/channelChange: the account's own held email change, asked by an administrator, and stopping it. */
  channelChange: ChannelChangeCalls;
}

const enc = encodeURIComponent;

export const httpProfileApi: ProfileApi = {
  profile: () => getParsed('users/profile', profileReplySchema),
  updateEmail: async (username, email) =>
    (await sendParsed('POST', `users/updateuser/${enc(username)}/${enc(email)}`, messageReplySchema)).message,
  channelChange: channelChangeCalls('users'),
};

export const ProfileApiContext = createContext<ProfileApi>(httpProfileApi);

export function useProfileApi(): ProfileApi {
  return useContext(ProfileApiContext);
}
