import { eq } from 'drizzle-orm';
import { CITIZEN_APPLICATION_MESSAGES as MESSAGES } from '../../contract/citizen-applications.contract';
import type { Db } from '../db/client';
import { runStatement, type NamedStatement } from '../db/prepared';
import { applications } from '../db/schema';
import { HttpError } from '../http/errors';
import {
  NOTICE_COLUMNS,
  noticeOfColumns,
  statusNoticeInsert,
  statusNoticeText,
  type KeptNotice,
  type NoticeColumns,
} from '../notify/status-notice';
import { auditValues } from '../security/audit-log';
import { peopleOf } from './application-generate.service';

// Applying an incomplete application (choosing the family members and helpers it covers), whoever applies it: the
// landlord with its key (citizen-applications-apply.service.ts) or the official who logged it
// (office-applications-apply.service.ts). Only whose application it is differs: the landlord's (landlord_id) or
// the official's (logby = username).

export type ApplyOwner = { kind: 'landlord'; landlordId: number } | { kind: 'official'; username: string };

/** Who applies, and what the audit trail names it. */
export interface ApplyRequest {
  owner: ApplyOwner;
  /** The audit line's username: 'landlord:<id>' or the official's username. */
  label: string;
  now: Date;
  audit: { ip: string; url: string };
  /** Answers an ownership refusal: audited 403 (routes pass refuseAudited). */
  refuse: (message: string) => Promise<never>;
}

/**
 * Everything Apply writes, in one statement (one round trip, all or nothing): the application is completed only
 * while it is still the owner's, incomplete, not deleted, untouched by officials and LARP (of two Applies at once
 * exactly one updates the row), then its members, the audit line and the notice, from the updated row. No row
 * back: nothing was written. A null notice body ($11) keeps no notice (statusNoticeInsert's rule).
 */
function applyStatement(name: string, ownerClause: string): NamedStatement {
  return {
    name,
    text: `with applied as (
  update applications set completed_at = $3::timestamptz, updated_at = $3::timestamptz
  where applid = $1::bigint and ${ownerClause} and completed_at is null and deleted_at is null
    and not official_acted and status = 'LARP'
  returning applid, landlord_id
), family as (
  insert into application_members (applid, family_member_code)
  select applied.applid, code::bigint from applied, json_array_elements_text($4::json) code
), helpers as (
  insert into application_members (applid, helper_code)
  select applied.applid, code::bigint from applied, json_array_elements_text($5::json) code
), audit as (
  insert into log_records (kind, ip_address, remark, url, username, logdt)
  select 'workflow', $6::text, $7::text, $8::text, $9::text, $3::timestamptz from applied
), notice as (
  ${statusNoticeInsert('applied', { subject: '$10::text', body: '$11::text', at: '$3::timestamptz' })}
)
select applied.applid::text as applid, ${NOTICE_COLUMNS}
from applied left join notice on true`,
  };
}

const APPLY: Record<ApplyOwner['kind'], NamedStatement> = {
  // An application that does not grant reach (a landlord's key's, or an official's for a tenant it did not reach)
  // needs the tenant's consent first: grants_reach is false until the tenant's code is confirmed
  // (docs/tenant-consent.md).
  landlord: applyStatement('citizen_apply_application', 'landlord_id = $2::bigint and grants_reach'),
  official: applyStatement('office_apply_application', 'logby = $2::text and grants_reach'),
};

interface AppliedRow extends NoticeColumns {
  applid: string;
}

type ApplicationRow = typeof applications.$inferSelect;
type Refusal = { status: 403 | 409; message: string };

function owns(row: ApplicationRow, owner: ApplyOwner): boolean {
  return owner.kind === 'landlord' ? row.landlordId === owner.landlordId : row.logby === owner.username;
}

/**
 * An application whose tenant has not confirmed the consent code yet (docs/tenant-consent.md): a landlord's key's,
 * or an official's for a tenant not registered at a counter in its jurisdiction (docs/office-applications.md).
 */
export const awaitsConsent = (row: Pick<ApplicationRow, 'grantsReach'>) => !row.grantsReach;

