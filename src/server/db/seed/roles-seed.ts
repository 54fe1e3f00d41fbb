import { ROLES, ROLE_LABELS } from '../../../contract/roles';
import type { Db } from '../client';
import { roles } from '../schema';

/** Roles are reference data: present in every database, production included. */
export async function seedRoles(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name, rolename: ROLE_LABELS[name] })))
    .onConflictDoNothing({ target: roles.name });
}
