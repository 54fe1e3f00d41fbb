import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  citizenUnitSchema,
  RENTAL_UNIT_MESSAGES,
  staffUnitSchema,
  type UnitInput,
} from '../../contract/rental-units.contract';
import { RENTAL_UNIT_RECORD_ENDPOINTS } from '../../contract/rental-units-endpoints.contract';
import { LANDLORD_MESSAGES } from '../../contract/landlords.contract';
import type { AppDeps } from '../deps';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { auditContext } from '../security/audit-log';
import { callerOf, type Caller } from '../security/caller';
import { refuseAsMissing, refuseAudited } from '../security/refusals';
import { firstProblem } from '../services/landlords-input';
import {
  keyLandlordId,
  landlordReach,
  reachLandlordRowsInScope,
  reachLandlord as reachLandlordOf,
  unitReach,
  wardInReach,
  type OwnedUnit,
} from '../services/owner-scope';
import { unitsOfLandlordFor } from '../services/rental-units-read';
import { createUnit, deleteOrDisownUnit, editUnit } from '../services/rental-units.service';
import { markUnitVacant } from '../services/rental-units-vacancy.service';
import { createUnitAwaitingConsent } from '../services/landlord-unit-consent.service';
import {
  changeUnitTellingLandlord,
  createUnitTellingLandlord,
  type UnitChange,
} from '../services/rental-unit-notices';
import type { ConsentDeps } from '../services/tenant-consent.service';
import type { ZodApi } from '../http/zod-api';

type UnitEndpoints = typeof RENTAL_UNIT_RECORD_ENDPOINTS.staff;

/**
 * Rental units (docs/landlords-api.md): `register/rentalUnit` for officials (ward inside their jurisdiction) and
 * `process/rentalUnit` for a landlord's key (its own units only). POST creates; PUT edits, or with
 * `delete: true` deletes or disowns; GET lists a landlord's units; GET .../changestatus/{landlordId}/{rentcode}
 * marks a unit vacant, closing the application that held it through the lifecycle.
 */
