import { eq, sql } from 'drizzle-orm';
import {
  RENTAL_UNIT_MESSAGES as MESSAGES,
  type UnitConsentGiven,
  type UnitConsentResent,
  type UnitInput,
  type UnitSaved,
} from '../../contract/rental-units.contract';
import { CITIZEN_APPLICATION_MESSAGES } from '../../contract/citizen-applications.contract';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows-of';
import { rentalUnits } from '../db/schema';
import { HttpError } from '../http/errors';
import { keepConsentMessage, unitConsentMessage } from '../notify/consent-message';
import { auditValues } from '../security/audit-log';
import { isWithinJurisdiction, jurisdictionOf } from '../security/jurisdiction-scope';
import { otpDestination } from '../security/otp-subjects';
import type { StaffIdentity } from '../security/sessions';
import {
  checkConsentCode,
  CONSENT_CODE_TTL_MS,
  consentBudgetWait,
  issueConsentCode,
  type ConsentSubject,
} from './consent-codes';
import { createUnit } from './rental-units.service';
import {
  deliverConsentCode,
  maskedDestination,
  openCode,
  sendAnotherCode,
  type ConsentDeps,
  type SentConsentCode,
} from './tenant-consent.service';
import type { StaffAsker } from '../security/refusals';
import { officeOf } from './office-name';
import { unitLandlordFacts } from './rental-unit-notices';

// The landlord's consent to a rental unit an official added in its name without reaching it (issue 20, attack F5;
// docs/reach.md "The landlord's consent to a rental unit"). Such a unit is stored with grants_reach false and
// carries no application until the landlord gives the official the code sent to the landlord's own channel, or
// generates an application on it with its own key; either sets landlord_consented_at and grants_reach, as if the
// landlord had added the unit. The codes are the tenant's (consent-codes.ts, subject 'rentalUnit').

/** The official who asks, and how its refusals are answered (security/refusals.ts). */
export type UnitConsentAsker = StaffAsker;

const subjectOf = (rentcode: string): ConsentSubject => ({ kind: 'rentalUnit', rentcode });

/**
 * Makes the unit's code and keeps its message in the outbox, with `tx` (the creating or resending transaction).
 * Null when the landlord has neither email nor mobile on record (no code is made); 429 when this official's daily
 * budget for the landlord is spent, or the landlord-wide flood guard stops it (consentBudgetWait; thrown inside the
 * transaction: nothing is written).
 */
export async function keepUnitConsentCode(
  tx: Db | Tx,
  deps: ConsentDeps,
  rentcode: string,
  who: { staff: StaffIdentity; now: Date },
): Promise<SentConsentCode | null> {
  const facts = await unitLandlordFacts(tx, rentcode);
  const destination = facts && otpDestination(facts);
  if (!facts || !destination) return null;
  const wait = await consentBudgetWait(tx, subjectOf(rentcode), who.now);
  if (wait)
    throw new HttpError(
      429,
      wait.whose === 'applicant'
        ? MESSAGES.landlordConsentApplicantCap(wait.minutes)
        : MESSAGES.landlordConsentCap(wait.minutes),
    );
  const issued = await issueConsentCode(tx, deps.db, subjectOf(rentcode), who.now);
  const office = await officeOf(tx, who.staff.usercode);
  const message = unitConsentMessage(
    destination,
    { rentcode, office, unitAddress: facts.unitAddress, minutes: CONSENT_CODE_TTL_MS / 60_000 },
    issued.code,
  );
  const kept = await keepConsentMessage(tx, deps, message, who.now);
  return { codeId: issued.codeId, kept, sentTo: maskedDestination(destination) };
}

/**
 * An official adds a unit for a landlord it does not reach: the unit carries no application until the landlord
 * consents by the code sent to its own channel, made and kept with the unit in one transaction and handed over after
 * the commit. The reply names where the code went (or that the landlord has no channel on record).
 */
export async function createUnitAwaitingConsent(
  deps: ConsentDeps,
  landlordId: number,
  input: UnitInput,
  who: { staff: StaffIdentity; now: Date },
): Promise<UnitSaved> {
  const { rentcode, kept: sent } = await createUnit(deps.db, landlordId, input, {
    now: who.now,
    grantsReach: false,
    addedBy: who.staff.username,
    onCreated: (tx, created) => keepUnitConsentCode(tx, deps, created, who),
  });
  if (sent) void deliverConsentCode(deps, sent);
  return {
    message: sent ? MESSAGES.savedAwaitingConsent : `Rental unit saved. ${MESSAGES.landlordConsentNoChannel}`,
    rentcode,
    landlordReached: false,
    landlordConsent: 'pending',
    consentCodeSentTo: sent?.sentTo ?? null,
  };
}

type UnitRow = typeof rentalUnits.$inferSelect;

const readUnit = async (db: Db, rentcode: string): Promise<UnitRow | undefined> =>
  (await db.select().from(rentalUnits).where(eq(rentalUnits.rentcode, rentcode)))[0];

/**
 * The refusals of both calls, from the unit's row: unknown or disowned 404; outside the official's jurisdiction
 * the same 404, audited (docs/reach.md "Ids outside reach"); added by another official 403, audited (a unit older
 * than `added_by` may be confirmed by any official whose jurisdiction holds it); confirmed already 409.
 */
