/** Role codes held in a session. POLICE and LOCALITY are the police-station and locality users. */
export const ROLES = ['ADMIN', 'VERIFIER', 'MODERATOR', 'SUPERMODERATOR', 'SUPERVISOR', 'USER', 'POLICE', 'LOCALITY'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Administrator',
  VERIFIER: 'Verifier',
  MODERATOR: 'Sub-Locality/Ward Officer',
  SUPERMODERATOR: 'Locality Officer',
  SUPERVISOR: 'Supervisor',
  USER: 'User',
  POLICE: 'Police Station User',
  LOCALITY: 'Locality User',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
