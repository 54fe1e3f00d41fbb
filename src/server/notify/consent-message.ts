import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { outboxMessages } from '../db/schema';
import type { MessageChannel, OutgoingMessage } from './message';
import { finishDelivery } from './outbox';
import { PORTAL_NAME } from './otp-message';
import { carriersOf, type StatusNoticeDeps } from './status-notice';

// The tenant's consent code for an application (docs/tenant-consent.md), and the landlord's for a rental unit an
// official added in its name (docs/reach.md): the messages, kept in the
// outbox inside the transaction that makes the code (so the two commit together), handed to the carrier after
// the commit. Like an OTP, the outbox keeps the clear code only where the outbox is the delivery (demo mode with
// no carrier for the channel); otherwise it keeps the text with the code masked.

export interface ConsentMessageFacts {
  applid: number;
  landlordName: string;
  landlordEpic: string;
  unitAddress: string;
  minutes: number;
  /** The office that made the application ('Laitumkhrah (PS1701001LA01W01)'), or null when the landlord did. */
  office: string | null;
}

/** What the tenant reads: who asks, for which home, and when (not) to give the code. */
export function consentMessage(
  destination: { channel: MessageChannel; to: string },
  facts: ConsentMessageFacts,
  code: string,
): OutgoingMessage {
  // An office application names the office that asks (the official enters the code), and the landlord as the
  // tenancy's other party (a phone stranger's finding: the message told the tenant to give it to the landlord).
  const asker = facts.office
    ? `the office ${facts.office}`
    : `the landlord ${facts.landlordName} (EPIC ${facts.landlordEpic})`;
  const tenancy = facts.office
    ? `${facts.unitAddress}, let by ${facts.landlordName} (EPIC ${facts.landlordEpic})`
    : facts.unitAddress;
  const giveTo = facts.office ? 'the official at that office' : 'the landlord';
  const text = (shown: string) =>
    `${PORTAL_NAME}: ${asker} has started police verification application ${facts.applid} naming you as the ` +
    `tenant of ${tenancy}. Your consent code is ${shown}; it is valid for ${facts.minutes} minutes and for this ` +
    `application only. Give this code to ${giveTo} only if you agree to police verification for this tenancy. ` +
    `If you did not expect this, do not share it.`;
  return {
    ...destination,
    subject: `${PORTAL_NAME}: consent to police verification`,
    text: text(code),
    redactedText: text('*'.repeat(code.length)),
  };
}

export interface UnitConsentMessageFacts {
  rentcode: string;
  /** The office that added the unit: its name and code ('Laitumkhrah (PS1701001LA01W01)'). */
  office: string;
  unitAddress: string;
  minutes: number;
}

/**
 * What the landlord reads when an official adds a rental unit in its name without reaching it (docs/reach.md):
 * which office, which unit, and when (not) to give the code.
 */
export function unitConsentMessage(
  destination: { channel: MessageChannel; to: string },
  facts: UnitConsentMessageFacts,
  code: string,
): OutgoingMessage {
  const text = (shown: string) =>
    `${PORTAL_NAME}: the office ${facts.office} has added the rental unit ${facts.rentcode} at ` +
    `${facts.unitAddress} in your name. Your consent code is ${shown}; it is valid for ${facts.minutes} minutes ` +
    `and for this rental unit only. Give this code to the official only if you own this unit. If you did not ` +
    `expect this, do not share it.`;
  return {
    ...destination,
    subject: `${PORTAL_NAME}: a rental unit added in your name`,
    text: text(code),
    redactedText: text('*'.repeat(code.length)),
  };
}

/** A consent message kept in the outbox, with the clear text the carrier (if any) is given after the commit. */
export interface KeptConsentMessage {
  outboxId: number;
  message: OutgoingMessage;
}

type DeliveryDeps = StatusNoticeDeps & { config: StatusNoticeDeps['config'] & Pick<Config, 'MRSS_DEMO'> };

/** Keeps the message in the outbox with `tx`: the clear text when the outbox is its delivery, else masked. */
export async function keepConsentMessage(
  tx: Db | Tx,
  deps: DeliveryDeps,
  message: OutgoingMessage,
  now: Date,
): Promise<KeptConsentMessage> {
  const carrier = carriersOf(deps)[message.channel];
  const outboxDelivers = !carrier && deps.config.MRSS_DEMO;
  const [row] = await tx
    .insert(outboxMessages)
    .values({
      channel: message.channel,
      recipient: message.to,
      subject: message.subject,
      body: outboxDelivers ? message.text : (message.redactedText ?? message.text),
      createdAt: now,
      transport: carrier?.transport ?? 'outbox',
    })
    .returning({ id: outboxMessages.id });
  return { outboxId: row.id, message };
}

/**
 * After the commit: hands the clear message to its channel's carrier and records the outcome on the outbox row.
 * Without a carrier the readable outbox (demo mode) is the delivery; outside demo the message cannot be delivered.
 * Never throws; false when the message did not reach anyone.
 */
export async function deliverConsentMessage(deps: DeliveryDeps, kept: KeptConsentMessage): Promise<boolean> {
  const now = () => deps.clock.now();
  const carrier = carriersOf(deps)[kept.message.channel];
  try {
    if (!carrier) {
      if (deps.config.MRSS_DEMO) return true;
      const error = `no carrier for ${kept.message.channel} is configured (MRSS_SMTP_URL, MRSS_SMS_WEBHOOK_URL)`;
      await finishDelivery(deps.db, kept.outboxId, { error });
      return false;
    }
    await carrier.deliver(kept.message);
    await finishDelivery(deps.db, kept.outboxId, { deliveredAt: now() });
    return true;
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    deps.log?.(`Consent code message ${kept.outboxId} was not delivered: ${error}`);
    await finishDelivery(deps.db, kept.outboxId, { error }).catch(() => undefined);
    return false;
  }
}
