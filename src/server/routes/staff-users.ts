import { errorReplySchema, messageReplySchema } from '../../contract/api';
import {
  profileReplySchema,
  signUpBodySchema,
  signUpReplySchema,
  STAFF_USER_MESSAGES,
  updateEmailParamsSchema,
  userIdParamsSchema,
  usersPageQuerySchema,
  usersPageSchema,
} from '../../contract/staff-users.contract';
import { channelUpdateReplySchema } from '../../contract/channel-changes.contract';
import type { AppDeps } from '../deps';
import { requireStaff, staffOf } from '../security/auth-guard';
import { refuseAudited } from '../security/refusals';
import { applyDueChannelChange } from '../services/channel-changes/channel-changes.service';
import { profileOf } from '../services/profile.service';
import { CREATORS, createStaffUser } from '../services/staff-users.service';
import { staffUsersPage } from '../services/staff-users-list.service';
import { removeStaffUser, updateStaffEmail } from '../services/staff-users-remove.service';
import type { ZodApi } from '../http/zod-api';

const errors = { '4xx': errorReplySchema };
const bearerAuth = [{ bearer: [] }];

/**
 * Staff accounts (docs/users-admin.md): creation by ADMIN, VERIFIER and SUPERMODERATOR within their reach,
 * deletion and the users table for ADMIN, the email change (oneself, or ADMIN anyone) and one's own profile.
 */
export function registerStaffUserRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const admin = requireStaff(deps, ['ADMIN']);

  api.post(
    '/users/sign-up',
    {
      onRequest: requireStaff(deps, CREATORS),
      schema: {
        tags: ['users'],
        security: bearerAuth,
        body: signUpBodySchema,
        response: { 200: signUpReplySchema, ...errors },
      },
    },
    (request) => createStaffUser(deps, request, request.body),
  );

  api.delete(
    '/users/removeuser/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        security: bearerAuth,
        params: userIdParamsSchema,
        response: { 200: messageReplySchema, ...errors },
      },
    },
    (request) => removeStaffUser(deps, request, request.params.id),
  );

  api.post(
    '/users/updateuser/:username/:email',
    {
      onRequest: requireStaff(deps),
      schema: {
        tags: ['users'],
        security: bearerAuth,
        params: updateEmailParamsSchema,
        response: { 200: channelUpdateReplySchema, ...errors },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const { username, email } = request.params;
      const own = username.toLowerCase() === staff.username.toLowerCase();
      if (!own && staff.role !== 'ADMIN')
        await refuseAudited(deps, request, STAFF_USER_MESSAGES.notYourEmail);
      return updateStaffEmail(deps, request, username, email);
    },
  );

  api.get(
    '/users/list',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        security: bearerAuth,
        querystring: usersPageQuerySchema,
        response: { 200: usersPageSchema, ...errors },
      },
    },
    (request) => staffUsersPage(deps.db, request.query.page, request.query.username || undefined),
  );

  api.get(
    '/users/profile',
    {
      onRequest: requireStaff(deps),
      schema: { tags: ['users'], security: bearerAuth, response: { 200: profileReplySchema, ...errors } },
    },
    async (request) => {
      // A held change of the email that fell due is applied before the profile shows the email.
      await applyDueChannelChange(deps, { kind: 'user', username: staffOf(request).username });
      return profileOf(deps.db, staffOf(request));
    },
  );

  return Promise.resolve();
}
