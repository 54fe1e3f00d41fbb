import { hasOtpCarrier, publicUrl, type Config } from './config';

// What the operator must know about this start before anyone uses it (docs/demo-and-production.md): printed by
// main.ts under the "serving on" line, loud on purpose.

const RULE = '!'.repeat(78);

/**
 * The warnings for this configuration, each one block of lines; none for a complete production configuration.
 * `servingOn` is where the server listens (PORT=0 picks a port), used when MRSS_PUBLIC_URL is not set.
 */
export function startNotes(config: Config, servingOn?: string): string[] {
  const address = config.MRSS_PUBLIC_URL || !servingOn ? publicUrl(config) : servingOn;
  const notes: string[] = [];
  if (config.MRSS_DEMO) {
    notes.push(
      [
        RULE,
        '!! DEMONSTRATION MODE (MRSS_DEMO): every one-time password a citizen asks for is readable by anyone',
        `!! at ${address}/dev/outbox. Demo accounts and a fixed captcha may be on. Do not enter real`,
        '!! personal data, and never expose this server to the public. Staff one-time passwords are not in the',
        '!! outbox: without MRSS_SMTP_URL they are printed here, on this console.',
        RULE,
      ].join('\n'),
    );
  } else if (!hasOtpCarrier(config)) {
    notes.push(
      'WARNING: neither MRSS_SMTP_URL nor MRSS_SMS_WEBHOOK_URL is set: one-time passwords cannot be delivered, ' +
        'so no citizen and no staff password change can get one. Set a carrier, or start the demo with `npm start`.',
    );
  }
  return notes;
}
