import type { Clock } from '../app';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { finishDelivery, keepInOutbox } from './outbox';
import { smtpCarrier } from './smtp-carrier';
import { smsWebhookCarrier } from './sms-webhook-carrier';

// OTP delivery and, later, status notifications behind one interface (docs/otp-and-citizen-keys.md, "Delivery").
// Every message is kept in outbox_messages first, whatever carries it: the outbox is the record of what was sent,
// the development inbox outside production, and the place an operator reads why a hand-over failed.

export type MessageChannel = 'email' | 'sms';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** An email address or a mobile number. */
  to: string;
  subject: string;
  text: string;
  /**
   * The text as the outbox keeps it when a carrier delivers the message: secrets (an OTP) masked, so that reading
   * the table gives no live code. Without a carrier the outbox is the delivery and keeps `text` itself.
   */
  redactedText?: string;
}

export type Transport = 'outbox' | 'smtp' | 'sms-webhook';

export interface Delivery {
  outboxId: number;
  transport: Transport;
  /** False when a configured carrier refused or did not answer; `error` says why (for the operator only). */
  delivered: boolean;
  error?: string;
}

export interface Notifier {
  send(message: OutgoingMessage): Promise<Delivery>;
}

/** Hands a message on to the world: SMTP for email, the gateway webhook for SMS. Throws when it could not. */
export interface Carrier {
  transport: Exclude<Transport, 'outbox'>;
  deliver(message: OutgoingMessage): Promise<void>;
}

export interface NotifierDeps {
  db: Db;
  config: Config;
  clock?: Clock;
}

/**
 * The notifier the configuration asks for: email through SMTP when MRSS_SMTP_URL is set, SMS through the gateway
 * when MRSS_SMS_WEBHOOK_URL is set; a channel without a carrier stays in the outbox only.
 */
export function createNotifier(deps: NotifierDeps): Notifier {
  const { config } = deps;
  return outboxNotifier(deps, {
    email: config.MRSS_SMTP_URL ? smtpCarrier(config.MRSS_SMTP_URL, config.MRSS_SMTP_FROM) : undefined,
    sms: config.MRSS_SMS_WEBHOOK_URL ? smsWebhookCarrier(config.MRSS_SMS_WEBHOOK_URL) : undefined,
  });
}

/** Keeps each message in the outbox, then hands it to the channel's carrier (if any) and records the outcome. */
export function outboxNotifier(
  deps: { db: Db; clock?: Clock },
  carriers: Partial<Record<MessageChannel, Carrier>>,
): Notifier {
  const now = () => (deps.clock ?? { now: () => new Date() }).now();
  return {
    async send(message) {
      const carrier = carriers[message.channel];
      const transport = carrier?.transport ?? 'outbox';
      const kept = carrier ? { ...message, text: message.redactedText ?? message.text } : message;
      const outboxId = await keepInOutbox(deps.db, kept, transport, now());
      if (!carrier) return { outboxId, transport, delivered: true };
      try {
        await carrier.deliver(message);
        await finishDelivery(deps.db, outboxId, { deliveredAt: now() });
        return { outboxId, transport, delivered: true };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        await finishDelivery(deps.db, outboxId, { error });
        return { outboxId, transport, delivered: false, error };
      }
    },
  };
}
