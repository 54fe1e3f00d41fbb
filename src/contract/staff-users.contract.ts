import { z } from 'zod';
import type { JurisdictionLevel } from '../../machines/application/jurisdiction';
import { pageMetaSchema } from './paging';
import { ROLES, type Role } from './roles';
import { displayable, isPlainEmail } from './display-text';

/**
 * Staff accounts: creation (users/sign-up), deletion (users/removeuser), email change (users/updateuser), the
 * users table of the Users page and the caller's own profile (docs/users-admin.md). The password travels sealed
 * exactly like the sign-in one (docs/password-transport.md).
 */

/** The jurisdiction level whose code a role's usercode must be (docs/jurisdiction-codes.md). */
export const ROLE_LEVEL: Record<Role, JurisdictionLevel> = {
  ADMIN: 'state',
  SUPERVISOR: 'state',
  VERIFIER: 'district',
  USER: 'district',
  POLICE: 'station',
  SUPERMODERATOR: 'locality',
  LOCALITY: 'locality',
  MODERATOR: 'ward',
};

/** The numeric `level` stored with an account: 1 state ... 5 ward (the server derives it from the role). */
export const LEVEL_NUMBER: Record<JurisdictionLevel, number> = {
  state: 1,
  district: 2,
  station: 3,
  locality: 4,
  ward: 5,
};

/** A new staff password: at least this many characters, not holding the username, not a common password. */
export const STAFF_PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_POLICY_TEXT = `At least ${STAFF_PASSWORD_MIN_LENGTH} characters, not containing the username, and not a common password.`;

export const STAFF_USER_MESSAGES = {
  created: 'Successfully Created User.',
  usernameRequired: 'Username required',
  passwordRequired: 'Password required',
  selectRole: 'Please select a role.',
  validationErrors: 'Validation Errors!',
  usernameTaken:
    'This username is taken, or reads like one that is: usernames are compared without regard to case, separators (. - _) and look-alike characters (0 and o; 1, l and i; 2 and z; 5 and s; 8 and b; rn and m; vv and w). Please choose another.',
  passwordTooShort: `The password must have at least ${STAFF_PASSWORD_MIN_LENGTH} characters.`,
  passwordHoldsUsername: 'The password must not contain the username.',
  passwordTooCommon: 'This password is too common. Please choose another one.',
  roleNotForCode: 'This role does not fit the jurisdiction code.',
  unknownCode: 'No such jurisdiction code.',
  notYourJurisdiction: 'You may not create this account here.',
  deleted: 'Successfully Deleted User.',
  noSuchUser: 'No user with this ID.',
  notSelf: 'You cannot delete your own account.',
  emailUpdated: 'Email updated successfully.',
  notYourEmail: 'You may change only your own email.',
  adminsOnly: 'Only an administrator may do this.',
} as const;

/**
 * A new staff username (docs/users-admin.md "Usernames"): 3-30 ASCII letters and digits, with one kind of separator
 * (dot, hyphen or underscore) allowed between them, never at the start or end, never two in a row.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9]+(?:([._-])[A-Za-z0-9]+(?:\1[A-Za-z0-9]+)*)?$/;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const USERNAME_RULE_TEXT = `${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} letters (a-z) and digits; one kind of separator (. - or _) may stand between them, not at the start or end.`;

export const usernameSchema = z
  .string()
  .trim()
  .min(1, STAFF_USER_MESSAGES.usernameRequired)
  .min(USERNAME_MIN_LENGTH, `Username must have at least ${USERNAME_MIN_LENGTH} characters`)
  .max(USERNAME_MAX_LENGTH, `Username must have at most ${USERNAME_MAX_LENGTH} characters`)
  .regex(USERNAME_PATTERN, `Username: ${USERNAME_RULE_TEXT}`);

/**
 * Characters read alike, each written as the one it is compared as (in the spirit of Unicode TR39's confusables,
 * for the ASCII a username may hold): 0/o, 1/l/i (I), 2/z, 3/e, 5/s, 8/b. Pairs of letters read as one are in
 * USERNAME_LOOK_ALIKE_PAIRS (after the characters: so 'c1' and 'ci' read 'cl', then 'd'). The SQL twin is usernameSkeletonSql in src/server/db/schema/accounts.ts.
 */
