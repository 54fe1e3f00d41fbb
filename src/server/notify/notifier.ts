import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { finishDelivery, keepInOutbox } from './outbox';
import { smtpCarrier } from './smtp-carrier';
import { smsWebhookCarrier } from './sms-webhook-carrier';
import type { Carrier, MessageChannel, Notifier } from './message';

// OTP delivery and, later, status notifications behind one interface (docs/otp-and-citizen-keys.md, "Delivery").
// Every message is kept in outbox_messages first, whatever carries it: the outbox is the record of what was sent,
// the inbox anyone can read in demo mode (MRSS_DEMO, docs/demo-and-production.md), and the place an operator reads
// why a hand-over failed. Outside demo a message without a carrier is not delivered: no one can read the outbox.

export interface NotifierDeps {
  db: Db;
  config: Config;
  clock: Clock;
  /** Where demo mode prints what must not be in the outbox; the process's console by default. */
  operatorConsole?: (line: string) => void;
}

/**
 * The notifier the configuration asks for: email through SMTP when MRSS_SMTP_URL is set, SMS through the gateway
 * when MRSS_SMS_WEBHOOK_URL is set. A channel without a carrier is delivered by the readable outbox in demo mode
 * only (and a staff OTP by the operator's console); outside demo it is not delivered.
 */
export function createNotifier(deps: NotifierDeps): Notifier {
  const { config } = deps;
  const carriers = {
    email: config.MRSS_SMTP_URL ? smtpCarrier(config.MRSS_SMTP_URL, config.MRSS_SMTP_FROM) : undefined,
    sms: config.MRSS_SMS_WEBHOOK_URL ? smsWebhookCarrier(config.MRSS_SMS_WEBHOOK_URL) : undefined,
  };
  if (!config.MRSS_DEMO) return outboxNotifier(deps, carriers, { readableOutbox: false });
  return outboxNotifier(deps, carriers, {
    readableOutbox: true,
    operatorConsole: operatorConsoleCarrier(deps.operatorConsole ?? ((line) => console.log(line))),
  });
}

/** Demo mode's way out for a message that must not be readable by anyone: the terminal of whoever runs the server. */
function operatorConsoleCarrier(print: (line: string) => void): Carrier {
  return {
    transport: 'operator-console',
    deliver(message) {
      print(
        `\n[operator console] No mail server is configured, and this message is never put in the readable outbox.` +
          `\n  To: ${message.to} (${message.channel})\n  ${message.text}\n`,
      );
      return Promise.resolve();
    },
  };
}

export interface OutboxDelivery {
  /** True in demo mode: a message without a carrier is delivered by anyone reading the outbox. */
  readableOutbox: boolean;
  /** The carrier of last resort for a message kept out of the outbox (demo mode only). */
  operatorConsole?: Carrier;
}

/** Keeps each message in the outbox, then hands it to the channel's carrier (if any) and records the outcome. */
export function outboxNotifier(
  deps: { db: Db; clock: Clock },
  carriers: Partial<Record<MessageChannel, Carrier>>,
  delivery: OutboxDelivery = { readableOutbox: true },
): Notifier {
  const now = () => deps.clock.now();
  return {
    async send(message) {
      const carrier =
        carriers[message.channel] ?? (message.keepOutOfOutbox ? delivery.operatorConsole : undefined);
      const transport = carrier?.transport ?? 'outbox';
      const outboxDelivers = !carrier && delivery.readableOutbox && !message.keepOutOfOutbox;
      const kept = outboxDelivers ? message : { ...message, text: message.redactedText ?? message.text };
      const outboxId = await keepInOutbox(deps.db, kept, transport, now());
      if (outboxDelivers) return { outboxId, transport, delivered: true };
      if (!carrier) {
        const error = `no carrier for ${message.channel} is configured (MRSS_SMTP_URL, MRSS_SMS_WEBHOOK_URL)`;
        await finishDelivery(deps.db, outboxId, { error });
        return { outboxId, transport, delivered: false, error };
      }
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
