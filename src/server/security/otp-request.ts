import type { FastifyRequest } from 'fastify';
import { OTP_MESSAGES, type OtpSentReply, type OtpSubject } from '../../contract/otp.contract';
import type { AppDeps, Clock } from '../app';
import type { MessageChannel, Notifier, Transport } from '../notify/notifier';
import { otpMessage } from '../notify/otp-message';
import { applyDueChannelChange } from '../services/channel-changes/channel-changes.service';
import { subjectKeyOf } from './citizen-keys';
import { admitAddressLookup, settleLookup } from './lookup-limit';
import { auditOtp, refuseOtp } from './otp-audit';
import { endOtpChallenge, issueOtpChallenge } from './otp-challenges';
import { claimOtpSend } from './otp-send-limit';
import { findOtpRecipient, otpDestination } from './otp-subjects';

/** The spec's message when the identity asked for does not exist (public-portal.md section 8). */
function notFoundMessage(subject: OtpSubject): string {
  if (subject === 'landlord') return OTP_MESSAGES.noLandlord;
  if (subject === 'user') return OTP_MESSAGES.noUser;
  return OTP_MESSAGES.noTenant;
}

/** Where the code went, in the person's words: their email or mobile, or (demo mode, staff) the server's console. */
function sentMessage(channel: MessageChannel, transport: Transport): string {
  if (transport === 'operator-console') return OTP_MESSAGES.sentToOperatorConsole;
  return channel === 'email' ? OTP_MESSAGES.sentByEmail : OTP_MESSAGES.sentBySms;
}

/**
 * `GET apikey/getOTP/...` (docs/otp-and-citizen-keys.md). In order: the caller's address pays for the lookup
 * whatever it finds (so EPIC lookups cannot cheaply list who is registered); the identity is found; the subject's
 * send limits are claimed; a new challenge replaces the live one; the message goes out through the notifier.
 * A message a configured carrier could not take ends the challenge at once and the person is asked to retry.
 */
export async function requestOtp(
  deps: AppDeps,
  notifier: Notifier,
  request: FastifyRequest,
  subject: OtpSubject,
  id: string,
): Promise<OtpSentReply> {
  const clock: Clock = deps.clock ?? { now: () => new Date() };
  const lookupId = await admitAddressLookup(deps, request, `apikey/getOTP (${subject})`);
  const found = await findOtpRecipient(deps.db, subject, id);
  // A held change of the person's channel that fell due takes effect before the code is sent anywhere.
  const recipient =
    found && (await applyDueChannelChange(deps, found.scope))
      ? await findOtpRecipient(deps.db, subject, id)
      : found;
  if (!recipient) {
    await settleLookup(deps, lookupId, null, 'unknown');
    return refuseOtp(deps, request, {
      status: 404,
      message: notFoundMessage(subject),
      remark: `OTP refused: no ${subject === 'registration' ? 'tenant' : subject} with this ${subject === 'user' ? 'username' : 'number'}`,
      subjectKey: null,
    });
  }
  const subjectKey = subjectKeyOf(recipient.scope);
  const destination = otpDestination(recipient);
  if (!destination) {
    await settleLookup(deps, lookupId, subjectKey, 'lookup');
    return refuseOtp(deps, request, {
      status: 404,
      message: subject === 'user' ? OTP_MESSAGES.noUserEmail : OTP_MESSAGES.notSent,
      remark: 'OTP refused: no email address or mobile number on record',
      subjectKey,
    });
  }

  const now = clock.now();
  const claim = await claimOtpSend(deps, lookupId, subjectKey, now);
  if (!claim.ok) {
    return refuseOtp(deps, request, {
      status: 429,
      message: OTP_MESSAGES.tooManySends(claim.retryAfterMinutes),
      remark: 'OTP refused: too many OTP requests for this person',
      subjectKey,
    });
  }

  const issued = await issueOtpChallenge(deps.db, subjectKey, now);
  // A staff account's code is never readable in the outbox (it changes an official's password): docs/demo-and-production.md.
  const message = {
    ...otpMessage(destination.channel, destination.to, issued.code),
    keepOutOfOutbox: subject === 'user',
  };
  const delivery = await notifier.send(message);
  if (!delivery.delivered) {
    await endOtpChallenge(deps.db, issued.challengeId, clock.now());
    request.log.error({ outboxId: delivery.outboxId, error: delivery.error }, 'OTP delivery failed');
    return refuseOtp(deps, request, {
      status: 503,
      message: OTP_MESSAGES.notSent,
      remark: `OTP not sent: ${delivery.transport} refused the message (outbox ${delivery.outboxId})`,
      subjectKey,
    });
  }
  await auditOtp(
    deps,
    request,
    `OTP sent by ${destination.channel} (${delivery.transport})`,
    subjectKey,
    'otp-issue',
  );
  return {
    message: sentMessage(destination.channel, delivery.transport),
    channel: destination.channel,
    expiresAt: issued.expiresAt.toISOString(),
    challenge: issued.token,
  };
}
