import {
  OFFICE_APPLICATION_MESSAGES,
  type OfficeGeneratedApplication,
} from '../../contract/office-applications.contract';
import { RENTAL_UNIT_MESSAGES } from '../../contract/rental-units.contract';
import { HttpError } from '../http/errors';
import { canSeeWard } from '../workflow/application-facts';
import { generateFor } from './application-generate.service';
import { tenantRegisteredWithin } from './tenant-scope';
import {
  keepConsentCode,
  consentReplyMessage,
  withConsentState,
  type ConsentAsker,
  type ConsentDeps,
  type SentConsentCode,
} from './tenant-consent.service';
import type { StaffAsker } from '../security/refusals';

// An official's clearance application at the office (docs/office-applications.md): created like the landlord's
// (application-generate.service.ts: one live application per unit, double submissions answered once), with the
// official as its logby and as the actor of its first flow entry, for a unit in the official's jurisdiction.

/** Who asks: the signed-in official, and how a refusal is answered (audited 403: routes pass refuseAudited). */
/** The official asking (security/refusals.ts). */
export type OfficeRequest = StaffAsker;

/** 'own': process/user/SaveApplication (/app/new-application); 'office': process/SaveApplication_Police. */
export type OfficeChannel = 'own' | 'office';

/** What the first flow entry of an application entered through SaveApplication_Police says (its comments). */
export const ENTERED_AT_OFFICE = 'Entered at the office on behalf of the landlord.';

export const LANDLORD_NOT_OF_UNIT = 'landlordid: The rental unit does not belong to this landlord.';

/** The official asks about the consent of an application it made (logby = its username), nobody else's. */
export function officialAsker(who: OfficeRequest): ConsentAsker {
  return { label: who.staff.username, now: who.now, audit: who.audit, refuse: who.refuse };
}

/**
 * Creates the official's incomplete LARP application for a vacant unit of the unit's landlord and a registered
 * tenant. For a tenant the official does not reach (issue 20, pen-test F1; docs/tenant-consent.md) the application
 * gives no reach and shows none of the tenant's people until the tenant consents: as for a landlord's key, a
 * one-time code goes to the tenant's own channel (kept in the creating transaction, handed over after the commit),
 * the reply says `tenantConsent: 'pending'` and where the code went, masked. A tenant the official reaches needs no
 * code. The unit must lie in the official's jurisdiction (the lists' rule: a ward, locality or district by the
 * usercode's level), else nothing is written and the answer is the audited 404 of a missing unit; a `landlordid`
 * that is not the unit's: 400; a unit still awaiting its landlord's consent (docs/reach.md): 409
 * `landlordConsentMissing`.
 */
export async function createOfficeApplication(
  deps: ConsentDeps,
  who: OfficeRequest,
  channel: OfficeChannel,
  body: { rentcode: string; tenantid: number; landlordid?: number },
): Promise<OfficeGeneratedApplication> {
  const { db } = deps;
  const { staff } = who;
  const code: { sent?: SentConsentCode | null } = {};
  // Decided before the application exists, so the application itself can never be what grants the reach; and from
  // the tenant's registration only: reach an earlier application gave is not consent to this one.
  const tenantReached = await tenantRegisteredWithin(db, staff, body.tenantid);
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
        // A unit added by an official for a landlord it did not reach, not yet confirmed by the landlord: a
        // certificate would name a landlord who was never asked (docs/reach.md). Nothing is written.
        if (!unit.grantsReach) throw new HttpError(409, RENTAL_UNIT_MESSAGES.landlordConsentMissing);
        return null;
      },
      // A unit outside the jurisdiction is answered as no such unit (docs/reach.md), audited.
      refuse: (message) =>
        message === RENTAL_UNIT_MESSAGES.outsideJurisdiction
          ? who.refuseAsMissing(message, RENTAL_UNIT_MESSAGES.notFound)
          : who.refuse(message),
      onCreated: tenantReached
        ? undefined
        : async (tx, created) => {
            code.sent = await keepConsentCode(tx, deps, created.applid, who.now);
          },
    },
    body,
  );
  // A tenant registered at the official's counter was never asked: shown as given, with its people.
  const shown = tenantReached
    ? { ...generated, tenantConsent: 'given' as const, consentCodeSentTo: null, tenantConsentedAt: null }
    : await withConsentState(deps, generated, code.sent);
  const message = consentReplyMessage(shown, generated.created, {
    given: OFFICE_APPLICATION_MESSAGES.created,
    awaiting: OFFICE_APPLICATION_MESSAGES.createdAwaitingConsent,
  });
  return { message, ...shown, tenantReached };
}
