import { and, eq, gt, isNull, lte, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { jurisdictionLevelOf } from '../../../../machines/application/jurisdiction';
import {
  CHANNEL_CHANGE_MESSAGES,
  type PendingChannelChange,
} from '../../../contract/channel-changes.contract';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { channelChanges, logRecords } from '../../db/schema';
import { HttpError } from '../../http/errors';
import {
  editWhat,
  indianDateTime,
  maskEmail,
  maskMobile,
  sendChannelNotice,
} from '../../notify/channel-notice';
import { auditContext, auditValues, type AuditKind } from '../../security/audit-log';
import {
  channelRefOf,
  revokeOtherCitizenKeys,
  subjectIdOf,
  subjectKeyOf,
  type CitizenScope,
} from '../../security/citizen-keys';
import type { StaffIdentity } from '../../security/sessions';
import { TABLE_OF_LEVEL } from '../staff-users.service';
import { isUniqueViolation } from '../tenants-shape';
import { channelEditBetween, channelOf, writeChannel, type Channel, type ChannelEdit } from './channel-of';

// Held changes of a person's OTP channel (docs/otp-channel-changes.md). Only the person moves its own channel at
// once; anyone else's change waits MRSS_CHANNEL_CHANGE_WAIT_MS in channel_changes while the current channel is
// told, and the person may stop it. A due change is applied lazily where the channel is read (the OTP request, the
// record, the pending-change call) by one statement that claims it, so any number of replicas apply it once and
// no process keeps a timer.

type ChangeRow = typeof channelChanges.$inferSelect;

function pendingFor(subject: CitizenScope): SQL {
  return and(
    eq(channelChanges.subjectKind, subject.kind),
    eq(channelChanges.subjectId, subjectIdOf(subject)),
    isNull(channelChanges.appliedAt),
    isNull(channelChanges.stoppedAt),
  )!;
}

/** Closes the subject's pending change, if any, naming why (in the caller's transaction). */
export async function stopPendingChange(
  db: Db,
  subject: CitizenScope,
  at: Date,
  stoppedBy: string,
): Promise<void> {
  await db.update(channelChanges).set({ stoppedAt: at, stoppedBy }).where(pendingFor(subject));
}

function editOf(row: ChangeRow): ChannelEdit {
  return {
    ...(row.setsMobile ? { mobile: row.newMobile } : {}),
    ...(row.setsEmail ? { email: row.newEmail } : {}),
  };
}

/** Who asked, as the notices and the person's view say it. */
function askedBy(
  row: Pick<ChangeRow, 'subjectKind' | 'subjectId' | 'requestedBy' | 'requestedRole' | 'requestedOffice'>,
): string {
  if (row.subjectKind === 'user')
    return row.requestedBy.toLowerCase() === row.subjectId.toLowerCase()
      ? `you (signed in as ${row.requestedBy})`
      : `administrator ${row.requestedBy}`;
  if (row.requestedRole === ANONYMOUS_REGISTRATION.role) return ANONYMOUS_ASKER;
  return `an official of ${row.requestedOffice}`;
}

/** Who asks for a held change: an official (or administrator) with its office, or an anonymous registration. */
export interface Requester {
  by: string;
  role: string;
  office: string;
}

/** The registrant of a deleted tenant's ID number on the public form (docs/otp-channel-changes.md). */
export const ANONYMOUS_REGISTRATION: Requester = {
  by: 'anonymous registration',
  role: 'anonymous',
  office: 'the public registration form',
};
const ANONYMOUS_ASKER = 'someone registering your ID number again on the public portal';

/** The signed-in official as a requester, or null when the caller is no official. */
export async function staffRequester(db: Db, request: FastifyRequest): Promise<Requester | null> {
  const staff = request.staff;
  if (!staff) return null;
  return { by: staff.username, role: staff.role, office: await officeOf(db, staff) };
}

function pendingView(row: ChangeRow): PendingChannelChange {
  return {
    what: editWhat(editOf(row)),
    newMobile: row.setsMobile ? maskMobile(row.newMobile) : null,
    newEmail: row.setsEmail ? maskEmail(row.newEmail) : null,
    requestedBy: askedBy(row),
    requestedAt: row.requestedAt.toISOString(),
    effectiveAt: row.effectiveAt.toISOString(),
    effectiveAtText: indianDateTime(row.effectiveAt),
    ...(row.checkedInPerson ? { checkedInPerson: true } : {}),
  };
}

/** The official's office in words: "Laitumkhrah Ward 1 (PS1701001LA01W01)". */
export async function officeOf(db: Db, staff: StaffIdentity): Promise<string> {
  const level = jurisdictionLevelOf(staff.usercode);
  if (!level) return staff.usercode;
  const table = TABLE_OF_LEVEL[level];
  const [row] = await db.select({ name: table.name }).from(table).where(eq(table.code, staff.usercode));
  return row ? `${row.name} (${staff.usercode})` : staff.usercode;
}

async function audit(
  db: Db,
  request: FastifyRequest | null,
  entry: { kind: AuditKind; username: string | null; remark: string; at: Date },
): Promise<void> {
  await db.insert(logRecords).values({
    ...auditValues({ ip: null, url: 'channel change', ...(request ? auditContext(request) : {}), ...entry }),
    logdt: entry.at,
  });
}

/**
 * Applies the subject's held change when it is due: one UPDATE claims it (applied_at set only where still
 * pending and due), the channel is written in the same transaction, and the channel it replaces is told after.
 * True when a change was applied now.
 */
export async function applyDueChannelChange(deps: AppDeps, subject: CitizenScope): Promise<boolean> {
  const now = deps.clock.now();
  const due = and(pendingFor(subject), lte(channelChanges.effectiveAt, now));
  // The common case (nothing due) costs one indexed read and no transaction.
  const [any] = await deps.db.select({ id: channelChanges.id }).from(channelChanges).where(due).limit(1);
  if (!any) return false;
  const applied = await deps.db.transaction(async (tx) => {
    const [row] = await tx.update(channelChanges).set({ appliedAt: now }).where(due).returning();
    if (!row) return null;
    const before = await channelOf(tx, subject);
    if (!before) return null;
    await writeChannel(tx, subject, editOf(row), now);
    await audit(tx, null, {
      kind: 'other',
      username: row.requestedBy,
      remark: `Held change ${row.id} of the ${editWhat(editOf(row))} of ${subjectKeyOf(subject)} took effect (asked by ${row.requestedBy} on ${indianDateTime(row.requestedAt)})`,
      at: now,
    });
    return { row, before };
  });
  if (!applied) return false;
  await sendChannelNotice(deps.notifier, applied.before, {
    kind: 'applied',
    edit: editOf(applied.row),
    askedBy: askedBy(applied.row),
    requestedAt: applied.row.requestedAt,
    at: now,
    staff: subject.kind === 'user',
  });
  return true;
}

/** The subject's pending change (a due one is applied first), or null. */
export async function pendingChannelChange(
  deps: AppDeps,
  subject: CitizenScope,
): Promise<PendingChannelChange | null> {
  await applyDueChannelChange(deps, subject);
  const [row] = await deps.db.select().from(channelChanges).where(pendingFor(subject));
  return row ? pendingView(row) : null;
}

/** True when the request's caller is the subject itself: its own key, or (a staff account) its own session. */
/**
 * A key bought through a channel that is no longer the person's (the person moved it since, or an official's held
 * change took effect) may not move it again: whoever held the old phone or mailbox must not take the new one over
 * (pen-test round 2, 27-11-2026). The person signs in again through the current channel.
 */
function refuseKeyFromOldChannel(request: FastifyRequest, current: Channel): void {
  const bought = request.citizen?.channelRef;
  if (bought && bought !== channelRefOf(current))
    throw new HttpError(403, CHANNEL_CHANGE_MESSAGES.oldChannelKey);
}

/**
 * A landlord's or tenant's change with its own key applies at once. A staff member's change of its own email is
 * held like an administrator's (pen-test round 2, staff side, its F6): a session token is not proof of the mailbox,
 * and a stolen token must not move the account's recovery address at once.
 */
function isOwnChange(request: FastifyRequest, subject: CitizenScope): boolean {
  return request.citizen !== undefined && subjectKeyOf(request.citizen.scope) === subjectKeyOf(subject);
}

/**
 * Stores a held change asked by `requester` (replacing a pending one), logs it naming the requester and tells the
 * current channel.
 */
export async function holdChannelChange(
  deps: AppDeps,
  request: FastifyRequest,
  requester: Requester,
  subject: CitizenScope,
  current: Channel,
  edit: ChannelEdit,
  options: { checkedInPerson?: boolean } = {},
): Promise<PendingChannelChange> {
  const now = deps.clock.now();
  const { by, role, office } = requester;
  const checkedInPerson = options.checkedInPerson ?? false;
  const values = {
    subjectKind: subject.kind,
    subjectId: subjectIdOf(subject),
    setsMobile: 'mobile' in edit,
    newMobile: edit.mobile ?? null,
    setsEmail: 'email' in edit,
    newEmail: edit.email ?? null,
    requestedBy: by,
    requestedRole: role,
    requestedOffice: office,
    requestedAt: now,
    effectiveAt: new Date(now.getTime() + deps.config.MRSS_CHANNEL_CHANGE_WAIT_MS),
    checkedInPerson,
  };
  const hold = () =>
    deps.db.transaction(async (tx) => {
      const replaced = await tx
        .update(channelChanges)
        .set({ stoppedAt: now, stoppedBy: `replaced by ${by}` })
        .where(pendingFor(subject))
        .returning({ id: channelChanges.id });
      const [row] = await tx.insert(channelChanges).values(values).returning();
      const replacing = replaced.length > 0 ? `, replacing change ${replaced[0].id}` : '';
      await audit(tx, request, {
        kind: subject.kind === 'user' ? 'admin' : 'other',
        username: by,
        remark:
          `Asked to change the ${editWhat(edit)} of ${subjectKeyOf(subject)} (${role}, ${office})` +
          `${checkedInPerson ? ' after checking the identity document at the counter (contested record)' : ''}: ` +
          `held as change ${row.id} until ${indianDateTime(row.effectiveAt)}${replacing}; the current channel was told`,
        at: now,
      });
      return row;
    });
  // Two requests at once: the pending index lets one in; the other replaces it on its second try.
  const row = await hold().catch((err: unknown) => {
    if (isUniqueViolation(err)) return hold();
    throw err;
  });
  await sendChannelNotice(deps.notifier, current, {
    kind: 'held',
    edit,
    askedBy: askedBy(row),
    effectiveAt: row.effectiveAt,
    staff: subject.kind === 'user',
    ...(checkedInPerson ? { checkedAt: office } : {}),
  });
  return pendingView(row);
}

/** The person changed its own channel: a pending change by someone else is void, the old channel is told. */
async function noteOwnChannelChange(
  deps: AppDeps,
  request: FastifyRequest,
  subject: CitizenScope,
  previous: Channel,
  edit: ChannelEdit,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const voided = await tx
      .update(channelChanges)
      .set({ stoppedAt: now, stoppedBy: `${subjectKeyOf(subject)} (changed it itself)` })
      .where(pendingFor(subject))
      .returning({ id: channelChanges.id });
    await audit(tx, request, {
      kind: 'other',
      username: subject.kind === 'user' ? subject.username : subjectKeyOf(subject),
      remark:
        `${subjectKeyOf(subject)} changed its own ${editWhat(edit)}; the previous channel was told` +
        (voided.length > 0 ? ` (held change ${voided[0].id} voided)` : ''),
      at: now,
    });
    // The person's other keys were bought through the channel it left: they end (this one stays).
    if (request.citizen) await revokeOtherCitizenKeys(tx, request.citizen, now);
  });
  await sendChannelNotice(deps.notifier, previous, {
    kind: 'own',
    edit,
    at: now,
    staff: subject.kind === 'user',
  });
}

