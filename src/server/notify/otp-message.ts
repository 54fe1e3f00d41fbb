import { OTP_TTL_MS } from '../../contract/otp.contract';
import type { MessageChannel, OutgoingMessage } from './message';

/** The portal's name as messages give it. */
export const PORTAL_NAME = 'MRSS Portal';

/**
 * The OTP message: the portal, the code and how long it is valid, and nothing else about the person (an SMS or
 * email may be read by others; the message must not tell them whose records it opens).
 */
export function otpMessage(channel: MessageChannel, to: string, code: string): OutgoingMessage {
  const minutes = OTP_TTL_MS / 60_000;
  const text = (shown: string) =>
    `Your ${PORTAL_NAME} one-time password is ${shown}. It is valid for ${minutes} minutes. Do not share it with anyone.`;
  return {
    channel,
    to,
    subject: `${PORTAL_NAME} one-time password`,
    text: text(code),
    redactedText: text('*'.repeat(code.length)),
  };
}
