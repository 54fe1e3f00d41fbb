import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CHANNEL_CHANGE_MESSAGES,
  type PendingChannelChange,
} from '../../../contract/channel-changes.contract';
import { normalizeIdNumber, type SettleContestBody } from '../../../contract/tenants.contract';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { channelChanges, deletedIdentities, normalizedIdNumber, tenants, users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { sendChannelNotice } from '../../notify/channel-notice';
import { auditContext, writeAuditLog } from '../../security/audit-log';
import type { CitizenKeyReach, CitizenScope } from '../../security/citizen-keys';
import { staffOf } from '../../security/auth-guard';
import {
  applyDueChannelChange,
  holdChannelChange,
  officeOf,
  stopPendingChange,
} from './channel-changes.service';
import { channelEditBetween, channelOf } from './channel-of';

// A contested record (docs/otp-channel-changes.md, "A contested record"): a tenant ID number registered again over
// a deleted record's kept channel, with another mobile or email typed by the registrant. Either side may be the
// person: the kept channel may be a squatter's who registered the ID first, or the person's own whose record an
// official deleted. So while the record is contested, neither reads it online: the registrant's channel is held
// (it has no OTP), and a key bought through the kept channel reaches only that held change (to stop it) and
// logout. The contest ends when a held change applies (the kept channel did not stop it within the wait) or when
// a locality officer who had no part in it checks the person's identity document at the counter.

/** Marks a registration contested (when its registrant's channel was held against the kept one). */
export async function markContested(db: Db, tenantId: number, at: Date): Promise<void> {
  await db.update(tenants).set({ channelContestedAt: at }).where(eq(tenants.id, tenantId));
}

/** Ends a tenant's contest at the counter (an applied held change ends it in writeChannel). */
async function endContest(db: Db, tenantId: number): Promise<void> {
  await db
    .update(tenants)
    .set({ channelContestedAt: null })
    .where(and(eq(tenants.id, tenantId), isNotNull(tenants.channelContestedAt)));
}

/** When the tenant's record is contested, since when; null otherwise (and for landlords and staff). */
export async function contestedSince(db: Db, subject: CitizenScope): Promise<Date | null> {
  if (subject.kind !== 'tenant') return null;
  const [row] = await db
    .select({ at: tenants.channelContestedAt })
    .from(tenants)
    .where(eq(tenants.id, subject.tenantId));
  return row?.at ?? null;
}

/** What a key bought now for `subject` reaches: only the held change while its record is contested. */
export async function keyReachOf(db: Db, subject: CitizenScope): Promise<CitizenKeyReach> {
  return (await contestedSince(db, subject)) ? 'held-change' : 'record';
}

/** The newest deletion of the ID number: who deleted it, and where it answers for (its usercode). */
async function deletionOf(db: Db, epicNo: string): Promise<{ by: string; area: string | null } | null> {
  const [row] = await db
    .select({ by: deletedIdentities.deletedBy, area: deletedIdentities.deletedArea, account: users.usercode })
    .from(deletedIdentities)
    .leftJoin(users, eq(users.username, deletedIdentities.deletedBy))
    .where(
      and(
        eq(deletedIdentities.subjectKind, 'tenant'),
        eq(normalizedIdNumber(deletedIdentities.epicNo), normalizeIdNumber(epicNo)),
      ),
    )
    .orderBy(desc(deletedIdentities.deletedAt), desc(deletedIdentities.id))
    .limit(1);
  // Rows kept before migration 0023 name the area through the deleting account.
  return row ? { by: row.by, area: row.area ?? row.account } : null;
}

/**
 * Who asked a change of this record, ever: the record was made by the registration that contested it, so every
 * change of it is part of the contest, the registration's own held change included (an official who registered
 * the ID again at its counter asked it: re-attack F1, 27-11-2026).
 */
async function askersOf(db: Db, tenantId: number): Promise<string[]> {
  const rows = await db
    .select({ by: channelChanges.requestedBy })
    .from(channelChanges)
    .where(and(eq(channelChanges.subjectKind, 'tenant'), eq(channelChanges.subjectId, String(tenantId))));
  return rows.map((r) => r.by);
}

/**
 * Who may settle: a locality officer over the office that deleted the former record (its usercode contains the
 * deleter's), checked first, from the ID number alone, so that every answer outside that office costs the same one
 * lookup (re-attack N2: a contested ID took longer to refuse than a missing one). The record itself need not be
 * within its reach: an anonymous registration gives no office reach, and settling shows nothing of it.
 */
async function refuseOutsideDeletingOffice(
  db: Db,
  staff: { usercode: string },
  epicNo: string,
): Promise<{ by: string }> {
  const deletion = await deletionOf(db, epicNo);
  // Outside the deleting office it answers as for no contested record (re-attack F4, 27-11-2026).
  if (!deletion?.area || !deletion.area.startsWith(staff.usercode))
    throw new HttpError(404, CHANNEL_CHANGE_MESSAGES.notContested);
  return deletion;
}

/** The officer neither deleted the former record nor asked any change of this one (a second pair of eyes). */
async function refuseParty(
  db: Db,
  staff: { username: string },
  tenantId: number,
  deletion: { by: string },
): Promise<void> {
  const parties = [deletion.by, ...(await askersOf(db, tenantId))];
  if (parties.some((u) => u.toLowerCase() === staff.username.toLowerCase()))
    throw new HttpError(403, CHANNEL_CHANGE_MESSAGES.settlerInvolved);
}

export type SettleOutcome = { kind: 'confirmed' } | { kind: 'held'; change: PendingChannelChange };

/**
 * `POST register/settleContestedTenant` (a locality officer; the route checks the role, this the office):
 * the mobile and email the person gives at the counter. The kept ones end the contest now and are told; others
 * are held like any official's change, told to the kept channel, and no key may stop them.
 */
export async function settleContest(
  deps: AppDeps,
  request: FastifyRequest,
  body: SettleContestBody,
): Promise<SettleOutcome> {
  const staff = staffOf(request);
  const deletion = await refuseOutsideDeletingOffice(deps.db, staff, body.epicNo);
  // A missing record and an uncontested one answer alike: settling is no way to learn who is registered.
  const byIdNumber = eq(normalizedIdNumber(tenants.epicNo), normalizeIdNumber(body.epicNo));
  const [found] = await deps.db.select({ id: tenants.id }).from(tenants).where(byIdNumber);
  if (!found) throw new HttpError(404, CHANNEL_CHANGE_MESSAGES.notContested);
  const tenantId = found.id;
  const subject: CitizenScope = { kind: 'tenant', tenantId };
  // A change that fell due applies first (and ends the contest), so what is judged is what is in force.
  await applyDueChannelChange(deps, subject);
  const since = await contestedSince(deps.db, subject);
  const current = await channelOf(deps.db, subject);
  if (!since || !current) throw new HttpError(404, CHANNEL_CHANGE_MESSAGES.notContested);
  await refuseParty(deps.db, staff, tenantId, deletion);
  const office = await officeOf(deps.db, staff);
  const now = deps.clock.now();
  // An empty email keeps the one on record (re-attack N3: it was read as "remove it", a change no key may stop).
  const wanted = body.email === null ? { mobile: body.mobile } : { mobile: body.mobile, email: body.email };
  const edit = channelEditBetween(current, wanted);
  if (edit) {
    const requester = { by: staff.username, role: staff.role, office };
    const change = await holdChannelChange(deps, request, requester, subject, current, edit, {
      checkedInPerson: true,
    });
    return { kind: 'held', change };
  }
  await deps.db.transaction(async (tx) => {
    await endContest(tx, tenantId);
    // The registrant's held change made the contest; the person at the counter kept its contact, so it ends too
    // (re-attack F2, 27-11-2026: it stayed pending and would have moved the OTPs after the wait).
    await stopPendingChange(tx, subject, now, `settled at the counter by ${staff.username}`);
    await writeAuditLog(tx, {
      ...auditContext(request),
      kind: 'other',
      username: staff.username,
      remark: `Settled contested tenant ${tenantId} at the counter (${staff.role}, ${office}): identity document checked, the kept mobile and email confirmed, the pending change stopped`,
      at: now,
    });
  });
  await sendChannelNotice(deps.notifier, current, {
    kind: 'confirmed',
    askedBy: `an official of ${office}`,
    at: now,
    staff: false,
  });
  return { kind: 'confirmed' };
}
