import { and, desc, eq, exists, gt, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { PendingChannelChange } from '../../../contract/channel-changes.contract';
import { normalizeIdNumber } from '../../../contract/tenants.contract';
import type { AppDeps } from '../../deps';
import type { Db } from '../../db/client';
import { deletedIdentities, normalizedIdNumber } from '../../db/schema';
import { sendChannelNotice } from '../../notify/channel-notice';
import type { CitizenScope } from '../../security/citizen-keys';
import {
  ANONYMOUS_REGISTRATION,
  holdChannelChange,
  staffRequester,
  stopPendingChange,
} from './channel-changes.service';
import { channelEditBetween, type Channel } from './channel-of';
import { markContested } from './contested-records';

// Deleting a tenant and registering its ID number again must not move the person's one-time passwords at once
// (docs/otp-channel-changes.md, "Deleted and registered again"): the deletion keeps the ID number and the channel
// in force, and tells that channel; a registration of the ID number within a year starts on the kept channel, and
// a different mobile or email typed by the registrant is a held change, told to the kept channel, which stops it
// by signing in. So a deletion is not a way around the held change of an official's update.

/** How long a deleted record's channel is kept for a registration of its ID number. */
export const DELETED_IDENTITY_MEMORY_MS = 365 * 24 * 60 * 60_000;

export interface DeletedIdentity {
  epicNo: string;
  channel: Channel;
  deletedBy: string;
  deletedOffice: string;
  /** The deleting official's usercode. */
  deletedArea: string;
  at: Date;
}

/**
 * In the deleting transaction: keeps the ID number and the channel in force, and closes the record's pending held
 * change (its row goes; a registration again starts from the kept channel).
 */
export async function rememberDeletedTenant(tx: Db, tenantId: number, gone: DeletedIdentity): Promise<void> {
  await tx.insert(deletedIdentities).values({
    subjectKind: 'tenant',
    epicNo: gone.epicNo,
    mobile: gone.channel.mobile,
    email: gone.channel.email,
    deletedAt: gone.at,
    deletedBy: gone.deletedBy,
    deletedOffice: gone.deletedOffice,
    deletedArea: gone.deletedArea,
  });
  await stopPendingChange(tx, { kind: 'tenant', tenantId }, gone.at, `record deleted by ${gone.deletedBy}`);
}

/** After the deletion: the deleted person's channel is told who deleted its record. */
export async function tellTenantDeleted(deps: AppDeps, gone: DeletedIdentity): Promise<void> {
  await sendChannelNotice(deps.notifier, gone.channel, {
    kind: 'deleted',
    idNumber: gone.epicNo,
    askedBy: `an official of ${gone.deletedOffice}`,
    at: gone.at,
    staff: false,
  });
}

/**
 * "A tenant record with this ID number was deleted, ever": the condition that a registration is not the person's
 * first (docs/reach.md). Rows of `deleted_identities` are never purged (the year above bounds the kept channel
 * only), so a counter registration of a deleted ID number never stands for consent, however long ago it went.
 */
export function tenantIdNumberDeleted(db: Db, epicNo: string): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(deletedIdentities)
      .where(
        and(
          eq(deletedIdentities.subjectKind, 'tenant'),
          eq(normalizedIdNumber(deletedIdentities.epicNo), normalizeIdNumber(epicNo)),
        ),
      ),
  );
}

/** The channel of the newest deletion of this ID number within the memory, or null. */
async function keptChannel(deps: AppDeps, epicNo: string): Promise<Channel | null> {
  const since = new Date(deps.clock.now().getTime() - DELETED_IDENTITY_MEMORY_MS);
  const [row] = await deps.db
    .select({ mobile: deletedIdentities.mobile, email: deletedIdentities.email })
    .from(deletedIdentities)
    .where(
      and(
        eq(deletedIdentities.subjectKind, 'tenant'),
        // Any spelling of the same document (VT-760174377, vt760174377/) is the same ID number (tenants-api.md).
        eq(normalizedIdNumber(deletedIdentities.epicNo), normalizeIdNumber(epicNo)),
        gt(deletedIdentities.deletedAt, since),
      ),
    )
    .orderBy(desc(deletedIdentities.deletedAt), desc(deletedIdentities.id))
    .limit(1);
  return row ?? null;
}

export interface RegistrationChannel {
  /** The channel the new record is saved with. */
  initial: Channel;
  /** After the record is saved: holds the registrant's channel when it differs from the kept one. */
  settle(subject: CitizenScope): Promise<PendingChannelChange | null>;
}

/**
 * The channel of a tenant registration of `epicNo` wanting `wanted`: the registrant's own for an ID number no
 * deleted record held within the memory (or one whose kept channel it repeats); otherwise the kept channel, and
 * the registrant's is held, asked by the registering official or by the anonymous registration.
 */
export async function planRegistrationChannel(
  deps: AppDeps,
  request: FastifyRequest,
  epicNo: string,
  wanted: Channel,
): Promise<RegistrationChannel> {
  const kept = await keptChannel(deps, epicNo);
  const edit = kept && channelEditBetween(kept, wanted);
  if (!kept || !edit) return { initial: wanted, settle: () => Promise.resolve(null) };
  const requester = (await staffRequester(deps.db, request)) ?? ANONYMOUS_REGISTRATION;
  return {
    initial: kept,
    settle: async (subject) => {
      const held = await holdChannelChange(deps, request, requester, subject, kept, edit);
      // Either side may be the person: the record is contested until the change applies or a counter settles it.
      if (subject.kind === 'tenant') await markContested(deps.db, subject.tenantId, deps.clock.now());
      return held;
    },
  };
}
