import { createContext, useContext } from 'react';
import type { ChannelUpdateReply } from '../../../contract/channel-changes.contract';
import type { ProfileReply } from '../../../contract/staff-users.contract';
import { STAFF_USER_ENDPOINTS } from '../../../contract/staff-users.endpoints';
import { channelChangeCalls, type ChannelChangeCalls } from '../../api/channel-change-calls';
import { callEndpoint } from '../../api/endpoint-call';
import { asServerCall } from '../../api/server-failure';

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

export const httpProfileApi: ProfileApi = {
  profile: () => asServerCall(() => callEndpoint(STAFF_USER_ENDPOINTS.profile, {})),
  updateEmail: (username, email) =>
    asServerCall(() => callEndpoint(STAFF_USER_ENDPOINTS.updateEmail, { params: { username, email } })),
  channelChange: channelChangeCalls('users'),
};

export const ProfileApiContext = createContext<ProfileApi>(httpProfileApi);

export function useProfileApi(): ProfileApi {
  return useContext(ProfileApiContext);
}