async function refuseUnlessAwaiting(who: UnitConsentAsker, unit: UnitRow | undefined): Promise<UnitRow> {
  if (!unit || unit.disownedAt !== null) throw new HttpError(404, MESSAGES.notFound);
  if (!isWithinJurisdiction(jurisdictionOf(who.staff), unit.wardCode))
    return who.refuseAsMissing(MESSAGES.outsideJurisdiction, MESSAGES.notFound);
  if (unit.addedBy !== null && unit.addedBy !== who.staff.username) return who.refuse(MESSAGES.notAddedByYou);
  if (unit.grantsReach) throw new HttpError(409, MESSAGES.landlordConsentAlreadyGiven);
  return unit;
}

/**
 * POST register/rentalUnit/landlordConsent: the code the landlord gave the official who added the unit. A right
 * code marks itself used and the unit confirmed (landlord_consented_at, grants_reach true) in one guarded
 * statement, with its audit line. A wrong code 400 with the tries left; an ended code (expired, used, 5 wrong
 * tries) 409 asking for a resend; a code a resend replaced 409 asking for the latest one.
 */
export async function giveUnitConsent(
  deps: ConsentDeps,
  who: UnitConsentAsker,
  body: { rentalUnitId: string; code: string },
): Promise<UnitConsentGiven> {
  const code = await openCode(deps.db, body.code, who.now);
  const unit = await refuseUnlessAwaiting(who, await readUnit(deps.db, body.rentalUnitId));
  const check = await checkConsentCode(deps.db, subjectOf(unit.rentcode), code, who.now);
  if (!check.ok) {
    if (check.reason === 'wrong')
      throw new HttpError(400, CITIZEN_APPLICATION_MESSAGES.consentWrongCode(check.triesLeft));
    if (check.reason === 'replaced') throw new HttpError(409, MESSAGES.landlordConsentCodeReplaced);
    throw new HttpError(409, MESSAGES.landlordConsentCodeEnded);
  }
  const now = who.now.toISOString();
  const audit = auditValues({
    ...who.audit,
    username: who.staff.username,
    remark: `Rental unit ${unit.rentcode}: the landlord's consent confirmed by its code`,
  });
  // The unit's lock first, as an edit takes it: an edit sent with this confirmation either ends the code before it
  // or finds the unit confirmed after it (re-attack R-1).
  const written = await deps.db.transaction(async (tx) => {
    await tx.execute(
      sql`select rentcode from rental_units where rentcode = ${unit.rentcode}::text for update`,
    );
    return tx.execute(sql`with used as (
  update application_consent_codes set used_at = ${now}::timestamptz
  where id = ${check.codeId}::bigint and used_at is null and expires_at > ${now}::timestamptz
  returning rentcode
), confirmed as (
  update rental_units set landlord_consented_at = ${now}::timestamptz, grants_reach = true,
    updated_at = ${now}::timestamptz
  where rentcode = (select rentcode from used) and not grants_reach and disowned_at is null
  returning rentcode
), audit as (
  insert into log_records (kind, ip_address, remark, url, username, logdt)
  select 'workflow', ${audit.ipAddress}::text, ${audit.remark}::text, ${audit.url}::text, ${audit.username}::text,
    ${now}::timestamptz
  from confirmed
)
select rentcode from confirmed`);
  });
  if (rowsOf(written).length === 0) {
    // Another confirmation, the landlord's own Generate or a resend came first: say what the unit has become.
    await refuseUnlessAwaiting(who, await readUnit(deps.db, unit.rentcode));
    throw new HttpError(409, MESSAGES.landlordConsentCodeEnded);
  }
  return {
    message: MESSAGES.landlordConsentGiven,
    rentcode: unit.rentcode,
    landlordConsent: 'given',
    landlordConsentedAt: now,
  };
}

/**
 * POST register/rentalUnit/landlordConsent/resend: a new code to the landlord (the earlier one ends), at most 4
 * codes per unit in any 15 minutes (429 past it), counted while the unit's row is locked. A message the carrier
 * refused ends its code and answers 503.
 */
export async function resendUnitConsent(
  deps: ConsentDeps,
  who: UnitConsentAsker,
  rentalUnitId: string,
): Promise<UnitConsentResent> {
  const unit = await refuseUnlessAwaiting(who, await readUnit(deps.db, rentalUnitId));
  const sentTo = await sendAnotherCode(deps, who.now, {
    subject: subjectOf(unit.rentcode),
    lock: (tx) =>
      tx
        .select({ rentcode: rentalUnits.rentcode })
        .from(rentalUnits)
        .where(eq(rentalUnits.rentcode, unit.rentcode))
        .for('update'),
    keep: (tx) => keepUnitConsentCode(tx, deps, unit.rentcode, who),
    tooMany: MESSAGES.landlordConsentTooManyResends,
    noChannel: MESSAGES.landlordConsentNoChannel,
    audit: {
      ...who.audit,
      username: who.staff.username,
      remark: `Rental unit ${unit.rentcode}: the landlord's consent code sent again`,
    },
  });
  return {
    message: MESSAGES.landlordConsentResent,
    rentcode: unit.rentcode,
    landlordConsent: 'pending',
    consentCodeSentTo: sentTo,
  };
}
