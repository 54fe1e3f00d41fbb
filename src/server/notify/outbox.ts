import { and, desc, eq } from 'drizzle-orm';
import { OUTBOX_PAGE_SIZE, type OutboxEntry } from '../../contract/otp.contract';
import type { Db } from '../db/client';
import { outboxMessages } from '../db/schema';
import type { OutgoingMessage, Transport } from './message';

/** A carrier's error is cut to this length: it is for the operator, and must not bloat the row. */
const MAX_ERROR = 500;

/** Writes the message to the outbox and returns its id. */
export async function keepInOutbox(
  db: Db,
  message: OutgoingMessage,
  transport: Transport,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(outboxMessages)
    .values({
      channel: message.channel,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      createdAt: now,
      transport,
      readable: !message.keepOutOfOutbox,
    })
    .returning({ id: outboxMessages.id });
  return row.id;
}

/** Records the outcome of the hand-over to SMTP or the SMS gateway. */
export async function finishDelivery(
  db: Db,
  id: number,
  outcome: { deliveredAt: Date } | { error: string },
): Promise<void> {
  const set =
    'deliveredAt' in outcome
      ? { deliveredAt: outcome.deliveredAt, error: null }
      : { error: outcome.error.slice(0, MAX_ERROR) };
  await db.update(outboxMessages).set(set).where(eq(outboxMessages.id, id));
}

/**
 * The newest messages, optionally only those to one address or number (the development outbox). Messages to staff
 * accounts are never listed, not even masked (their rows say `readable = false`).
 */
export async function readOutbox(db: Db, to?: string): Promise<OutboxEntry[]> {
  const readable = eq(outboxMessages.readable, true);
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(to ? and(readable, eq(outboxMessages.recipient, to)) : readable)
    .orderBy(desc(outboxMessages.id))
    .limit(OUTBOX_PAGE_SIZE);
  return rows.map((row) => ({
    to: row.recipient,
    channel: row.channel,
    subject: row.subject,
    text: row.body,
    createdAt: row.createdAt.toISOString(),
  }));
}
