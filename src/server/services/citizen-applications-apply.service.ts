import { deliverStatusNotice, type NoticeOutcome, type StatusNoticeDeps } from '../notify/status-notice';
import type { Db } from '../db/client';
import { checkApply, refuseNotApplied, writeApply, type ApplyRequest } from './application-apply.service';
import type { LandlordRequest } from './citizen-applications.service';

// The landlord's Apply (docs/citizen-applications-api.md): the family members and helpers the application covers,
// completed, the audit line and the 'submitted' notice, written by one guarded statement (application-apply
// .service.ts, shared with the officials' Apply).

/**
 * Applies the landlord's incomplete application: each code must be an active family member (helper) of the
 * application's tenant (400 'membercode: ...' otherwise, nothing written); then the one statement. Another Apply,
 * a withdraw or an official's step between the read and the write leaves the statement nothing to update: the row
 * is read again and its refusal answered. After the write the notice is handed to its carrier without holding up
 * the reply (`notice`: the hand-over, never rejecting; null when the landlord has neither email nor mobile).
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
  const request: ApplyRequest = { ...who, owner: { kind: 'landlord', landlordId: who.landlordId } };
  const checked = await checkApply(db, request, body);
  // Applied is when the landlord really submits it: the notice commits with the application or not at all.
  const written = await writeApply(db, request, checked, true);
  if (written === 'not-applied') return refuseNotApplied(db, request, body.applid);
  const notice = written.notice ? deliverStatusNotice({ ...notify, db }, written.notice) : null;
  return {
    applid: checked.row.applid,
    membercode: checked.membercode,
    helperCode: checked.helperCode,
    notice,
  };
}
