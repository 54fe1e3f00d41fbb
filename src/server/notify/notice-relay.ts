import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows-of';
import type { MessageChannel } from './message';
import { PORTAL_NAME } from './otp-message';
import { carriersOf, deliverStatusNotice, keptNotice, type StatusNoticeDeps } from './status-notice';

// The relay of status notices a process left behind (docs/notifications.md, "Delivery after the commit"). A step
// keeps its notice in outbox_messages in its own statement and hands it to the carrier after the commit; a process
// that dies in between leaves the row kept but never handed over (transport 'outbox', no delivered_at, no error).
// The relay finds such rows and hands them over, once: a row is claimed (error 'relaying') by one statement that
// skips rows another relay holds, so two replicas never send one notice twice.

/** How old a kept notice must be before the relay takes it: well past the carrier's own timeouts (40 s at most). */
export const RELAY_GRACE_MS = 2 * 60_000;
/** Older notices are news no more: a landlord is not sent last week's step. */
export const RELAY_WINDOW_MS = 24 * 60 * 60_000;
const RELAY_BATCH = 50;
const CLAIM_MARK = 'relaying';

/**
 * Only notices are relayed, by their subjects: an application's status, an official's change to a landlord's rental
 * unit (services/rental-unit-notices.ts) or to a citizen's record (services/record-change-notice.ts). An OTP message
 * that missed its moment is useless (and expired).
 */
export const RELAYED_SUBJECTS = [
  `${PORTAL_NAME}: application % status`,
  `${PORTAL_NAME}: rental unit % changed`,
  `${PORTAL_NAME}: your record changed`,
];

export interface RelayOutcome {
  sent: number;
  failed: number;
}

/** The channels with a carrier configured: the only ones the relay has anything to do for. */
function carriedChannels(deps: StatusNoticeDeps): MessageChannel[] {
  const carriers = carriersOf(deps);
  return (Object.keys(carriers) as MessageChannel[]).filter((channel) => carriers[channel]);
}

/**
 * Hands every status notice kept between RELAY_WINDOW_MS and RELAY_GRACE_MS ago and never handed over to its
 * channel's carrier. Channels without a carrier are left alone (the outbox row is their delivery).
 */
export async function relayKeptNotices(deps: StatusNoticeDeps, now: Date): Promise<RelayOutcome> {
  const channels = carriedChannels(deps);
  if (channels.length === 0) return { sent: 0, failed: 0 };
  const claimed = rowsOf<{ id: number; channel: string; recipient: string; subject: string; body: string }>(
    await deps.db.execute(sql`
      update outbox_messages set error = ${CLAIM_MARK}
      where id in (
        select id from outbox_messages
        where transport = 'outbox' and delivered_at is null and error is null
          and channel in (${sql.join(
            channels.map((c) => sql`${c}`),
            sql`, `,
          )})
          and (${sql.join(
            RELAYED_SUBJECTS.map((subject) => sql`subject like ${subject}`),
            sql` or `,
          )})
          and created_at <= ${new Date(now.getTime() - RELAY_GRACE_MS).toISOString()}::timestamptz
          and created_at > ${new Date(now.getTime() - RELAY_WINDOW_MS).toISOString()}::timestamptz
        order by id
        limit ${RELAY_BATCH}
        for update skip locked
      )
      returning id, channel, recipient, subject, body`),
  );
  let sent = 0;
  for (const row of claimed) {
    const outcome = await deliverStatusNotice(deps, keptNotice(row));
    if (outcome.delivered) sent += 1;
  }
  return { sent, failed: claimed.length - sent };
}

/**
 * Runs the relay now and then every `everyMs` while the server lives (only when a carrier is configured). The
 * returned function stops it. A failed pass is logged and the next one tries again.
 */
export function startNoticeRelay(
  deps: StatusNoticeDeps,
  options: { everyMs?: number; now?: () => Date } = {},
): () => void {
  if (carriedChannels(deps).length === 0) return () => {};
  const now = options.now ?? (() => new Date());
  const pass = () =>
    relayKeptNotices(deps, now())
      .then(({ sent, failed }) => {
        if (sent + failed > 0)
          deps.log?.(`Notice relay: ${sent} kept notice(s) handed over, ${failed} refused.`);
      })
      .catch((err: unknown) => deps.log?.(`Notice relay pass failed: ${String(err)}`));
  void pass();
  const timer = setInterval(() => void pass(), options.everyMs ?? 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
