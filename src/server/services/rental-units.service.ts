import { and, eq } from 'drizzle-orm';
import { RENTAL_UNIT_MESSAGES, type UnitInput } from '../../contract/rental-units.contract';
import type { Db, Tx } from '../db/client';
import { applications, localities, logRecords, policeStations, rentalUnits, wards } from '../db/schema';
import { auditValues } from '../security/audit-log';
import { HttpError } from '../http/errors';
import { holdingUnit } from '../workflow/workflow-write';
import { endLiveConsentCodes } from './consent-codes';
import { fieldMessage } from './landlords-input';
import type { OwnedUnit } from './owner-scope';

// Creating, editing, deleting and disowning rental units (docs/landlords-api.md, "Rental units"). Scope (whose
// unit, which ward) is checked by the routes through owner-scope.ts first.

/** Where a unit lies: the ward must exist, and the police station and district sent must be the ward's own. */
async function placeOf(db: Db | Tx, input: UnitInput): Promise<{ wardCode: string; districtCode: string }> {
  const [ward] = await db
    .select({ stationCode: policeStations.code, districtCode: policeStations.districtCode })
    .from(wards)
    .innerJoin(localities, eq(localities.code, wards.localityCode))
    .innerJoin(policeStations, eq(policeStations.code, localities.policeStationCode))
    .where(eq(wards.code, input.laCode));
  if (!ward) throw new HttpError(400, fieldMessage('laCode', RENTAL_UNIT_MESSAGES.unknownWard));
  const station = input.la?.ps.policeStationCode;
  if (station && station !== ward.stationCode)
    throw new HttpError(400, fieldMessage('la.ps.policeStationCode', RENTAL_UNIT_MESSAGES.wardNotInStation));
  const district = input.district?.districtCode;
  if (district && district !== ward.districtCode)
    throw new HttpError(400, fieldMessage('district.districtCode', RENTAL_UNIT_MESSAGES.wardNotInDistrict));
  return { wardCode: input.laCode, districtCode: ward.districtCode };
}

const detailsOf = (input: UnitInput) => ({
  houseNo: input.houseNo,
  floorNo: input.floorNo,
  address1: input.address1,
  address2: input.address2,
  pinCode: input.pinCode,
});

/**
 * Adds a unit to a landlord; returns the rent code the database issued, and what `onCreated` kept in the creating
 * transaction (a consent code, a notice: nothing, or all, commits).
 */
export async function createUnit<Kept = undefined>(
  db: Db,
  landlordId: number,
  input: UnitInput,
  at: {
    now: Date;
    grantsReach: boolean;
    /** The official's username, or 'landlord:<id>' for the landlord's key. */
    addedBy: string;
    onCreated?: (tx: Tx, rentcode: string) => Promise<Kept>;
  },
): Promise<{ rentcode: string; kept: Kept | undefined }> {
  const place = await placeOf(db, input);
  const { now, grantsReach, addedBy } = at;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(rentalUnits)
      .values({
        landlordId,
        ...detailsOf(input),
        ...place,
        grantsReach,
        addedBy,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ rentcode: rentalUnits.rentcode });
    return { rentcode: row.rentcode, kept: await at.onCreated?.(tx, row.rentcode) };
  });
}

/**
 * The landlord's own key generates an application on a unit an official added for it without reaching it: the
 * landlord's act is its consent, so the unit is confirmed as if the landlord had added it (grants_reach true,
 * landlord_consented_at set; docs/reach.md), with its audit line, in the generating transaction. Nothing for a unit
 * that already grants reach.
 */
export async function confirmUnitByLandlord(
  tx: Tx,
  unit: { rentcode: string; grantsReach: boolean },
  who: { label: string; now: Date; audit: { ip: string; url: string } },
): Promise<void> {
  if (unit.grantsReach) return;
  const confirmed = await tx
    .update(rentalUnits)
    .set({ grantsReach: true, landlordConsentedAt: who.now, updatedAt: who.now })
    .where(and(eq(rentalUnits.rentcode, unit.rentcode), eq(rentalUnits.grantsReach, false)))
    .returning({ rentcode: rentalUnits.rentcode });
  if (confirmed.length === 0) return;
  await tx.insert(logRecords).values({
    ...auditValues({
      ...who.audit,
      kind: 'workflow',
      username: who.label,
      remark: `Rental unit ${unit.rentcode}: the landlord confirmed it by generating an application with its own key`,
    }),
    logdt: who.now,
  });
}

