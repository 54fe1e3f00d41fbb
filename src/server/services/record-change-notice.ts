import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { landlords, tenants } from '../db/schema';
import { PORTAL_NAME } from '../notify/otp-message';
import { commitThenDeliver, keepNoticeFor, type StatusNoticeDeps } from '../notify/status-notice';
import type { Caller } from '../security/caller';
import { officeOf } from './office-name';

// A citizen is told when an official changes its record (issue 20's re-attack, L2; docs/notifications.md "An
// official's change to a citizen's record"): an official that reaches a landlord or tenant may edit its name,
// addresses and other details, so each edit that changes any of them keeps a notice to the person's own channel in
// the edit's own transaction, naming the office and what changed (not the new values: the notice may be read by
// whoever holds the phone), handed over after the commit. The mobile and email are not in it: an official's change
// of them is held and told by its own notices (docs/otp-channel-changes.md). The citizen's own key tells nobody.

export type RecordKind = 'landlord' | 'tenant';

/** The subject the outbox relay knows these notices by (notice-relay.ts). */
export const RECORD_NOTICE_SUBJECT = `${PORTAL_NAME}: your record changed`;

/** What a change of each column is called in the notice; columns not named here are not told. */
const LANDLORD_FIELDS = {
  firstName: 'name',
  middleName: 'name',
  lastName: 'name',
  occupation: 'occupation',
  permAddress1: 'permanent address',
  permAddress2: 'permanent address',
  permPinCode: 'permanent address',
  permDistrictCode: 'permanent address',
  presAddress1: 'present address',
  presAddress2: 'present address',
  presPinCode: 'present address',
  presDistrictCode: 'present address',
} as const;
const TENANT_FIELDS = {
  ...LANDLORD_FIELDS,
  parentOrSpouseName: "parent's or spouse's name",
  nationality: 'nationality',
  dateOfBirth: 'date of birth',
  tenancyType: 'tenancy type',
} as const;

type Snapshot = Record<string, unknown> & { email: string | null; mobile: string | null };

async function snapshotOf(db: Db | Tx, kind: RecordKind, id: number): Promise<Snapshot | undefined> {
  const table = kind === 'landlord' ? landlords : tenants;
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row;
}

/** The names of what changed between two snapshots, each once, in the order the fields are listed. */
export function changedFields(kind: RecordKind, before: Snapshot, after: Snapshot): string[] {
  const fields: Record<string, string> = kind === 'landlord' ? LANDLORD_FIELDS : TENANT_FIELDS;
  const changed = Object.keys(fields).filter((column) => (before[column] ?? '') !== (after[column] ?? ''));
  return [...new Set(changed.map((column) => fields[column]))];
}

export function recordChangeNoticeText(kind: RecordKind, office: string, fields: string[]) {
  return {
    subject: RECORD_NOTICE_SUBJECT,
    body:
      `${PORTAL_NAME}: an official of ${office} changed your ${kind} record: ${fields.join(', ')}. ` +
      `If you did not ask for this, contact that police office.`,
  };
}

/**
 * Runs an edit of a person's record. An official's runs in one transaction with the person's notice of what
 * changed, handed to the carrier after the commit; the person's own key's runs alone. No notice when nothing told
 * changed, or the person has no channel on record.
 */
export async function changeRecordTellingPerson<T>(
  deps: StatusNoticeDeps,
  who: { caller: Caller; kind: RecordKind; id: number; now: Date },
  change: (db: Db) => Promise<T>,
): Promise<T> {
  const { caller, kind, id, now } = who;
  if (caller.kind !== 'staff') return change(deps.db);
  return commitThenDeliver(deps, async (tx) => {
    const before = await snapshotOf(tx, kind, id);
    const result = await change(tx);
    const after = await snapshotOf(tx, kind, id);
    const fields = before && after ? changedFields(kind, before, after) : [];
    if (!before || fields.length === 0) return { result, notice: null };
    const text = recordChangeNoticeText(kind, await officeOf(tx, caller.staff.usercode), fields);
    return { result, notice: await keepNoticeFor(tx, before, text, now) };
  });
}