export interface ChannelUpdate {
  /** True when the update may write the channel columns itself: no change, or the person's own. */
  writesChannel: boolean;
  /** After the rest of the update is written: tells the channel, logs, and holds an other's change. */
  settle(): Promise<PendingChannelChange | null>;
}

/**
 * The channel part of an update of `subject` that wants `wanted`: call before the update is written (a due held
 * change is applied first, so `current` is what is in force), write the channel columns only when
 * `writesChannel`, then `settle()`. Returns null when the subject does not exist.
 */
export async function planChannelUpdate(
  deps: AppDeps,
  request: FastifyRequest,
  subject: CitizenScope,
  wanted: Partial<Channel>,
): Promise<ChannelUpdate | null> {
  await applyDueChannelChange(deps, subject);
  const current = await channelOf(deps.db, subject);
  if (!current) return null;
  const edit = channelEditBetween(current, wanted);
  if (!edit) return { writesChannel: true, settle: () => Promise.resolve(null) };
  if (isOwnChange(request, subject)) {
    refuseKeyFromOldChannel(request, current);
    return {
      writesChannel: true,
      settle: () => noteOwnChannelChange(deps, request, subject, current, edit).then(() => null),
    };
  }
  // Only officials reach here (a key reaches its own record only, whose change is its own).
  const requester = await staffRequester(deps.db, request);
  if (!requester)
    throw new HttpError(403, 'Only the person itself may change its mobile number or email address.');
  return {
    writesChannel: false,
    settle: () => holdChannelChange(deps, request, requester, subject, current, edit),
  };
}

