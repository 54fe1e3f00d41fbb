import { eq } from 'drizzle-orm';
import { CITIZEN_APPLICATION_MESSAGES as MESSAGES } from '../../contract/citizen-applications.contract';
import type { Db } from '../db/client';
import { runStatement, type NamedStatement } from '../db/prepared';
import { applications } from '../db/schema';
import { HttpError } from '../http/errors';
import {
  deliverStatusNotice,
  keptNotice,
  statusNoticeInsert,
  statusNoticeText,
  type NoticeOutcome,
  type StatusNoticeDeps,
} from '../notify/status-notice';
import { auditValues } from '../security/audit-log';
import { peopleOf, type LandlordRequest } from './citizen-applications.service';

// The landlord's Apply (docs/citizen-applications-api.md): the family members and helpers the application covers,
// completed, the audit line and the 'submitted' notice, written by one guarded statement.

/**
 * Everything Apply writes, in one statement (one round trip, all or nothing): the application is completed only
 * while it is still the landlord's, incomplete, not deleted, untouched by officials and LARP (the guard a row lock
 * gave before; of two Applies at once exactly one updates the row), then its members, the audit line and the
 * notice, from the updated row. No row back: nothing was written.
 */
const APPLY: NamedStatement = {
  name: 'citizen_apply_application',
  text: `with applied as (
  update applications set completed_at = $3::timestamptz, updated_at = $3::timestamptz
  where applid = $1::bigint and landlord_id = $2::bigint and completed_at is null and deleted_at is null
    and not official_acted and status = 'LARP'
  returning applid, landlord_id
), family as (
  insert into application_members (applid, family_member_code)
  select applied.applid, code::bigint from applied, json_array_elements_text($4::json) code
), helpers as (
  insert into application_members (applid, helper_code)
  select applied.applid, code::bigint from applied, json_array_elements_text($5::json) code
), audit as (
  insert into log_records (ip_address, remark, url, username, logdt)
  select $6::text, $7::text, $8::text, $9::text, $3::timestamptz from applied
), notice as (
  ${statusNoticeInsert('applied', { subject: '$10::text', body: '$11::text', at: '$3::timestamptz' })}
)
select applied.applid::text as applid, notice.id::text as "noticeId", notice.channel as "noticeChannel",
  notice.recipient as "noticeTo", notice.subject as "noticeSubject", notice.body as "noticeText"
from applied left join notice on true`,
};

interface AppliedRow {
  applid: string;
  noticeId: string | null;
  noticeChannel: string | null;
  noticeTo: string | null;
  noticeSubject: string | null;
  noticeText: string | null;
}

/** Why an application cannot be applied, read from its row; null when it can. */
function refusalOf(
  row: typeof applications.$inferSelect | undefined,
  landlordId: number,
): { status: 403 | 409; message: string } | null {
  if (!row || row.landlordId !== landlordId) return { status: 403, message: MESSAGES.notYourApplication };
  if (row.completedAt !== null) return { status: 409, message: MESSAGES.alreadyApplied };
  if (row.deletedAt !== null || row.officialActed || row.status !== 'LARP')
    return { status: 409, message: MESSAGES.notApplicable };
  return null;
}

/**
 * Applies an incomplete application: each code must be an active family member (helper) of the application's
 * tenant (400 'membercode: ...' otherwise, nothing written); then the one statement above. Another Apply, a
 * withdraw or an official's step between the read and the write leaves the statement nothing to update: the row is
 * read again and its refusal answered. After the write the notice is handed to its carrier without holding up the
 * reply (`notice`: the hand-over, never rejecting; null when the landlord has neither email nor mobile).
 */
export async function applyApplication(
  db: Db,
  who: LandlordRequest,
  body: { applid: number; membercode: number[]; helperCode: number[] },
  notify: Omit<StatusNoticeDeps, 'db'>,
): Promise<{
  applid: number;
  membercode: number[];
  helperCode: number[];
  notice: Promise<NoticeOutcome> | null;
}> {
  const membercode = [...new Set(body.membercode)];
  const helperCode = [...new Set(body.helperCode)];
  const read = () => db.select().from(applications).where(eq(applications.applid, body.applid));
  const [row] = await read();
  const refused = async (refusal: { status: 403 | 409; message: string }): Promise<never> =>
    refusal.status === 403
      ? who.refuse(refusal.message)
      : Promise.reject(new HttpError(409, refusal.message));
  const refusal = refusalOf(row, who.landlordId);
  if (refusal) return refused(refusal);

  const people = (await peopleOf(db, row.tenantId)) ?? { familyMembers: [], helpers: [] };
  const strayMember = membercode.find((code) => !people.familyMembers.some((m) => m.memberCode === code));
  if (strayMember !== undefined)
    throw new HttpError(400, `membercode: ${strayMember} ${MESSAGES.memberNotOfTenant}`);
  const strayHelper = helperCode.find((code) => !people.helpers.some((h) => h.memberCode === code));
  if (strayHelper !== undefined)
    throw new HttpError(400, `helperCode: ${strayHelper} ${MESSAGES.helperNotOfTenant}`);

  const audit = auditValues({
    ...who.audit,
    username: who.label,
    remark: `Application ${row.applid} applied with ${membercode.length} family member(s) and ${helperCode.length} helper(s)`,
  });
  // Applied is when the landlord really submits it: the notice commits with the application or not at all.
  const text = statusNoticeText(row.applid, 'submitted', row.status);
  const [written] = await runStatement<AppliedRow>(db, APPLY, [
    row.applid,
    who.landlordId,
    who.now.toISOString(),
    JSON.stringify(membercode),
    JSON.stringify(helperCode),
    audit.ipAddress,
    audit.remark,
    audit.url,
    audit.username,
    text.subject,
    text.body,
  ]);
  if (!written) {
    const [now] = await read();
    return refused(refusalOf(now, who.landlordId) ?? { status: 409, message: MESSAGES.notApplicable });
  }
  const kept =
    written.noticeId === null
      ? null
      : keptNotice({
          id: written.noticeId,
          channel: written.noticeChannel!,
          recipient: written.noticeTo!,
          subject: written.noticeSubject!,
          body: written.noticeText!,
        });
  const notice = kept ? deliverStatusNotice({ ...notify, db }, kept) : null;
  return { applid: row.applid, membercode, helperCode, notice };
}
