import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { districts, localities, policeStations, roles, states, users, wards } from '../schema';
import { hashPassword } from '../../security/passwords';
import {
  DEMO_ACCOUNTS,
  DEMO_DISTRICTS,
  DEMO_STATE,
  DEMO_STATIONS,
  localityCode,
  wardCode,
} from './demo-hierarchy';
import { demoPresentUnitOf, seedDemoApplications } from './demo-applications';
import { seedDemoPeople } from './demo-people';
import { seedLookups } from './lookups-seed';

/** True when the demo has already been written (the admin account exists). */
export async function isDemoSeeded(db: Db): Promise<boolean> {
  const found = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin')).limit(1);
  return found.length > 0;
}

/** Writes the demo hierarchy, one account per role, landlords, tenants and applications, in one transaction. */
export async function seedDemo(db: Db, demoPassword: string): Promise<void> {
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction(async (tx) => {
    await tx.insert(states).values(DEMO_STATE).onConflictDoNothing();
    await tx
      .insert(districts)
      .values(DEMO_DISTRICTS.map(([code, name]) => ({ code, name, stateCode: DEMO_STATE.code })))
      .onConflictDoNothing();
    for (const station of DEMO_STATIONS) {
      await tx
        .insert(policeStations)
        .values({ code: station.code, name: station.name, districtCode: station.code.slice(2, 6) })
        .onConflictDoNothing();
      for (const [li, loc] of station.localities.entries()) {
        const lcode = localityCode(station.code, li);
        await tx
          .insert(localities)
          .values({ code: lcode, name: loc.name, headmanName: loc.headman, policeStationCode: station.code })
          .onConflictDoNothing();
        await tx
          .insert(wards)
          .values(
            loc.wards.map(([name, headmanName], wi) => ({
              code: wardCode(lcode, wi),
              name,
              headmanName,
              localityCode: lcode,
            })),
          )
          .onConflictDoNothing();
      }
    }
    const roleRows = await tx.select().from(roles);
    const roleId = new Map(roleRows.map((r) => [r.name, r.id]));
    await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((a) => ({
          username: a.username,
          email: a.email,
          usercode: a.usercode,
          level: a.level,
          roleId: roleId.get(a.role)!,
          passwordHash,
        })),
      )
      .onConflictDoNothing({ target: users.username });
    await seedLookups(tx);
    const people = await seedDemoPeople(tx, demoPresentUnitOf);
    await seedDemoApplications(tx, people);
  });
}
