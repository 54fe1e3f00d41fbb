import { createContext, useContext } from 'react';
import type { DistrictRow, StateRow } from '../../../contract/master.contract';
import type { SignUpReply, UsersPage } from '../../../contract/staff-users.contract';
import { STAFF_USER_ENDPOINTS } from '../../../contract/staff-users.endpoints';
import { callEndpoint } from '../../api/endpoint-call';
import { masterLookups } from '../../api/master-lookups';
import { asServerCall } from '../../api/server-failure';
import { httpStaffUserApi, type NewStaffUser } from '../../components/staff-user-api';

/**
 * The calls of the Users page (ADMIN), behind one interface so stories and tests plug in fakes. Every call
 * rejects with a ServerFailure `{status?, message?}` carrying the server's message.
 */
export interface UsersAdminApi {
  states(): Promise<StateRow[]>;
  districts(stateCode: string): Promise<DistrictRow[]>;
  /** users/sign-up, the password sealed as at sign-in. */
  createUser(user: NewStaffUser): Promise<SignUpReply>;
  /** users/removeuser/{id}: the server's message. */
  deleteUser(id: number): Promise<string>;
  /** users/list: one page of the accounts, optionally those whose username holds `username`. */
  usersPage(args: { page: number; username: string }): Promise<UsersPage>;
}

export const httpUsersAdminApi: UsersAdminApi = {
  states: masterLookups.states,
  districts: masterLookups.districts,
  createUser: (user) => httpStaffUserApi.createUser(user),
  deleteUser: async (id) =>
    (await asServerCall(() => callEndpoint(STAFF_USER_ENDPOINTS.remove, { params: { id } }))).message,
  usersPage: ({ page, username }) =>
    asServerCall(() =>
      callEndpoint(STAFF_USER_ENDPOINTS.list, {
        query: { page, ...(username.trim() ? { username: username.trim() } : {}) },
      }),
    ),
};

export const UsersAdminApiContext = createContext<UsersAdminApi>(httpUsersAdminApi);

export function useUsersAdminApi(): UsersAdminApi {
  return useContext(UsersAdminApiContext);
}
