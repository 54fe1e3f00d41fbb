import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { LANDLORD_MESSAGES } from '../../contract/landlords.contract';
import type { AppDeps } from '../deps';
import type { Db } from '../db/client';
import { landlords, rentalUnits } from '../db/schema';
import { HttpError } from '../http/errors';
import { callerOf, type Caller } from '../security/caller';
import { refuseAsMissing, refuseAudited } from '../security/refusals';
import { isWithinJurisdiction, jurisdictionOf } from '../security/jurisdiction-scope';
import type { StaffIdentity } from '../security/sessions';
import { reachGrantingUnitsInScope } from './landlords-scope';

// "May this caller reach landlord X / rental unit Y?" (docs/landlords-api.md, "Who reaches what"), asked by every
// landlord, unit and helper service before it reads or writes:
// - a landlord's key reaches that landlord and its units, nothing else (whatever the id in the URL);
// - an official reaches a unit whose ward lies in its jurisdiction, and a landlord it (or an official inside its
//   jurisdiction) registered at the counter or that owns a reach-granting unit there: never from a row the
//   official made on its own (docs/reach.md).


export type Reach = 'ok' | 'missing' | 'refused';

/** The landlord a citizen key belongs to, or null for a tenant's or a staff account's key. */
export function keyLandlordId(caller: Caller): number | null {
  return caller.kind === 'citizen' && caller.citizen.scope.kind === 'landlord'
    ? caller.citizen.scope.landlordId
    : null;
}

/**
 * Staff: the landlord was registered at the counter inside the official's jurisdiction, or owns a unit there that
 * grants reach (added with the landlord's key, or by an official who already reached it). A unit the official
 * added on its own for a landlord it did not reach gives reach over that unit alone (docs/reach.md).
 */
async function staffReachesLandlord(db: Db, staff: StaffIdentity, landlordId: number): Promise<Reach> {
  const scope = jurisdictionOf(staff);
  const [landlord] = await db
    .select({
      registeredArea: landlords.registeredArea,
      // Statewide officials too: the same facts, over the whole state (docs/reach.md, re-attack M1).
      unitInScope: exists(
        db
          .select({ one: sql`1` })
          .from(rentalUnits)
          .where(and(eq(rentalUnits.landlordId, landlords.id), reachGrantingUnitsInScope(staff))),
      ).mapWith(Boolean),
    })
    .from(landlords)
    .where(eq(landlords.id, landlordId));
  if (!landlord) return 'missing';
  const registeredHere =
    landlord.registeredArea !== null && isWithinJurisdiction(scope, landlord.registeredArea);
  return landlord.unitInScope || registeredHere ? 'ok' : 'refused';
}

/**
 * May the caller read or change landlord `landlordId`? A key for another landlord is 'refused' whether or not that
 * id exists, so a key holder learns nothing about other ids.
 */
export async function landlordReach(db: Db, caller: Caller, landlordId: number): Promise<Reach> {
  if (caller.kind === 'staff') return staffReachesLandlord(db, caller.staff, landlordId);
  return keyLandlordId(caller) === landlordId ? 'ok' : 'refused';
}

export type OwnedUnit = typeof rentalUnits.$inferSelect;

/** The unit (not disowned) if the caller reaches it. A key holder gets 'refused' for a unit that is not its own. */
export async function unitReach(
  db: Db,
  caller: Caller,
  rentcode: string,
): Promise<{ reach: 'ok'; unit: OwnedUnit } | { reach: 'missing' | 'refused' }> {
  const [unit] = await db
    .select()
    .from(rentalUnits)
    .where(and(eq(rentalUnits.rentcode, rentcode), isNull(rentalUnits.disownedAt)));
  if (caller.kind === 'citizen') {
    return unit && unit.landlordId === keyLandlordId(caller) ? { reach: 'ok', unit } : { reach: 'refused' };
  }
  if (!unit) return { reach: 'missing' };
  return wardInReach(caller, unit.wardCode) ? { reach: 'ok', unit } : { reach: 'refused' };
}

/** May the caller place a unit in this ward? Officials: inside their jurisdiction. Landlords: anywhere. */
export function wardInReach(caller: Caller, wardCode: string): boolean {
  return caller.kind === 'citizen' || isWithinJurisdiction(jurisdictionOf(caller.staff), wardCode);
}

/**
 * The caller, once it may reach landlord `id` (owner-scope.ts): an official's unknown id, and one outside its reach
 * (audited), are the same 404 with `missingMessage` (docs/reach.md "Ids outside reach"); another landlord, for a
 * key, is an audited 403.
 */
export async function reachLandlord(
  deps: AppDeps,
  request: FastifyRequest,
  id: number,
  missingMessage: string = LANDLORD_MESSAGES.notFound,
): Promise<Caller> {
  const caller = callerOf(request);
  const found = await landlordReach(deps.db, caller, id);
  if (found === 'missing') throw new HttpError(404, missingMessage);
  if (found === 'refused') {
    return caller.kind === 'staff'
      ? refuseAsMissing(deps, request, LANDLORD_MESSAGES.outsideJurisdiction, missingMessage)
      : refuseAudited(deps, request, LANDLORD_MESSAGES.notYours);
  }
  return caller;
}

/**
 * For the calls that answer only rows inside the caller's jurisdiction (a landlord's units, its applications):
 * an official needs no reach over the landlord's record, since each row it gets is a unit or application it
 * reaches by its ward (docs/reach.md: the second ward's officer applies for the house it registered). An id that
 * does not exist answers the same empty list as a landlord with nothing in the jurisdiction, so the list tells
 * no one which ids exist. A key still needs its own landlord.
 */
export async function reachLandlordRowsInScope(
  deps: AppDeps,
  request: FastifyRequest,
  id: number,
): Promise<Caller> {
  const caller = callerOf(request);
  if (caller.kind === 'citizen') return reachLandlord(deps, request, id);
  return caller;
}
