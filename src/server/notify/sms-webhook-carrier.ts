import type { Carrier } from './message';

/** The gateway must answer within this time; the citizen is waiting for the reply of Get OTP. */
export const SMS_WEBHOOK_TIMEOUT_MS = 5_000;

/**
 * SMS through a gateway's webhook (MRSS_SMS_WEBHOOK_URL): one POST of JSON {to, text}; any 2xx answer is a
 * hand-over, anything else (or no answer within 5 s) a failure recorded in the outbox.
 */
export function smsWebhookCarrier(url: string): Carrier {
  return {
    transport: 'sms-webhook',
    async deliver(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: message.to, text: message.text }),
        signal: AbortSignal.timeout(SMS_WEBHOOK_TIMEOUT_MS),
      });
      // The body is not needed; reading it frees the connection.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
    },
  };
}
