import { and, eq, isNull, sql } from 'drizzle-orm';
import { initialTransition } from 'xstate';
import {
  FLOW_TEXTS,
  lifecycleMachine,
  remarkFor,
  statusOf,
  type StatusCode,
} from '../../../machines/application';
import {
  CITIZEN_APPLICATION_MESSAGES as MESSAGES,
  type GeneratedApplication,
} from '../../contract/citizen-applications.contract';
import { RENTAL_UNIT_MESSAGES } from '../../contract/rental-units.contract';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows-of';
import { applications, domesticHelpers, familyMembers, rentalUnits, tenants } from '../db/schema';
import { HttpError } from '../http/errors';
import { auditValues } from '../security/audit-log';
import { holdingUnit } from '../workflow/workflow-write';
import { confirmUnitByLandlord } from './rental-units.service';

// Generating an application (an incomplete LARP application with its 'Application Submitted' flow entry, as the
// lifecycle machine starts every application), whoever asks: the landlord with its citizen key
// (citizen-applications.service.ts) or an official at the office (office-applications.service.ts). Only who may
// apply for the unit, and what the first flow entry says of the actor, differ.

interface Person {
  memberCode: number;
  memberName: string;
}
export type People = { familyMembers: (Person & { relationship: string })[]; helpers: Person[] };

/**
 * The tenant's active family members and helpers (whom the Apply step may choose), or null when there is no such
 * tenant: one statement, so the existence check and the lists cost one round trip.
 */
export async function peopleOf(db: Db | Tx, tenantId: number): Promise<People | null> {
  const result = await db.execute(sql`select
  (select coalesce(json_agg(json_build_object('memberCode', f.member_code, 'memberName', f.member_name,
      'relationship', f.relationship) order by f.member_code), '[]')
    from ${familyMembers} f where f.tenant_id = t.id and f.left_on is null) as "familyMembers",
  (select coalesce(json_agg(json_build_object('memberCode', h.member_code, 'memberName', h.member_name)
      order by h.member_code), '[]')
    from ${domesticHelpers} h where h.owner_type = 'tenant' and h.tenant_id = t.id and h.left_on is null) as "helpers"
from ${tenants} t where t.id = ${tenantId}::bigint`);
  const [row] = rowsOf<People>(result);
  return row ?? null;
}

export type RentalUnitRow = typeof rentalUnits.$inferSelect;

/** Who generates the application, and what the application and its first flow entry record of them. */
export interface Applicant {
  /** The application's logby and the first flow entry's actor: 'landlord:<id>' or the official's username. */
  label: string;
  /** The official's role and usercode, kept on the first flow entry; null for the landlord. */
  official: { role: string; usercode: string } | null;
  /** The first flow entry's comments (how the application was entered); null when there is nothing to say. */
  comments: string | null;
  /**
   * Whether the application gives its area's officials reach over the tenant's record (docs/reach.md): true for a
   * landlord's key or an official who already reached the tenant, false otherwise (reach over itself alone).
   */
  grantsReach: boolean;
  now: Date;
  audit: { ip: string; url: string };
  /**
   * Judges the locked unit (undefined: no such unit): a refusal message, answered as an audited 403 after the
   * transaction ended, or null when this applicant may apply for it (a missing unit is then 404). May throw an
   * HttpError (a bad body: 400), which rolls the transaction back.
   */
  refusalFor: (unit: RentalUnitRow | undefined) => string | null;
  /** Answers a refusal: audited 403 (routes pass refuseAudited). */
  refuse: (message: string) => Promise<never>;
  /**
   * The landlord's own key: its Generate on a unit an official added for it without reaching it is its consent to
   * that unit, which is confirmed in the same transaction (confirmUnitByLandlord, docs/reach.md).
   */
  confirmsUnit?: boolean;
  /**
   * Runs inside the creating transaction right after a new application was written (not for a repeated
   * submission): the landlord's key keeps the tenant's consent code and its message there (tenant-consent.service.ts).
   */
  onCreated?: (tx: Tx, created: { applid: number; unit: RentalUnitRow }) => Promise<void>;
}

export type Generated = Omit<GeneratedApplication, 'message'>;

/**
 * Generates the application for a vacant unit and a registered tenant. The unit's row is locked for the
 * transaction, so two submissions at once are judged one after the other: the second finds the first's
 * application. The same applicant, unit and tenant with an incomplete application already: that one is answered
 * again (`created: false`), so a double submission makes exactly one application and one flow entry. Any other
 * live application on the unit, or a unit not vacant: 409.
 */
