import { messageReplySchema } from './api';
import { channelUpdateReplySchema } from './channel-changes.contract';
import { endpoint } from './endpoint';
import { STAFF_CREATOR_ROLES } from './roles';
import {
  profileReplySchema,
  signUpBodySchema,
  signUpReplySchema,
  updateEmailParamsSchema,
  userIdParamsSchema,
  usersPageQuerySchema,
  usersPageSchema,
} from './staff-users.contract';

/**
 * The staff accounts' endpoints (docs/users-admin.md), apart from staff-users.contract.ts, which is long enough:
 * creation within the creator's reach, deletion and the users table for ADMIN, the email change (oneself, or ADMIN
 * anyone: the handler refuses the rest) and one's own profile.
 */
export const STAFF_USER_ENDPOINTS = {
  signUp: endpoint({
    method: 'POST',
    path: '/users/sign-up',
    access: { staff: STAFF_CREATOR_ROLES },
    tag: 'users',
    body: signUpBodySchema,
    reply: signUpReplySchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/users/removeuser/:id',
    access: { staff: ['ADMIN'] },
    tag: 'users',
    params: userIdParamsSchema,
    reply: messageReplySchema,
  }),
  updateEmail: endpoint({
    method: 'POST',
    path: '/users/updateuser/:username/:email',
    access: { staff: 'any' },
    tag: 'users',
    params: updateEmailParamsSchema,
    reply: channelUpdateReplySchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/users/list',
    access: { staff: ['ADMIN'] },
    tag: 'users',
    query: usersPageQuerySchema,
    reply: usersPageSchema,
  }),
  profile: endpoint({
    method: 'GET',
    path: '/users/profile',
    access: { staff: 'any' },
    tag: 'users',
    reply: profileReplySchema,
  }),
};
