import type { FastifyRequest } from 'fastify';
import {
  OTP_MESSAGES,
  OTP_REQUEST_LIMIT,
  type OtpSentReply,
  type OtpSubject,
} from '../../contract/otp.contract';
import type { AppDeps } from '../deps';
import type { MessageChannel, Notifier, Transport } from '../notify/message';
import { otpMessage } from '../notify/otp-message';
import { applyDueChannelChange } from '../services/channel-changes/channel-changes.service';
import { subjectKeyOf } from './citizen-keys';
import { countedAddress } from './anonymous-rate-limit';
import { admitAddressLookup, settleLookup } from './lookup-limit';
import { auditOtp, refuseOtp } from './otp-audit';
import { endOtpChallenge, issueOtpChallenge } from './otp-challenges';
import { claimOtpSend } from './otp-send-limit';
import { trustedOtpDevice } from './otp-device';
import { findOtpRecipient, otpDestination } from './otp-subjects';

/** The spec's message when the identity asked for does not exist (public-portal.md section 8). */
function notFoundMessage(subject: OtpSubject): string {
  return subject === 'landlord' ? OTP_MESSAGES.noLandlord : OTP_MESSAGES.noTenant;
}

/** Where the code went, in the person's words: their email or mobile, or (demo mode, staff) the server's console. */
function sentMessage(channel: MessageChannel, transport: Transport): string {
  if (transport === 'operator-console') return OTP_MESSAGES.sentToOperatorConsole;
  return channel === 'email' ? OTP_MESSAGES.sentByEmail : OTP_MESSAGES.sentBySms;
}

/**
 * Claims one send from the person's budget (otp-send-limit.ts), or refuses with the 429 that every OTP request
 * answers alike, audited under `auditKey` (null: a staff username that names no account).
 */
async function claimSendOrRefuse(
  deps: AppDeps,
  request: FastifyRequest,
  send: { lookupId: number; budgetKey: string; auditKey: string | null; now: Date; trusted?: boolean },
): Promise<void> {
  const claim = await claimOtpSend(
    deps,
    send.lookupId,
    send.budgetKey,
    countedAddress(request),
    send.now,
    send.trusted,
  );
  if (claim.ok) return;
  await refuseOtp(deps, request, {
    status: 429,
    message: OTP_MESSAGES.tooManySends(claim.retryAfterMinutes),
    remark: 'OTP refused: too many OTP requests for this person (from this address, or from all in a day)',
    subjectKey: send.auditKey,
  });
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
  const { clock } = deps;
  const lookupId = await admitAddressLookup(deps, request, `${OTP_REQUEST_LIMIT} (${subject})`);
  const found = await findOtpRecipient(deps.db, subject, id);
  // A held change of the person's channel that fell due takes effect before the code is sent anywhere.
  const recipient =
    found && (await applyDueChannelChange(deps, found.scope))
      ? await findOtpRecipient(deps.db, subject, id)
      : found;
  if (subject === 'user' && !recipient?.email?.trim()) {
    // A staff username answers alike whether it names an account or not (no listing of staff usernames).
    return answerStaffAlike(deps, request, lookupId, recipient ? subjectKeyOf(recipient.scope) : null, id);
  }
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
      message: OTP_MESSAGES.notSent,
      remark: 'OTP refused: no email address or mobile number on record',
      subjectKey,
    });
  }

  const now = clock.now();
  // The person's own browser (it once entered a right code) has a send budget strangers cannot use up.
  const deviceId = await trustedOtpDevice(deps.db, request, subjectKey, now);
  const trusted = deviceId !== null;
  await claimSendOrRefuse(deps, request, {
    lookupId,
    budgetKey: subjectKey,
    auditKey: subjectKey,
    now,
    trusted,
  });

  // A trusted browser's code is its own: a send by anyone else from the same address does not end it.
  const requester = deviceId ? `device:${deviceId}` : countedAddress(request);
  const issued = await issueOtpChallenge(deps.db, subjectKey, requester, now);
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

/**
 * How a staff code leaves this server (notifier.ts): SMTP when configured, else the operator's console in demo
 * mode, else it cannot (null: the known account is answered 503, and so is an unknown one).
 */
function staffOtpTransport(deps: AppDeps): Transport | null {
  if (deps.config.MRSS_SMTP_URL) return 'smtp';
  return deps.config.MRSS_DEMO ? 'operator-console' : null;
}

/**
 * The reply to a staff username that names no active account with an email address, made to look like the
 * reply of one that does (docs/otp-and-citizen-keys.md): the caller's address has paid for the lookup; the name's
 * send budget is claimed as a real account's would be (`user:<name>`, so guessing one name is refused 429 alike);
 * a challenge is issued for the reply's shape and ended at once (no code exists anywhere); nothing is sent. The
 * audit line keeps the truth.
 */
async function answerStaffAlike(
  deps: AppDeps,
  request: FastifyRequest,
  lookupId: number,
  accountKey: string | null,
  typed: string,
): Promise<OtpSentReply> {
  const truth = accountKey
    ? 'OTP not sent: no email address on record for this account (answered as if sent)'
    : 'OTP not sent: no user with this username (answered as if sent)';
  const transport = staffOtpTransport(deps);
  if (!transport) {
    await settleLookup(deps, lookupId, accountKey, accountKey ? 'lookup' : 'unknown');
    return refuseOtp(deps, request, {
      status: 503,
      message: OTP_MESSAGES.notSent,
      remark: truth,
      subjectKey: accountKey,
    });
  }
  const budgetKey = accountKey ?? subjectKeyOf({ kind: 'user', username: typed.trim() });
  const now = deps.clock.now();
  await claimSendOrRefuse(deps, request, { lookupId, budgetKey, auditKey: accountKey, now });
  const issued = await issueOtpChallenge(deps.db, budgetKey, countedAddress(request), now);
  await endOtpChallenge(deps.db, issued.challengeId, now);
  await auditOtp(deps, request, truth, accountKey, 'refusal');
  return {
    message: sentMessage('email', transport),
    channel: 'email',
    expiresAt: issued.expiresAt.toISOString(),
    challenge: issued.token,
  };
}
