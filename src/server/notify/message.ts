// What the notifier carries (docs/otp-and-citizen-keys.md, "Delivery"): a message, the carriers that hand it on
// and the outcome. Types only, so the carriers and the outbox need not import the notifier that uses them.

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
  /**
   * Never readable in the outbox, even in demo (a staff account's OTP: reading it there would let anyone change an
   * official's password; the notices to a staff account's email: listing them would tell which usernames exist).
   * The outbox keeps `redactedText` in a row the demo outbox does not list; with no carrier, demo mode prints it on
   * the operator's console instead, and outside demo it is not delivered.
   */
  keepOutOfOutbox?: boolean;
}

export type Transport = 'outbox' | 'smtp' | 'sms-webhook' | 'operator-console';

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
