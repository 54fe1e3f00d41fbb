import { createContext, useContext } from 'react';
import type { SignUpBody, SignUpReply } from '../../contract/staff-users.contract';
import { STAFF_USER_ENDPOINTS } from '../../contract/staff-users.endpoints';
import { callEndpoint } from '../api/endpoint-call';
import { sealForServer } from '../api/sealed-secret';
import { asServerCall } from '../api/server-failure';

/** What the create-user forms send: the password in clear here; the call seals it. */
export type NewStaffUser = Omit<SignUpBody, 'password' | 'level'> & { password: string };

/**
 * POST users/sign-up, behind a context so stories and tests plug in a fake. Rejects with a ServerFailure
 * `{status?, message?}` whose message is the server's reason.
 */
export interface StaffUserApi {
  createUser(user: NewStaffUser): Promise<SignUpReply>;
}

export const httpStaffUserApi: StaffUserApi = {
  // Sealed as at sign-in: a fresh single-use nonce with the transport key (docs/password-transport.md).
  createUser: ({ password, ...rest }) =>
    asServerCall(async () => {
      const body = { ...rest, password: await sealForServer(password) };
      return callEndpoint(STAFF_USER_ENDPOINTS.signUp, { body });
    }),
};

export const StaffUserApiContext = createContext<StaffUserApi>(httpStaffUserApi);

export function useStaffUserApi(): StaffUserApi {
  return useContext(StaffUserApiContext);
}
