// Kept apart from the lifecycle's events (which load zod): the web's first load reads the roles through
// src/contract/roles.ts.

/** Roles an official account may hold; src/contract/roles.ts takes its ROLES from here. */
export const STAFF_ROLES = [
  'ADMIN',
  'VERIFIER',
  'MODERATOR',
  'SUPERMODERATOR',
  'SUPERVISOR',
  'USER',
  'POLICE',
  'LOCALITY',
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
