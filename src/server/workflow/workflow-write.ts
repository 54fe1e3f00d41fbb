import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { StatusCode } from '../../../machines/application';
import type { Db } from '../db/client';
import { runStatement, type NamedStatement } from '../db/prepared';
import { applications } from '../db/schema';
import {
  NOTICE_COLUMNS,
  noticeOfColumns,
  statusNoticeInsert,
  statusNoticeText,
  type KeptNotice,
  type NoticeColumns,
} from '../notify/status-notice';
import { auditValues, type AuditEntry } from '../security/audit-log';

/** Statuses in which the tenant holds the unit, so the unit is not offered to anyone else. */
export const OCCUPYING: StatusCode[] = ['LARP', 'LAVP', 'PLVP', 'RECT'];

/** The applications that hold the unit `rentcode` now: not deleted, at a status that occupies it. */
export function holdingUnit(rentcode: string): SQL | undefined {
  return and(
    eq(applications.rentcode, rentcode),
    isNull(applications.deletedAt),
    inArray(applications.status, OCCUPYING),
  );
}

/** Everything one workflow step writes, as the lifecycle machine decided it. */
export interface WorkflowWrite {
  applid: number;
  /** The version read before the machine was asked: the write happens only if it is still the stored one. */
  version: number;
  status: StatusCode;
  remark: string;
  officialActed: boolean;
  now: Date;
  /** Set when the step issues the clearance certificate. */
  certificateNo: string | null;
  /** Set when the step closes the application (delete or cancellation): the reason stored with it. */
  closedReason: string | null;
  /** Set when the tenant shifted: the date it left the locality (yyyy-mm-dd). */
  leftLocalityOn: string | null;
  /** The tenant no longer holds the unit: offer it again unless another live application holds it. */
  freeUnit: boolean;
  flow: {
    step: string;
    flowText: string;
    comments: string | null;
    action: string;
    payload: Record<string, unknown> | null;
  };
  actor: { username: string; role: string; usercode: string };
  audit: AuditEntry;
}

/** The application as the step left it. */
export interface WrittenApplication {
  applid: number;
  status: StatusCode;
  remarks: string | null;
  version: number;
  officialActed: boolean;
  certificateNo: string | null;
  certifiedAtMs: number | null;
  certifiedBy: string | null;
  leftLocalityOn: string | null;
  /** The step's notice to the landlord, kept in the outbox by the same statement; null without email or mobile. */
  notice: KeptNotice | null;
}

const occupying = OCCUPYING.map((status) => `'${status}'`).join(', ');

/**
 * One statement, so one implicit transaction and one round trip: the UPDATE guarded by the version, then the
 * flow entry, the freed unit and the audit line, each reading the UPDATE's RETURNING, so none of them is written
 * when the version check finds no row. Two officials acting at once: the second UPDATE waits for the first's
 * row lock, re-reads the row, finds the version moved on and matches nothing. The landlord's notice of the step
 * (notify/status-notice.ts) is kept in the outbox by the same statement: every step has its message, or none is
 * written at all; the carrier hands it on after the commit.
 */
const WRITE_STEP: NamedStatement = {
  name: 'workflow_write_step',
  text: `with updated as (
  update applications set
    status = $3::text,
    remarks = $4::text,
    version = version + 1,
    official_acted = $5::boolean,
    updated_at = $6::timestamptz,
    certificate_no = coalesce($7::text, certificate_no),
    certified_at = case when $7::text is null then certified_at else $6::timestamptz end,
    certified_by = case when $7::text is null then certified_by else $8::text end,
    deleted_at = case when $9::text is null then deleted_at else $6::timestamptz end,
    deleted_by = case when $9::text is null then deleted_by else $8::text end,
    deleted_reason = coalesce($9::text, deleted_reason),
    left_locality_on = coalesce($10::date, left_locality_on)
  where applid = $1::bigint and version = $2::int
  returning applid, rentcode, status, remarks, version, official_acted, certificate_no, certified_at, certified_by,
    left_locality_on, landlord_id
), flow as (
  insert into application_flow
    (applid, logdt, aplstatus, step, remarks, appl_remarks, comments, action, payload, actor, actor_role,
     actor_usercode)
  select applid, $6::timestamptz, $3::text, $12::text, $13::text, $4::text, $14::text, $15::text, $16::jsonb,
    $8::text, $17::text, $18::text
  from updated
), freed as (
  update rental_units u set vacant = true
  from updated
  where $11::boolean and u.rentcode = updated.rentcode and not exists (
    select 1 from applications other
    where other.rentcode = updated.rentcode and other.applid <> updated.applid and other.deleted_at is null
      and other.status in (${occupying}))
), audit as (
  insert into log_records (kind, ip_address, remark, url, username, logdt)
  select 'workflow', $19::text, $20::text, $21::text, $22::text, $6::timestamptz from updated
), notice as (
  ${statusNoticeInsert('updated', { subject: '$23::text', body: '$24::text', at: '$6::timestamptz' })}
)
select applid::text as applid, status, remarks, version, official_acted as "officialActed",
  certificate_no as "certificateNo", floor(extract(epoch from certified_at) * 1000)::float8 as "certifiedAtMs",
  certified_by as "certifiedBy", left_locality_on::text as "leftLocalityOn", ${NOTICE_COLUMNS}
from updated left join notice on true`,
};

/** Writes one step; null when the version no longer matches (another official acted first): nothing written. */
export async function writeWorkflowStep(db: Db, write: WorkflowWrite): Promise<WrittenApplication | null> {
  const audit = auditValues(write.audit);
  const notice = statusNoticeText(write.applid, write.flow.step, write.status);
  const [row] = await runStatement<WrittenRow>(db, WRITE_STEP, [
    write.applid,
    write.version,
    write.status,
    write.remark,
    write.officialActed,
    write.now.toISOString(),
    write.certificateNo,
    write.actor.username,
    write.closedReason,
    write.leftLocalityOn,
    write.freeUnit,
    write.flow.step,
    write.flow.flowText,
    write.flow.comments,
    write.flow.action,
    write.flow.payload ? JSON.stringify(write.flow.payload) : null,
    write.actor.role,
    write.actor.usercode,
    audit.ipAddress,
    audit.remark,
    audit.url,
    audit.username,
    notice.subject,
    notice.body,
  ]);
  if (!row) return null;
  const { noticeId, noticeChannel, noticeTo, noticeSubject, noticeText, ...application } = row;
  return {
    ...application,
    applid: Number(row.applid),
    notice: noticeOfColumns({ noticeId, noticeChannel, noticeTo, noticeSubject, noticeText }),
  };
}

type WrittenRow = Omit<WrittenApplication, 'applid' | 'notice'> & NoticeColumns & { applid: string };
