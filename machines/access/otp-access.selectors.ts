import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Notice } from './failures';
import type { OtpAccessMachine } from './otp-access.machine';

/** What the OTP field and its buttons show, read from the otp-access snapshot (never a second copy of its rules). */
export type OtpAccessSnapshot = SnapshotFrom<OtpAccessMachine>;
export type OtpAccessRef = ActorRefFrom<OtpAccessMachine>;

/** 300000 -> '5:00', 59000 -> '0:59'. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The OTP field is enabled only once a code was asked for (and not while it is being checked). */
export function otpFieldEnabled(snapshot: OtpAccessSnapshot | undefined): boolean {
  return snapshot?.can({ type: 'otp.change', value: '' }) ?? false;
}

/** Verify / Login / Next on the OTP step: enough characters of a live code. */
export function canVerifyOtp(snapshot: OtpAccessSnapshot | undefined): boolean {
  return snapshot?.can({ type: 'otp.verify' }) ?? false;
}

/** The countdown beside the field, or null when no code is live. */
export function countdownLabel(snapshot: OtpAccessSnapshot | undefined): string | null {
  if (!snapshot) return null;
  if (snapshot.matches('codeSent') || snapshot.matches('expired'))
    return formatCountdown(snapshot.context.remainingMs);
  return null;
}

export function isOtpBusy(snapshot: OtpAccessSnapshot | undefined): boolean {
  return snapshot?.hasTag('busy') ?? false;
}

/**
 * The OTP child's notice in a parent dialog's own words (spec section 8: the tracker and the clearance name an
 * unknown EPIC and a refused code their way), chosen by the notice's code; other notices as they are.
 */
export function otpNoticeInWords(
  notice: Notice | null,
  words: { noLandlord: string; codeRefused: string },
): Notice | null {
  if (notice?.code === 'otp.noLandlord') return { ...notice, text: words.noLandlord };
  if (notice?.code === 'otp.codeRefused') return { ...notice, text: words.codeRefused };
  return notice;
}
