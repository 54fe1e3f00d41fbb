import {
  OFFICE_APPLICATION_MESSAGES,
  type OfficeGeneratedApplication,
} from '../../contract/office-applications.contract';
import { RENTAL_UNIT_MESSAGES } from '../../contract/rental-units.contract';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import type { StaffIdentity } from '../security/sessions';
import { canSeeWard } from '../workflow/application-facts';
import { generateFor } from './application-generate.service';
import { reachTenant } from './tenant-scope';

// An official's clearance application at the office (docs/office-applications.md): created like the landlord's
// (application-generate.service.ts: one live application per unit, double submissions answered once), with the
// official as its logby and as the actor of its first flow entry, for a unit in the official's jurisdiction.

/** Who asks: the signed-in official, and how a refusal is answered (audited 403: routes pass refuseAudited). */
export interface OfficeRequest {
  staff: StaffIdentity;
  now: Date;
  audit: { ip: string; url: string };
  refuse: (message: string) => Promise<never>;
  /** Answers an id outside the official's reach as a missing one: audited with `reason`, 404 `missingMessage`. */
  refuseAsMissing: (reason: string, missingMessage: string) => Promise<never>;
}

/** 'own': process/user/SaveApplication (/app/new-application); 'office': process/SaveApplication_Police. */
export type OfficeChannel = 'own' | 'office';

/** What the first flow entry of an application entered through SaveApplication_Police says (its comments). */
export const ENTERED_AT_OFFICE = 'Entered at the office on behalf of the landlord.';

export const LANDLORD_NOT_OF_UNIT = 'landlordid: The rental unit does not belong to this landlord.';

/**
 * Creates the official's incomplete LARP application for a vacant unit of the unit's landlord and a registered
 * tenant. For a tenant the official does not reach the application gives reach over itself alone, never over the
 * tenant's record (docs/reach.md); the reply says so (`tenantReached`). The unit must lie in the official's jurisdiction (the lists' rule: a ward, locality or district by the
 * usercode's level), else nothing is written and the answer is the audited 404 of a missing unit; a `landlordid` that is not the unit's: 400.
 */
export async function createOfficeApplication(
  db: Db,
  who: OfficeRequest,
  channel: OfficeChannel,
  body: { rentcode: string; tenantid: number; landlordid?: number },
): Promise<OfficeGeneratedApplication> {
  const { staff } = who;
  // Decided before the application exists, so the application itself can never be what grants the reach.
  const tenantReached = (await reachTenant(db, { kind: 'staff', staff }, body.tenantid)) === 'ok';
  const generated = await generateFor(
    db,
    {
      label: staff.username,
      official: { role: staff.role, usercode: staff.usercode },
      comments: channel === 'office' ? ENTERED_AT_OFFICE : null,
      grantsReach: tenantReached,
      now: who.now,
      audit: who.audit,
      refusalFor: (unit) => {
        if (!unit) return null;
        if (!canSeeWard(staff, unit.wardCode)) return RENTAL_UNIT_MESSAGES.outsideJurisdiction;
        if (body.landlordid !== undefined && body.landlordid !== unit.landlordId)
          throw new HttpError(400, LANDLORD_NOT_OF_UNIT);
        return null;
      },
      // A unit outside the jurisdiction is answered as no such unit (docs/reach.md), audited.
      refuse: (message) =>
        message === RENTAL_UNIT_MESSAGES.outsideJurisdiction
          ? who.refuseAsMissing(message, RENTAL_UNIT_MESSAGES.notFound)
          : who.refuse(message),
    },
    body,
  );
  const message = tenantReached
    ? OFFICE_APPLICATION_MESSAGES.created
    : OFFICE_APPLICATION_MESSAGES.createdApplicationOnly;
  return { message, ...generated, tenantReached };
}
