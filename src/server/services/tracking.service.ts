import { desc, eq } from 'drizzle-orm';
import {
  HOLDER_LABELS,
  holderOf,
  isCertified,
  snapshotFor,
  type Holder,
} from '../../../machines/application';
import type { TrackingReply } from '../../contract/tracking.contract';
import type { Db } from '../db/client';
import { applicationFlow, applications, landlords } from '../db/schema';
import { loadWorkflowRow } from '../workflow/application-facts';
import { applicationStatusFor } from './applications-status.service';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Holders whose action the applicant waits for: only they can be overdue (docs/tracker.md). */
const OFFICIAL_HOLDERS: readonly Holder[] = ['ward', 'locality'];

/** Who owns a live application: its landlord's id and EPIC number; null when there is no live application. */
export async function applicationOwner(
  db: Db,
  applid: number,
): Promise<{ landlordId: number; epicNo: string } | null> {
  const [row] = await db
    .select({
      landlordId: applications.landlordId,
      epicNo: landlords.epicNo,
      deletedAt: applications.deletedAt,
    })
    .from(applications)
    .innerJoin(landlords, eq(landlords.id, applications.landlordId))
    .where(eq(applications.applid, applid));
  if (!row || row.deletedAt !== null) return null;
  return { landlordId: row.landlordId, epicNo: row.epicNo };
}

/** Whole days from `since` to `now` (0 on the first day, never negative). */
export function wholeDays(since: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS));
}

/**
 * The tracker's answer: the spec's four fields and the status words, plus who holds the case now (the lifecycle
 * machine's holder tag of the stored state) and for how many days (since the last flow entry) against the
 * service limit, and whether its certificate is issued. Null when there is no live application `applid` of the
 * landlord with `landlordEpic`.
 */
export async function trackApplication(
  db: Db,
  applid: number,
  landlordEpic: string,
  now: Date,
  serviceDays: number,
): Promise<TrackingReply | null> {
  const found = await applicationStatusFor(db, applid, landlordEpic);
  if (!found) return null;
  const row = await loadWorkflowRow(db, applid);
  if (!row) return null;
  const [last] = await db
    .select({ logdt: applicationFlow.logdt })
    .from(applicationFlow)
    .where(eq(applicationFlow.applid, applid))
    .orderBy(desc(applicationFlow.id))
    .limit(1);
  const since = last?.logdt ?? now;
  const snapshot = snapshotFor(row);
  const holder = holderOf(snapshot);
  const heldDays = wholeDays(since, now);
  const { wardCode: _ward, ...status } = found;
  return {
    ...status,
    holder,
    holderLabel: holder ? HOLDER_LABELS[holder] : null,
    heldSince: since.toISOString(),
    heldDays,
    serviceDays,
    overdue: holder !== null && OFFICIAL_HOLDERS.includes(holder) && heldDays > serviceDays,
    certified: isCertified(snapshot),
  };
}