/** The person stops its pending change (a due one has applied already and cannot be stopped). 404 when none. */
export async function stopChannelChange(
  deps: AppDeps,
  request: FastifyRequest,
  subject: CitizenScope,
): Promise<void> {
  await applyDueChannelChange(deps, subject);
  const now = deps.clock.now();
  const [counter] = await deps.db
    .select()
    .from(channelChanges)
    .where(and(pendingFor(subject), eq(channelChanges.checkedInPerson, true)));
  if (counter) {
    throw new HttpError(
      403,
      CHANNEL_CHANGE_MESSAGES.inPersonNoStop(counter.requestedOffice, indianDateTime(counter.effectiveAt)),
    );
  }
  const stopped = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(channelChanges)
      .set({ stoppedAt: now, stoppedBy: subjectKeyOf(subject) })
      .where(
        and(
          pendingFor(subject),
          gt(channelChanges.effectiveAt, now),
          eq(channelChanges.checkedInPerson, false),
        ),
      )
      .returning();
    if (!row) return null;
    await audit(tx, request, {
      kind: 'other',
      username: subject.kind === 'user' ? subject.username : subjectKeyOf(subject),
      remark: `${subjectKeyOf(subject)} stopped held change ${row.id} of its ${editWhat(editOf(row))} (asked by ${row.requestedBy})`,
      at: now,
    });
    return row;
  });
  if (!stopped)
    throw new HttpError(
      404,
      CHANNEL_CHANGE_MESSAGES.nonePending(subject.kind === 'user' ? 'staff' : 'citizen'),
    );
}