export async function generateFor(
  db: Db,
  who: Applicant,
  body: { rentcode: string; tenantid: number },
): Promise<Generated> {
  const people = await peopleOf(db, body.tenantid);
  if (!people) throw new HttpError(404, MESSAGES.tenantNotFound);

  const outcome = await db.transaction(
    async (
      tx,
    ): Promise<
      { refused: string } | { applid: number; status: StatusCode; created: boolean; landlordId: number }
    > => {
      const [unit] = await tx
        .select()
        .from(rentalUnits)
        .where(and(eq(rentalUnits.rentcode, body.rentcode), isNull(rentalUnits.disownedAt)))
        .for('update');
      const refused = who.refusalFor(unit);
      if (refused !== null) return { refused };
      if (!unit) throw new HttpError(404, RENTAL_UNIT_MESSAGES.notFound);
      if (who.confirmsUnit) await confirmUnitByLandlord(tx, unit, who);

      // Read after the lock, in a statement of its own: a statement's snapshot is taken when it starts, so a
      // subquery of the locking statement would miss the application a concurrent submission just committed.
      const live = await tx
        .select({
          applid: applications.applid,
          status: applications.status,
          tenantId: applications.tenantId,
          logby: applications.logby,
          completedAt: applications.completedAt,
        })
        .from(applications)
        .where(holdingUnit(unit.rentcode));
      const [only] = live;
      const landlordId = unit.landlordId;
      if (
        live.length === 1 &&
        only.tenantId === body.tenantid &&
        only.logby === who.label &&
        only.completedAt === null
      ) {
        return { applid: only.applid, status: only.status, created: false, landlordId };
      }
      if (live.length > 0 || !unit.vacant) throw new HttpError(409, MESSAGES.unitNotVacant);

      // The lifecycle machine's start: every application begins in its initial state (LARP, held by the ward).
      const [start] = initialTransition(lifecycleMachine, {
        wardCode: unit.wardCode,
        logby: who.label,
        landlordId: String(landlordId),
      });
      const status: StatusCode = statusOf(start);
      const remark = remarkFor('submitted');
      // One statement (one round trip): the application, its first flow entry, the unit held, the audit line.
      const now = who.now.toISOString();
      const audit = auditValues({
        ...who.audit,
        username: who.label,
        remark: `generated for tenant ${body.tenantid} in ${unit.rentcode}${who.comments ? ` (${who.comments})` : ''}`,
      });
      const written = await tx.execute(sql`with created as (
  insert into applications (status, remarks, tenant_id, landlord_id, rentcode, ward_code, logby, grants_reach,
    created_at, updated_at)
  values (${status}::text, ${remark}::text, ${body.tenantid}::bigint, ${landlordId}::bigint, ${unit.rentcode}::text,
    ${unit.wardCode}::text, ${who.label}::text, ${who.grantsReach}::boolean, ${now}::timestamptz, ${now}::timestamptz)
  returning applid
), flow as (
  insert into application_flow (applid, logdt, aplstatus, step, remarks, appl_remarks, comments, actor, actor_role,
    actor_usercode)
  select applid, ${now}::timestamptz, ${status}::text, 'submitted', ${FLOW_TEXTS.submitted}::text, ${remark}::text,
    ${who.comments}::text, ${who.label}::text, ${who.official?.role ?? null}::text,
    ${who.official?.usercode ?? null}::text
  from created
), held as (
  update rental_units set vacant = false, updated_at = ${now}::timestamptz where rentcode = ${unit.rentcode}::text
), audit as (
  insert into log_records (kind, ip_address, remark, url, username, logdt)
  select 'workflow', ${audit.ipAddress}::text, 'Application ' || applid || ' ' || ${audit.remark}::text, ${audit.url}::text,
    ${audit.username}::text, ${now}::timestamptz
  from created
)
select applid::text as applid from created`);
      const [created] = rowsOf<{ applid: string }>(written);
      await who.onCreated?.(tx, { applid: Number(created.applid), unit });
      return { applid: Number(created.applid), status, created: true, landlordId };
    },
  );
  if ('refused' in outcome) return who.refuse(outcome.refused);

  return {
    applid: outcome.applid,
    applstatus: outcome.status,
    rentcode: body.rentcode,
    tenantid: body.tenantid,
    landlordid: outcome.landlordId,
    complete: false,
    created: outcome.created,
    ...people,
  };
}
