/**
 * Session storage keys the browser keeps after sign-in (backoffice.md section 3). Kept apart from
 * users.contract.ts so the web app's first load can read them without bundling zod.
 */
export const SESSION_KEYS = [
  'accessToken',
  'role',
  'username',
  'usercode',
  'userlevel',
  'tenantId',
  'tenantEpicNo',
] as const;
