import { and, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { applications, landlords, rentalUnits } from '../db/schema';
import { PORTAL_NAME } from '../notify/otp-message';
import { keepNoticeFor, type KeptNotice } from '../notify/status-notice';
import { OCCUPYING } from '../workflow/workflow-write';

// What a tenant's deletion does to the landlords whose units its applications held (docs/tenants-api.md, attack
// F-B's side effects): the applications go with the tenant (ON DELETE CASCADE), so in the same transaction each unit
// they held is vacant again, unless another live application still holds it, and the landlord of each such
// application is told through the outbox (docs/notifications.md). The carrier gets the notices after the commit.

/** An application of the tenant that holds a unit, and where its landlord's notice goes. */
interface HeldUnit {
  applid: number;
  rentcode: string;
  email: string | null;
  mobile: string | null;
}

/** What the landlord is told: which application went, why, and that the unit is free again. No tenant's name. */
export function tenantDeletedNoticeText(applid: number, rentcode: string, office: string) {
  return {
    // The status notices' subject, so the outbox relay hands it on like any other (notice-relay.ts).
    subject: `${PORTAL_NAME}: application ${applid} status`,
    body:
      `${PORTAL_NAME}, application ${applid}: the tenant's record was deleted by an official of ${office}, and ` +
      `this application with it. Your rental unit ${rentcode} is vacant again: you may make a new application ` +
      `for it. If you did not expect this, contact the police office.`,
  };
}

/** The tenant's live applications that hold a unit (in process or approved: OCCUPYING), with their landlords. */
async function unitsHeldBy(tx: Db, tenantId: number): Promise<HeldUnit[]> {
  return tx
    .select({
      applid: applications.applid,
      rentcode: applications.rentcode,
      email: landlords.email,
      mobile: landlords.mobile,
    })
    .from(applications)
    .innerJoin(landlords, eq(landlords.id, applications.landlordId))
    .where(
      and(
        eq(applications.tenantId, tenantId),
        isNull(applications.deletedAt),
        inArray(applications.status, OCCUPYING),
      ),
    );
}

/** Keeps one landlord's notice in the outbox (email, else SMS: the OTP rule); null without either on record. */
function keepNotice(tx: Db, held: HeldUnit, office: string, at: Date): Promise<KeptNotice | null> {
  return keepNoticeFor(tx, held, tenantDeletedNoticeText(held.applid, held.rentcode, office), at);
}

/**
 * In the deleting transaction: `remove` deletes the tenant's row (and with it its applications); before it, the
 * units its live applications hold are read and their landlords' notices kept; after it, those units that no other
 * live application holds are marked vacant. Returns `remove`'s result and the notices to hand to the carriers
 * after the commit.
 */
export async function deleteTenantReleasingUnits<T>(
  tx: Db,
  tenantId: number,
  p: { office: string; at: Date; remove: () => Promise<T> },
): Promise<{ removed: T; notices: KeptNotice[]; freedUnits: string[] }> {
  const held = await unitsHeldBy(tx, tenantId);
  const notices: KeptNotice[] = [];
  for (const unit of held) {
    const notice = await keepNotice(tx, unit, p.office, p.at);
    if (notice) notices.push(notice);
  }
  const removed = await p.remove();
  const rentcodes = [...new Set(held.map((unit) => unit.rentcode))];
  if (rentcodes.length === 0) return { removed, notices, freedUnits: [] };
  const stillHeld = tx
    .select({ one: sql`1` })
    .from(applications)
    .where(
      and(
        eq(applications.rentcode, rentalUnits.rentcode),
        isNull(applications.deletedAt),
        inArray(applications.status, OCCUPYING),
      ),
    );
  const freed = await tx
    .update(rentalUnits)
    .set({ vacant: true, updatedAt: p.at })
    .where(and(inArray(rentalUnits.rentcode, rentcodes), notExists(stillHeld)))
    .returning({ rentcode: rentalUnits.rentcode });
  return { removed, notices, freedUnits: freed.map((unit) => unit.rentcode) };
}