export function registerRentalUnitRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { db } = deps;
  const { clock } = deps;

  /** A unit the caller does not reach: a key's audited 403; an official's, the audited 404 of no such unit. */
  const refuseUnit = (request: FastifyRequest, caller: Caller) =>
    caller.kind === 'staff'
      ? refuseAsMissing(
          deps,
          request,
          RENTAL_UNIT_MESSAGES.outsideJurisdiction,
          RENTAL_UNIT_MESSAGES.notFound,
        )
      : refuseAudited(deps, request, RENTAL_UNIT_MESSAGES.notYours);
  /** The app's parts with the request's logger, for messages handed to a carrier after the commit. */
  const consentDeps = (request: FastifyRequest): ConsentDeps => ({
    ...deps,
    log: (message: string) => request.log.warn(message),
  });
  const reachLandlord = (request: FastifyRequest, landlordId: number): Promise<Caller> =>
    reachLandlordOf(deps, request, landlordId);
  /**
   * Adding a unit: a key to its own landlord; an official to any registered landlord, because the unit itself must
   * lie in the official's jurisdiction (checkWard). A landlord with houses in two wards adds the second through the
   * second ward's officer. The answer is whether the unit grants reach over the landlord (docs/reach.md): only when
   * the landlord's own key adds it or the official already reached the landlord, so reach is never self-granted.
   */
  const reachLandlordToAddUnit = async (request: FastifyRequest, landlordId: number): Promise<boolean> => {
    const caller = callerOf(request);
    if (caller.kind !== 'staff') {
      await reachLandlord(request, landlordId);
      return true;
    }
    const reach = await landlordReach(db, caller, landlordId);
    if (reach === 'missing') throw new HttpError(404, LANDLORD_MESSAGES.notFound);
    return reach === 'ok';
  };
  const reachUnit = async (request: FastifyRequest, rentcode: string): Promise<OwnedUnit> => {
    const caller = callerOf(request);
    const found = await unitReach(db, caller, rentcode);
    if (found.reach === 'ok') return found.unit;
    if (found.reach === 'missing') throw new HttpError(404, RENTAL_UNIT_MESSAGES.notFound);
    return refuseUnit(request, caller);
  };
  /** A unit may be placed only in a ward the caller reaches (an official: its jurisdiction). */
  const checkWard = async (request: FastifyRequest, wardCode: string) => {
    if (!wardInReach(callerOf(request), wardCode))
      await refuseAudited(deps, request, RENTAL_UNIT_MESSAGES.wardOutsideJurisdiction);
  };

  const variants: [UnitEndpoints, z.ZodType<UnitInput>][] = [
    [RENTAL_UNIT_RECORD_ENDPOINTS.staff, staffUnitSchema],
    [RENTAL_UNIT_RECORD_ENDPOINTS.own, citizenUnitSchema],
  ];
  for (const [table, unitSchema] of variants) {
    serve(api, deps, table.create, async (request) => {
      const input = request.body;
      const landlordId = input.landlordId ?? keyLandlordId(callerOf(request));
      if (landlordId === null) throw new HttpError(400, 'Give the landlord id (landlordId).');
      const grantsReach = await reachLandlordToAddUnit(request, landlordId);
      await checkWard(request, input.laCode);
      const caller = callerOf(request);
      const now = clock.now();
      if (caller.kind !== 'staff') {
        const addedBy = `landlord:${landlordId}`;
        const { rentcode } = await createUnit(db, landlordId, input, { now, grantsReach, addedBy });
        return { message: RENTAL_UNIT_MESSAGES.saved, rentcode, landlordReached: true };
      }
      if (grantsReach) {
        // A landlord this official reaches: the unit is its at once, and the landlord is told (docs/reach.md).
        const rentcode = await createUnitTellingLandlord(consentDeps(request), landlordId, input, {
          staff: caller.staff,
          now,
        });
        return { message: RENTAL_UNIT_MESSAGES.saved, rentcode, landlordReached: true };
      }
      // A landlord this official does not reach: the unit waits for the landlord's code (docs/reach.md).
      return createUnitAwaitingConsent(consentDeps(request), landlordId, input, {
        staff: caller.staff,
        now,
      });
    });

    serve(api, deps, table.change, async (request) => {
      const { rentcode } = request.body;
      const unit = await reachUnit(request, rentcode);
      const caller = callerOf(request);
      const now = clock.now();
      // An official's change is told to the landlord in the change's own transaction; the landlord's own is not.
      const changing = <T>(change: (db: Db) => Promise<T>, changeOf: (result: T) => UnitChange | null) =>
        changeUnitTellingLandlord(consentDeps(request), { caller, rentcode, now }, change, changeOf);
      if (request.body.delete === true) {
        const outcome = await changing(
          (tx) => deleteOrDisownUnit(tx, unit, now),
          (done) => done,
        );
        return { message: RENTAL_UNIT_MESSAGES.deleted, rentcode, outcome };
      }
      const parsed = unitSchema.safeParse(request.body);
      if (!parsed.success) throw new HttpError(400, firstProblem(parsed.error));
      if (parsed.data.landlordId !== undefined && parsed.data.landlordId !== unit.landlordId)
        throw new HttpError(400, 'A rental unit cannot move to another landlord.');
      await checkWard(request, parsed.data.laCode);
      const edited = await changing(
        (tx) => editUnit(tx, unit, parsed.data, now),
        (done) => (done === 'unchanged' ? null : 'edited'),
      );
      // The official who awaits the landlord's code is told that it ended; the landlord's own edit is an edit.
      const message =
        edited === 'awaitingNewCode' && caller.kind === 'staff'
          ? RENTAL_UNIT_MESSAGES.editedAwaitingNewCode
          : RENTAL_UNIT_MESSAGES.edited;
      return { message, rentcode, outcome: 'edited' as const };
    });

    serve(api, deps, table.ofLandlord, async (request) => {
      // An official gets the units of its jurisdiction only, each of which it reaches by its ward.
      const caller = await reachLandlordRowsInScope(deps, request, request.params.landlordId);
      return unitsOfLandlordFor(db, caller, request.params.landlordId);
    });

    serve(api, deps, table.markVacant, async (request) => {
      const { landlordId, rentcode } = request.params;
      const caller = callerOf(request);
      if (caller.kind === 'citizen' && keyLandlordId(caller) !== landlordId)
        return refuseUnit(request, caller);
      const unit = await reachUnit(request, rentcode);
      if (unit.landlordId !== landlordId) throw new HttpError(404, RENTAL_UNIT_MESSAGES.notFound);
      const closedApplications = await markUnitVacant(db, caller, unit, {
        now: clock.now(),
        audit: auditContext(request),
        notify: { ...deps, log: (message) => request.log.warn(message) },
      });
      return { message: RENTAL_UNIT_MESSAGES.vacancyUpdated, rentcode, closedApplications };
    });
  }
  return Promise.resolve();
}