/** True while an application for the unit is in process or approved (it holds the unit). */
export async function unitIsHeld(db: Db | Tx, rentcode: string): Promise<boolean> {
  const [live] = await db
    .select({ applid: applications.applid })
    .from(applications)
    .where(holdingUnit(rentcode))
    .limit(1);
  return Boolean(live);
}

/** Whether the edit changes what the unit's consent message names or where the unit lies. */
const changesUnit = (unit: OwnedUnit, edited: ReturnType<typeof detailsOf> & { wardCode: string }) =>
  (Object.keys(edited) as (keyof typeof edited)[]).some((key) => (edited[key] ?? '') !== (unit[key] ?? ''));

/**
 * Edits a unit. Its ward may not move while an application holds it (the application belongs to that ward). An
 * edit that changes a unit awaiting the landlord's consent ends its live codes in the same transaction: a code names
 * the address it was sent for, so the landlord never confirms one it was not shown (attack F-C; the official sends
 * a code naming the new address with Resend code). Returns 'awaitingNewCode' then, 'unchanged' when the input is
 * what the unit holds (nothing is written), else 'edited'. `db` may be the caller's transaction.
 */
export async function editUnit(
  db: Db | Tx,
  unit: OwnedUnit,
  input: UnitInput,
  now: Date,
): Promise<'edited' | 'awaitingNewCode' | 'unchanged'> {
  const place = await placeOf(db, input);
  if (place.wardCode !== unit.wardCode && (await unitIsHeld(db, unit.rentcode)))
    throw new HttpError(409, RENTAL_UNIT_MESSAGES.wardChangeWhileHeld);
  const edited = { ...detailsOf(input), wardCode: place.wardCode };
  if (!changesUnit(unit, edited)) return 'unchanged';
  return db.transaction(async (tx) => {
    // Whether the unit still awaits the landlord is read under the unit's lock, which the code's confirmation also
    // takes first: an edit and a confirmation sent together are judged one after the other (re-attack R-1).
    const [locked] = await tx
      .select({ grantsReach: rentalUnits.grantsReach })
      .from(rentalUnits)
      .where(eq(rentalUnits.rentcode, unit.rentcode))
      .for('update');
    const endsCodes = locked !== undefined && !locked.grantsReach;
    await tx
      .update(rentalUnits)
      .set({ ...detailsOf(input), ...place, updatedAt: now })
      .where(eq(rentalUnits.rentcode, unit.rentcode));
    if (endsCodes) await endLiveConsentCodes(tx, { kind: 'rentalUnit', rentcode: unit.rentcode }, now);
    return endsCodes ? ('awaitingNewCode' as const) : ('edited' as const);
  });
}

/**
 * Deletes a unit without application history, or disowns one with history (the applications keep their unit).
 * A unit an application still holds is refused: its vacancy must be updated first, which closes the application.
 * `db` may be the caller's transaction (the delete runs in a savepoint of it).
 */
export async function deleteOrDisownUnit(
  db: Db | Tx,
  unit: OwnedUnit,
  now: Date,
): Promise<'deleted' | 'disowned'> {
  if (await unitIsHeld(db, unit.rentcode)) throw new HttpError(409, RENTAL_UNIT_MESSAGES.liveApplication);
  const [history] = await db
    .select({ applid: applications.applid })
    .from(applications)
    .where(eq(applications.rentcode, unit.rentcode))
    .limit(1);
  const disown = async () => {
    await db
      .update(rentalUnits)
      .set({ disownedAt: now, updatedAt: now })
      .where(eq(rentalUnits.rentcode, unit.rentcode));
    return 'disowned' as const;
  };
  if (history) return disown();
  try {
    // In its own savepoint: a refused delete must not end the caller's transaction.
    await db.transaction((savepoint) =>
      savepoint.delete(rentalUnits).where(eq(rentalUnits.rentcode, unit.rentcode)),
    );
    return 'deleted';
  } catch (err) {
    // An application made for the unit since the check above: its foreign key keeps the unit, so disown it.
    if (isForeignKeyViolation(err)) return disown();
    throw err;
  }
}

function isForeignKeyViolation(err: unknown): boolean {
  const code = (e: unknown) => (e as { code?: string } | null)?.code;
  return code(err) === '23503' || code((err as { cause?: unknown } | null)?.cause) === '23503';
}
