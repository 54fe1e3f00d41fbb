import type { FastifyRequest } from 'fastify';
import {
  OTP_MESSAGES,
  type OtpSubject,
  type ValidateOtpBody,
  type ValidateOtpReply,
} from '../../contract/otp.contract';
import type { AppDeps } from '../deps';
import { citizenKeyLimits } from './citizen-guard';
import {
  channelRefOf,
  hashCitizenKey,
  issueCitizenKey,
  subjectKeyOf,
  type CitizenScope,
} from './citizen-keys';
import { clientIp } from './client-ip';
import { auditOtp, refuseOtp } from './otp-audit';
import { checkOtp, type OtpCheck } from './otp-challenges';
import { claimOtpGuess } from './otp-guess-limit';
import { findOtpRecipient } from './otp-subjects';
import { keyReachOf } from '../services/channel-changes/contested-records';
import { openSealedSecret, SealedSecretError } from './transport-key';
import { issueOtpDeviceCookie, trustedOtpDevice } from './otp-device';
import type { DeviceCookie } from './trusted-device';

export const UNREADABLE_OTP = 'The OTP could not be read. Please reload the page and try again.';

/**
 * What the audit trail says about a refused code. The person reads OTP_MESSAGES.refused whatever the reason: a
 * stranger probing someone's number must not learn whether that person has a live, used or locked code.
 */
function remarkOf(check: Exclude<OtpCheck, { ok: true }>): string {
  switch (check.reason) {
    case 'wrong':
      return `OTP refused: wrong code (${check.triesLeft} tries left)`;
    case 'locked':
      return 'OTP refused: too many wrong tries, code ended';
    case 'used':
      return 'OTP refused: code already used';
    case 'expired':
      return 'OTP refused: no live code (expired or replaced)';
    case 'other-challenge':
      return "OTP refused: the guess carried none of this person's challenges (no try spent)";
  }
}

function replyIds(scope: CitizenScope): Pick<ValidateOtpReply, 'landlordId' | 'tenantId' | 'username'> {
  if (scope.kind === 'landlord') return { landlordId: scope.landlordId };
  if (scope.kind === 'tenant') return { tenantId: scope.tenantId };
  return { username: scope.username };
}

/**
 * `POST apikey/validateOTP/{id}` (docs/otp-and-citizen-keys.md). The sealed OTP is opened first, so its nonce is
 * spent whatever happens after; then the guess is counted against its address, per person and in all
 * (otp-guess-limit.ts: only wrong guesses stay counted); then every refusal of the code answers alike, an unknown
 * identity included (validation is no way to learn who is registered or who holds a code). A right code, with
 * the challenge token of the getOTP reply that sent it, buys a citizen key scoped to that person, and the
 * browser a device cookie for that person (otp-device.ts), which the route sets.
 */
export async function validateOtp(
  deps: AppDeps,
  request: FastifyRequest,
  id: string,
  body: ValidateOtpBody,
): Promise<{ reply: ValidateOtpReply; deviceCookie: DeviceCookie }> {
  const { clock } = deps;
  const subject: OtpSubject = body.subject;
  const opened = await openSealedSecret(deps.db, body.otp, clock.now()).catch((err: unknown) => {
    if (err instanceof SealedSecretError) return err;
    throw err;
  });
  if (opened instanceof SealedSecretError) {
    return refuseOtp(deps, request, {
      status: 400,
      message: opened.reason === 'expired' ? opened.message : UNREADABLE_OTP,
      remark: `OTP refused: ${opened.reason === 'expired' ? 'replayed or expired' : 'unreadable'} sealed OTP`,
      subjectKey: null,
    });
  }
  const recipient = await findOtpRecipient(deps.db, subject, id);
  const knownKey = recipient ? subjectKeyOf(recipient.scope) : null;
  const deviceId = knownKey ? await trustedOtpDevice(deps.db, request, knownKey, clock.now()) : null;
  // An unknown identity is counted by what was typed, exactly as a known one by its subject.
  const releaseGuess = await claimOtpGuess(
    deps,
    request,
    knownKey ?? `${subject}?${id.trim().toUpperCase()}`,
    deviceId,
  );
  if (!recipient) {
    return refuseOtp(deps, request, {
      status: 400,
      message: OTP_MESSAGES.refused,
      remark: `OTP refused: no ${subject} with this ${subject === 'user' ? 'username' : 'number'}`,
      subjectKey: null,
    });
  }
  const subjectKey = subjectKeyOf(recipient.scope);
  const now = clock.now();
  const check = await checkOtp(deps.db, subjectKey, { code: opened.secret, challenge: body.challenge }, now);
  if (!check.ok) {
    return refuseOtp(deps, request, {
      status: 400,
      message: OTP_MESSAGES.refused,
      remark: remarkOf(check),
      subjectKey,
    });
  }

  await releaseGuess();
  // A contested record's kept channel buys a key to its held change only (docs/otp-channel-changes.md).
  const reach = await keyReachOf(deps.db, recipient.scope);
  const { key, expiresAt } = await issueCitizenKey(deps.db, {
    scope: recipient.scope,
    ip: clientIp(request),
    now,
    limits: citizenKeyLimits(deps.config),
    channelRef: channelRefOf(recipient),
    reach,
  });
  await auditOtp(
    deps,
    request,
    `OTP verified; citizen key ${hashCitizenKey(key).slice(0, 8)} issued` +
      (reach === 'held-change' ? ' (contested record: its held change only)' : ''),
    subjectKey,
    'otp-use',
  );
  return {
    reply: {
      apiKey: key,
      expiresAt: expiresAt.toISOString(),
      subject,
      ...replyIds(recipient.scope),
      message: OTP_MESSAGES.verified,
      ...(reach === 'held-change' ? { reach } : {}),
    },
    // The browser that entered the right code is the person's own from now on (otp-device.ts).
    deviceCookie: await issueOtpDeviceCookie(deps.db, subjectKey, now),
  };
}
