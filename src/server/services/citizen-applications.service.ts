import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows-of';
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
import type { Db } from '../db/client';
import { applications, domesticHelpers, familyMembers, rentalUnits, tenants } from '../db/schema';
import { HttpError } from '../http/errors';
import { auditValues } from '../security/audit-log';
import { OCCUPYING } from '../workflow/workflow-write';
import { tenantIdByIdNumber } from './tenants-records.service';

// A landlord's own clearance application, made with its citizen key (docs/citizen-applications-api.md):
// generate (an incomplete LARP application with its 'Application Submitted' flow entry, as the lifecycle machine
// starts every application), then apply (choose the family members and helpers it covers: complete, and the
// landlord is told it was submitted). The tenant lookup of the Clearance tab's ID field is here too.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** An ownership refusal found inside a transaction: answered (audited) after it rolled back. */
type Refused = { refused: string };

/** Who asks, and what the audit trail and the flow entry name it. */
export interface LandlordRequest {
  landlordId: number;
  /** 'landlord:<id>', the citizen key's subject: the application's logby and the flow entry's actor. */
  label: string;
  now: Date;
  audit: { ip: string; url: string };
  /** Answers an ownership refusal: audited 403 (routes pass refuseAudited). */
  refuse: (message: string) => Promise<never>;
}

/** The tenant registered with this ID number, by id and full name only (the Clearance tab's tenant field). */
export async function clearanceTenant(db: Db, epicNo: string): Promise<{ id: number; name: string } | null> {
  const id = await tenantIdByIdNumber(db, epicNo);
  if (id === null) return null;
  const [tenant] = await db
    .select({
      id: tenants.id,
      name: sql<string>`concat_ws(' ', ${tenants.firstName}, nullif(${tenants.middleName}, ''), nullif(${tenants.lastName}, ''))`,
    })
    .from(tenants)
    .where(eq(tenants.id, id));
  return tenant ?? null;
}

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

/**
 * Generates the landlord's application for one of its vacant units and a registered tenant. The unit's row is
 * locked for the transaction, so two submissions at once are judged one after the other: the second finds the
 * first's application. The same landlord, unit and tenant with an incomplete application already: that one is
 * answered again (`created: false`), so a double submission makes exactly one application and one flow entry.
 * Any other live application on the unit: 409, the unit is not vacant.
 */
export async function generateApplication(
  db: Db,
  who: LandlordRequest,
  body: { rentcode: string; tenantid: number },
): Promise<GeneratedApplication> {
  const people = await peopleOf(db, body.tenantid);
  if (!people) throw new HttpError(404, MESSAGES.tenantNotFound);

  const outcome = await db.transaction(
    async (tx): Promise<Refused | { applid: number; status: StatusCode; created: boolean }> => {
      const [unit] = await tx
        .select()
        .from(rentalUnits)
        .where(and(eq(rentalUnits.rentcode, body.rentcode), isNull(rentalUnits.disownedAt)))
        .for('update');
      // Whether or not the unit exists: a key holder learns nothing about other landlords' units.
      if (!unit || unit.landlordId !== who.landlordId) return { refused: RENTAL_UNIT_MESSAGES.notYours };

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
        .where(
          and(
            eq(applications.rentcode, unit.rentcode),
            isNull(applications.deletedAt),
            inArray(applications.status, OCCUPYING),
          ),
        );
      const [only] = live;
      if (
        live.length === 1 &&
        only.tenantId === body.tenantid &&
        only.logby === who.label &&
        only.completedAt === null
      ) {
        return { applid: only.applid, status: only.status, created: false };
      }
      if (live.length > 0 || !unit.vacant) throw new HttpError(409, MESSAGES.unitNotVacant);

      // The lifecycle machine's start: every application begins in its initial state (LARP, held by the ward).
      const [start] = initialTransition(lifecycleMachine, {
        wardCode: unit.wardCode,
        logby: who.label,
        landlordId: String(who.landlordId),
      });
      const status: StatusCode = statusOf(start);
      const remark = remarkFor('submitted');
      // One statement (one round trip): the application, its first flow entry, the unit held, the audit line.
      const now = who.now.toISOString();
      const audit = auditValues({
        ...who.audit,
        username: who.label,
        remark: `generated for tenant ${body.tenantid} in ${unit.rentcode}`,
      });
      const written = await tx.execute(sql`with created as (
  insert into applications (status, remarks, tenant_id, landlord_id, rentcode, ward_code, logby, created_at, updated_at)
  values (${status}::text, ${remark}::text, ${body.tenantid}::bigint, ${who.landlordId}::bigint, ${unit.rentcode}::text,
    ${unit.wardCode}::text, ${who.label}::text, ${now}::timestamptz, ${now}::timestamptz)
  returning applid
), flow as (
  insert into application_flow (applid, logdt, aplstatus, step, remarks, appl_remarks, actor)
  select applid, ${now}::timestamptz, ${status}::text, 'submitted', ${FLOW_TEXTS.submitted}::text, ${remark}::text,
    ${who.label}::text
  from created
), held as (
  update rental_units set vacant = false, updated_at = ${now}::timestamptz where rentcode = ${unit.rentcode}::text
), audit as (
  insert into log_records (ip_address, remark, url, username, logdt)
  select ${audit.ipAddress}::text, 'Application ' || applid || ' ' || ${audit.remark}::text, ${audit.url}::text,
    ${audit.username}::text, ${now}::timestamptz
  from created
)
select applid::text as applid from created`);
      const [created] = (written as { rows: { applid: string }[] }).rows;
      return { applid: Number(created.applid), status, created: true };
    },
  );
  if ('refused' in outcome) return who.refuse(outcome.refused);

  return {
    message: MESSAGES.generated,
    applid: outcome.applid,
    applstatus: outcome.status,
    rentcode: body.rentcode,
    tenantid: body.tenantid,
    landlordid: who.landlordId,
    complete: false,
    created: outcome.created,
    ...people,
  };
}
