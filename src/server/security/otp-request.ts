import type { FastifyRequest } from 'fastify';
import { OTP_MESSAGES, type OtpSentReply, type OtpSubject } from '../../contract/otp.contract';
import type { AppDeps, Clock } from '../app';
import type { Notifier } from '../notify/notifier';
import { otpMessage } from '../notify/otp-message';
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
  const recipient = await findOtpRecipient(deps.db, subject, id);
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
  const delivery = await notifier.send(otpMessage(destination.channel, destination.to, issued.code));
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
    message: destination.channel === 'email' ? OTP_MESSAGES.sentByEmail : OTP_MESSAGES.sentBySms,
    channel: destination.channel,
    expiresAt: issued.expiresAt.toISOString(),
    challenge: issued.token,
  };
}
