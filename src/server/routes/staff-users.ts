import { STAFF_USER_MESSAGES } from '../../contract/staff-users.contract';
import { STAFF_USER_ENDPOINTS } from '../../contract/staff-users.endpoints';
import type { AppDeps } from '../deps';
import { serve } from '../http/serve-endpoint';
import { staffOf } from '../security/auth-guard';
import { refuseAudited } from '../security/refusals';
import { applyDueChannelChange } from '../services/channel-changes/channel-changes.service';
import { profileOf } from '../services/profile.service';
import { createStaffUser } from '../services/staff-users.service';
import { staffUsersPage } from '../services/staff-users-list.service';
import { removeStaffUser, updateStaffEmail } from '../services/staff-users-remove.service';
import type { ZodApi } from '../http/zod-api';

/**
 * Staff accounts (docs/users-admin.md): creation by ADMIN, VERIFIER and SUPERMODERATOR within their reach,
 * deletion and the users table for ADMIN, the email change (oneself, or ADMIN anyone) and one's own profile.
 */
export function registerStaffUserRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  serve(api, deps, STAFF_USER_ENDPOINTS.signUp, (request) => createStaffUser(deps, request, request.body));

  serve(api, deps, STAFF_USER_ENDPOINTS.remove, (request) =>
    removeStaffUser(deps, request, request.params.id),
  );

  serve(api, deps, STAFF_USER_ENDPOINTS.updateEmail, async (request) => {
    const staff = staffOf(request);
    const { username, email } = request.params;
    const own = username.toLowerCase() === staff.username.toLowerCase();
    if (!own && staff.role !== 'ADMIN') await refuseAudited(deps, request, STAFF_USER_MESSAGES.notYourEmail);
    return updateStaffEmail(deps, request, username, email);
  });

  serve(api, deps, STAFF_USER_ENDPOINTS.list, (request) =>
    staffUsersPage(deps.db, request.query.page, request.query.username || undefined),
  );

  serve(api, deps, STAFF_USER_ENDPOINTS.profile, async (request) => {
    // A held change of the email that fell due is applied before the profile shows the email.
    await applyDueChannelChange(deps, { kind: 'user', username: staffOf(request).username });
    return profileOf(deps.db, staffOf(request));
  });

  return Promise.resolve();
}
