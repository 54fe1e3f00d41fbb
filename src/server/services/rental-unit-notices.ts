import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rowsOf } from '../db/rows-of';
import { PORTAL_NAME } from '../notify/otp-message';
import {
  commitThenDeliver,
  deliverStatusNotice,
  keepNoticeFor,
  type KeptNotice,
  type StatusNoticeDeps,
} from '../notify/status-notice';
import type { Caller } from '../security/caller';
import type { StaffIdentity } from '../security/sessions';
import { officeOf } from './office-name';
import { createUnit } from './rental-units.service';
import type { UnitInput } from '../../contract/rental-units.contract';

// The landlord is told of every change an official makes to its rental units (issue 20, re-attack R-2;
// docs/reach.md "Telling the landlord"): once an official reaches a landlord it may add, edit and delete units in
// the landlord's name without a code, so each such change keeps a notice to the landlord's own channel in the
// change's own transaction (both commit or neither), handed to the carrier after the commit. The landlord's own key
// tells nobody: the landlord made the change. A unit that still awaits the landlord's consent is not announced
// twice: its code message names it (landlord-unit-consent.service.ts).

export type UnitChange = 'added' | 'edited' | 'deleted' | 'disowned';

/** The landlord's channels and the unit's address as a citizen reads it, in one statement. */
export interface UnitLandlordFacts {
  email: string | null;
  mobile: string | null;
  unitAddress: string;
}

/** Where the landlord of a unit is reached, and the unit's address; undefined for no such unit. */
export async function unitLandlordFacts(
  db: Db | Tx,
  rentcode: string,
): Promise<UnitLandlordFacts | undefined> {
  const result = await db.execute(sql`select l.email, l.mobile,
  concat_ws(', ', nullif(u.house_no, ''), nullif(u.floor_no, ''), u.address1, nullif(u.address2, ''), u.pin_code)
    as "unitAddress"
from rental_units u join landlords l on l.id = u.landlord_id
where u.rentcode = ${rentcode}::text`);
  return rowsOf<UnitLandlordFacts>(result)[0];
}

/** The subject the outbox relay knows these notices by (notice-relay.ts). */
export const unitNoticeSubject = (rentcode: string) => `${PORTAL_NAME}: rental unit ${rentcode} changed`;

const WHAT_HAPPENED: Record<UnitChange, (rentcode: string, before: string, after: string) => string> = {
  added: (rentcode, _before, after) => `added rental unit ${rentcode} at ${after} to your landlord record`,
  edited: (rentcode, before, after) =>
    before === after
      ? `edited your rental unit ${rentcode} at ${after}`
      : `changed the address of your rental unit ${rentcode} from ${before} to ${after}`,
  deleted: (rentcode, before) =>
    `deleted your rental unit ${rentcode} at ${before} from your landlord record`,
  disowned: (rentcode, before) =>
    `removed your rental unit ${rentcode} at ${before} from your landlord record; its past applications keep it`,
};

/** What the landlord reads: the office, the unit and what changed; whom to ask if it did not expect it. */
export function unitChangeNoticeText(
  change: UnitChange,
  p: { rentcode: string; office: string; before: string; after: string },
): { subject: string; body: string } {
  return {
    subject: unitNoticeSubject(p.rentcode),
    body:
      `${PORTAL_NAME}: an official of ${p.office} ${WHAT_HAPPENED[change](p.rentcode, p.before, p.after)}. ` +
      `If you did not ask for this, contact that police office.`,
  };
}

/**
 * Runs a change of a unit. An official's runs in one transaction with the landlord's notice of it (the address read
 * before and after the change), handed to the carrier after the commit; the landlord's own key's runs alone.
 * `changeOf` names what the change did from its result; null keeps no notice. No notice either when the landlord
 * has neither email nor mobile.
 */
export async function changeUnitTellingLandlord<T>(
  deps: StatusNoticeDeps,
  who: { caller: Caller; rentcode: string; now: Date },
  change: (db: Db) => Promise<T>,
  changeOf: (result: T) => UnitChange | null,
): Promise<T> {
  const { caller, rentcode, now } = who;
  if (caller.kind !== 'staff') return change(deps.db);
  return commitThenDeliver(deps, async (tx) => {
    const before = await unitLandlordFacts(tx, rentcode);
    const result = await change(tx);
    const kind = changeOf(result);
    if (!kind || !before) return { result, notice: null };
    const after = (await unitLandlordFacts(tx, rentcode)) ?? before;
    const notice = await keepUnitChangeNotice(tx, kind, {
      staff: caller.staff,
      rentcode,
      now,
      before,
      after,
    });
    return { result, notice };
  });
}

/** Keeps the notice of one change in the outbox with `tx`; null when the landlord has no channel on record. */
export async function keepUnitChangeNotice(
  tx: Db | Tx,
  change: UnitChange,
  p: {
    staff: StaffIdentity;
    rentcode: string;
    now: Date;
    before?: UnitLandlordFacts;
    after: UnitLandlordFacts;
  },
): Promise<KeptNotice | null> {
  const text = unitChangeNoticeText(change, {
    rentcode: p.rentcode,
    office: await officeOf(tx, p.staff.usercode),
    before: (p.before ?? p.after).unitAddress,
    after: p.after.unitAddress,
  });
  return keepNoticeFor(tx, p.after, text, p.now);
}

/**
 * An official adds a unit for a landlord it already reaches: the unit is the landlord's at once (grants reach), and
 * the landlord's notice is kept in the creating transaction and handed over after the commit. Returns the rent code.
 */
export async function createUnitTellingLandlord(
  deps: StatusNoticeDeps,
  landlordId: number,
  input: UnitInput,
  who: { staff: StaffIdentity; now: Date },
): Promise<string> {
  const { rentcode, kept } = await createUnit(deps.db, landlordId, input, {
    now: who.now,
    grantsReach: true,
    addedBy: who.staff.username,
    onCreated: async (tx, created) => {
      const after = await unitLandlordFacts(tx, created);
      return after ? keepUnitChangeNotice(tx, 'added', { ...who, rentcode: created, after }) : null;
    },
  });
  if (kept) void deliverStatusNotice(deps, kept);
  return rentcode;
}