export const USERNAME_LOOK_ALIKES = { from: '01i2358', to: 'ollzesb' } as const;
export const USERNAME_LOOK_ALIKE_PAIRS: readonly (readonly [string, string])[] = [
  ['rn', 'm'],
  ['vv', 'w'],
  ['cl', 'd'],
];

/**
 * The username as it is compared with the others: lower case, separators removed, look-alikes made one
 * ('Moderator-2', 'moderat0r.2' and 'rnoderator2' all read 'moderatorz'). Two accounts may not share it.
 */
export function usernameSkeleton(username: string): string {
  let out = '';
  for (const ch of username.toLowerCase().replace(/[._-]/g, '')) {
    const at = USERNAME_LOOK_ALIKES.from.indexOf(ch);
    out += at < 0 ? ch : USERNAME_LOOK_ALIKES.to[at];
  }
  for (const [pair, one] of USERNAME_LOOK_ALIKE_PAIRS) out = out.split(pair).join(one);
  return out;
}

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email required')
  .max(254, 'Email is too long')
  .refine(isPlainEmail, 'Invalid email address.');

/** The spec's role list: one role object (name, optionally id and rolename) or a bare role name. */
const roleNameSchema = z.enum(ROLES, { error: () => 'Unknown role' });
const roleEntrySchema = z.union(
  [
    roleNameSchema,
    z.object({
      id: z.number().int().optional(),
      name: roleNameSchema,
      rolename: z.string().max(64).optional(),
    }),
  ],
  { error: () => 'Unknown role' },
);

export const signUpBodySchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  /** Base64 RSA-OAEP ciphertext of {nonce, secret} (docs/password-transport.md). */
  password: z.string().min(1, STAFF_USER_MESSAGES.passwordRequired).max(2048, 'Password is malformed'),
  usercode: z
    .string()
    .trim()
    .min(1, 'Usercode required')
    .max(32, 'Usercode is too long')
    .refine(...displayable('usercode')),
  roles: z.array(roleEntrySchema).length(1, 'Exactly one role is required'),
  /** Ignored: the server derives the level from the role. */
  level: z.number().int().min(0).max(9).optional(),
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

export const signUpReplySchema = z.object({
  message: z.string(),
  id: z.number().int(),
  username: z.string(),
});
export type SignUpReply = z.infer<typeof signUpReplySchema>;

export const userIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int('Invalid user ID')
    .positive('Invalid user ID')
    .max(2_147_483_647, 'Invalid user ID'),
});

export const updateEmailParamsSchema = z.object({
  username: z.string().trim().min(1).max(64),
  email: emailSchema,
});

export const staffUserRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(ROLES),
  roleLabel: z.string(),
  usercode: z.string(),
  email: z.string().nullable(),
});
export type StaffUserRow = z.infer<typeof staffUserRowSchema>;

export const USERS_PAGE_SIZE = 10;

export const usersPageQuerySchema = z.object({
  page: z.coerce.number().int('page: a whole number').min(0).max(1_000_000).default(0),
  username: z.string().trim().max(64, 'username: too long').optional(),
});

export const usersPageSchema = pageMetaSchema.extend({ content: z.array(staffUserRowSchema) });
export type UsersPage = z.infer<typeof usersPageSchema>;

/** One read-only line of the profile: label and value, in the order shown. */
export const profileReplySchema = z.object({
  username: z.string(),
  role: z.enum(ROLES),
  roleLabel: z.string(),
  usercode: z.string(),
  email: z.string().nullable(),
  details: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type ProfileReply = z.infer<typeof profileReplySchema>;

/**
 * The parts of the password policy a browser can check before sending (the server checks them again, and the
 * list of common passwords too): null when none is broken.
 */
export function passwordShapeProblem(username: string, password: string): string | null {
  if ([...password].length < STAFF_PASSWORD_MIN_LENGTH) return STAFF_USER_MESSAGES.passwordTooShort;
  const name = username.trim().toLowerCase();
  if (name && password.toLowerCase().includes(name)) return STAFF_USER_MESSAGES.passwordHoldsUsername;
  return null;
}