/** Why an application cannot be applied, read from its row; null when it can. */
function refusalOf(row: ApplicationRow | undefined, owner: ApplyOwner): Refusal | null {
  if (!row || !owns(row, owner)) return { status: 403, message: MESSAGES.notYourApplication };
  if (row.completedAt !== null) return { status: 409, message: MESSAGES.alreadyApplied };
  if (row.deletedAt !== null || row.officialActed || row.status !== 'LARP')
    return { status: 409, message: MESSAGES.notApplicable };
  if (awaitsConsent(row)) return { status: 409, message: MESSAGES.consentMissing };
  return null;
}

function answer(who: ApplyRequest, refusal: Refusal): Promise<never> {
  return refusal.status === 403
    ? who.refuse(refusal.message)
    : Promise.reject(new HttpError(409, refusal.message));
}

const readApplication = async (db: Db, applid: number) =>
  (await db.select().from(applications).where(eq(applications.applid, applid)))[0];

/** An application that may be applied, with the family members and helpers chosen for it (each once). */
export interface CheckedApply {
  row: ApplicationRow;
  membercode: number[];
  helperCode: number[];
}

/**
 * Reads the application and judges the Apply before anything is written: not the owner's (403, audited),
 * already applied or no longer applicable (409); each code must be an active family member (helper) of the
 * application's tenant (400 'membercode: ...').
 */
export async function checkApply(
  db: Db,
  who: ApplyRequest,
  body: { applid: number; membercode: number[]; helperCode: number[] },
): Promise<CheckedApply> {
  const membercode = [...new Set(body.membercode)];
  const helperCode = [...new Set(body.helperCode)];
  const row = await readApplication(db, body.applid);
  const refusal = refusalOf(row, who.owner);
  if (refusal) return answer(who, refusal);

  const people = (await peopleOf(db, row.tenantId)) ?? { familyMembers: [], helpers: [] };
  const strayMember = membercode.find((code) => !people.familyMembers.some((m) => m.memberCode === code));
  if (strayMember !== undefined)
    throw new HttpError(400, `membercode: ${strayMember} ${MESSAGES.memberNotOfTenant}`);
  const strayHelper = helperCode.find((code) => !people.helpers.some((h) => h.memberCode === code));
  if (strayHelper !== undefined)
    throw new HttpError(400, `helperCode: ${strayHelper} ${MESSAGES.helperNotOfTenant}`);
  return { row, membercode, helperCode };
}

/**
 * Writes a checked Apply with the one statement above (on `db`, or inside a caller's transaction). `notify`:
 * keep the landlord's 'submitted' notice with it (Apply is when the application is really submitted); false when
 * a step of the same transaction tells the landlord instead. Returns the kept notice (null: none), or
 * 'not-applied' when another Apply, a withdraw or an official's step came first and nothing was written.
 */
export async function writeApply(
  db: Db,
  who: ApplyRequest,
  checked: CheckedApply,
  notify: boolean,
): Promise<{ notice: KeptNotice | null } | 'not-applied'> {
  const { row, membercode, helperCode } = checked;
  const audit = auditValues({
    ...who.audit,
    username: who.label,
    remark: `Application ${row.applid} applied with ${membercode.length} family member(s) and ${helperCode.length} helper(s)`,
  });
  const text = statusNoticeText(row.applid, 'submitted', row.status);
  const owner = who.owner.kind === 'landlord' ? who.owner.landlordId : who.owner.username;
  const [written] = await runStatement<AppliedRow>(db, APPLY[who.owner.kind], [
    row.applid,
    owner,
    who.now.toISOString(),
    JSON.stringify(membercode),
    JSON.stringify(helperCode),
    audit.ipAddress,
    audit.remark,
    audit.url,
    audit.username,
    text.subject,
    notify ? text.body : null,
  ]);
  if (!written) return 'not-applied';
  return { notice: noticeOfColumns(written) };
}

/** Answers an Apply that found nothing to write: the row is read again and its refusal answered. */
export async function refuseNotApplied(db: Db, who: ApplyRequest, applid: number): Promise<never> {
  const now = await readApplication(db, applid);
  return answer(who, refusalOf(now, who.owner) ?? { status: 409, message: MESSAGES.notApplicable });
}
