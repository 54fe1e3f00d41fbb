import { eq } from 'drizzle-orm';
import { jurisdictionLevelOf } from '../../../machines/application/jurisdiction';
import { ROLE_LABELS } from '../../contract/roles';
import type { ProfileReply } from '../../contract/staff-users.contract';
import type { Db } from '../db/client';
import { districts, localities, policeStations, states, users, wards } from '../db/schema';
import type { StaffIdentity } from '../security/sessions';

type Detail = ProfileReply['details'][number];

async function nameOf(db: Db, table: typeof districts | typeof states | typeof policeStations, code: string) {
  const [row] = await db.select({ name: table.name }).from(table).where(eq(table.code, code));
  return row?.name ?? code;
}

/**
 * The read-only details of the caller's jurisdiction, from its own place up to its district (docs/users-admin.md,
 * "Profile"): a ward officer its ward and headman, locality and station; a locality officer its locality and
 * headman; a verifier its district; state roles their state.
 */
async function jurisdictionDetails(db: Db, usercode: string): Promise<Detail[]> {
  const details: Detail[] = [];
  const level = jurisdictionLevelOf(usercode);
  if (level === 'ward') {
    const [ward] = await db.select().from(wards).where(eq(wards.code, usercode));
    if (ward) {
      details.push({ label: 'Sub-Locality/Wards Name', value: ward.name });
      details.push({ label: 'Headman Name', value: ward.headmanName });
    }
  }
  if (level === 'ward' || level === 'locality') {
    const [locality] = await db
      .select()
      .from(localities)
      .where(eq(localities.code, usercode.slice(0, 13)));
    if (locality) {
      details.push({ label: 'Locality/Cantonment', value: locality.name });
      if (level === 'locality') details.push({ label: 'Headman Name', value: locality.headmanName });
    }
  }
  if (level === 'ward' || level === 'locality' || level === 'station') {
    details.push({ label: 'Police Station', value: await nameOf(db, policeStations, usercode.slice(0, 9)) });
  }
  if (level && level !== 'state') {
    const district = level === 'district' ? usercode : usercode.slice(2, 6);
    details.push({ label: 'District', value: await nameOf(db, districts, district) });
  }
  if (level) {
    const state = level === 'state' || level === 'district' ? usercode.slice(0, 2) : usercode.slice(2, 4);
    details.push({ label: 'State', value: await nameOf(db, states, state) });
  }
  return details;
}

/** GET users/profile: the caller's own account and jurisdiction; no one reads another's profile here. */
export async function profileOf(db: Db, caller: StaffIdentity): Promise<ProfileReply> {
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, caller.userId));
  return {
    username: caller.username,
    role: caller.role,
    roleLabel: ROLE_LABELS[caller.role],
    usercode: caller.usercode,
    email: account?.email ?? null,
    details: await jurisdictionDetails(db, caller.usercode),
  };
}
