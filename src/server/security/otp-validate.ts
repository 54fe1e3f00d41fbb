import type { FastifyRequest } from 'fastify';
import {
  OTP_MESSAGES,
  type OtpSubject,
  type ValidateOtpBody,
  type ValidateOtpReply,
} from '../../contract/otp.contract';
import type { AppDeps, Clock } from '../app';
import { citizenKeyLimits } from './citizen-guard';
import { hashCitizenKey, issueCitizenKey, subjectKeyOf, type CitizenScope } from './citizen-keys';
import { clientIp } from './client-ip';
import { auditOtp, refuseOtp } from './otp-audit';
import { checkOtp, type OtpCheck } from './otp-challenges';
import { findOtpRecipient } from './otp-subjects';
import { openSealedSecret, SealedSecretError } from './transport-key';

const UNREADABLE_OTP = 'The OTP could not be read. Please reload the page and try again.';

function refusalOf(check: Exclude<OtpCheck, { ok: true }>): { message: string; remark: string } {
  switch (check.reason) {
    case 'wrong':
      return {
        message: OTP_MESSAGES.wrongCodeTriesLeft(check.triesLeft),
        remark: `OTP refused: wrong code (${check.triesLeft} tries left)`,
      };
    case 'locked':
      return { message: OTP_MESSAGES.locked, remark: 'OTP refused: too many wrong tries, code ended' };
    case 'used':
      return { message: OTP_MESSAGES.used, remark: 'OTP refused: code already used' };
    case 'expired':
      return { message: OTP_MESSAGES.expired, remark: 'OTP refused: no live code (expired or replaced)' };
  }
}

function replyIds(scope: CitizenScope): Pick<ValidateOtpReply, 'landlordId' | 'tenantId' | 'username'> {
  if (scope.kind === 'landlord') return { landlordId: scope.landlordId };
  if (scope.kind === 'tenant') return { tenantId: scope.tenantId };
  return { username: scope.username };
}

/**
 * `POST apikey/validateOTP/{id}` (docs/otp-and-citizen-keys.md). The sealed OTP is opened first, so its nonce is
 * spent whatever happens next; an unknown identity answers exactly like one without a live code (validation is no
 * way to learn who is registered). A right code buys a citizen key scoped to that person.
 */
export async function validateOtp(
  deps: AppDeps,
  request: FastifyRequest,
  id: string,
  body: ValidateOtpBody,
): Promise<ValidateOtpReply> {
  const clock: Clock = deps.clock ?? { now: () => new Date() };
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
  if (!recipient) {
    return refuseOtp(deps, request, {
      status: 400,
      message: OTP_MESSAGES.expired,
      remark: `OTP refused: no ${subject} with this ${subject === 'user' ? 'username' : 'number'}`,
      subjectKey: null,
    });
  }
  const subjectKey = subjectKeyOf(recipient.scope);
  const now = clock.now();
  const check = await checkOtp(deps.db, subjectKey, opened.secret, now);
  if (!check.ok) return refuseOtp(deps, request, { status: 400, ...refusalOf(check), subjectKey });

  const { key, expiresAt } = await issueCitizenKey(deps.db, {
    scope: recipient.scope,
    ip: clientIp(request),
    now,
    limits: citizenKeyLimits(deps),
  });
  await auditOtp(
    deps,
    request,
    `OTP verified; citizen key ${hashCitizenKey(key).slice(0, 8)} issued`,
    subjectKey,
    'otp-use',
  );
  return {
    apiKey: key,
    expiresAt: expiresAt.toISOString(),
    subject,
    ...replyIds(recipient.scope),
    message: OTP_MESSAGES.verified,
  };
}
