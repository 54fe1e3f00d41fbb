import { createTransport } from 'nodemailer';
import type { Carrier } from './message';

/**
 * Seconds to wait for the mail server: a citizen is waiting for the reply of Get OTP, so a dead server must fail
 * the request within seconds (nodemailer's defaults are minutes), and the failure is recorded in the outbox.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Email through an SMTP server (MRSS_SMTP_URL, e.g. smtps://user:pass@smtp.example.org:465), from MRSS_SMTP_FROM. */
export function smtpCarrier(url: string, from: string): Carrier {
  const transporter = createTransport({ url, ...SMTP_TIMEOUTS }, { from });
  return {
    transport: 'smtp',
    async deliver(message) {
      await transporter.sendMail({ to: message.to, subject: message.subject, text: message.text });
    },
  };
}
