import type { SnapshotFrom } from 'xstate';
import type { Notice } from '../access/failures';
import { otpNoticeInWords } from '../access/otp-access.selectors';
import { OTP_TEXTS } from '../access/otp-rules';
import { TRACKER_MESSAGES, type trackerMachine } from './tracker.machine';

export type TrackerSnapshot = SnapshotFrom<typeof trackerMachine>;

/** Send OTP: the machine takes the request (an EPIC long enough, before the key is bought). */
export function canRequestOtp(snapshot: TrackerSnapshot): boolean {
  return snapshot.can({ type: 'otp.request' });
}

export function isBusy(snapshot: TrackerSnapshot): boolean {
  return snapshot.hasTag('busy');
}

/** The OTP step is done: the picker (and Track, View Application Flow) are usable. */
export function isVerified(snapshot: TrackerSnapshot): boolean {
  return snapshot.context.key !== null;
}

export function canTrack(snapshot: TrackerSnapshot): boolean {
  return snapshot.context.applid !== null && snapshot.can({ type: 'track' });
}

export function canViewFlow(snapshot: TrackerSnapshot): boolean {
  return snapshot.context.applid !== null && snapshot.can({ type: 'flow.view' });
}

/** Download Certificate is shown beside a certified result (whatever the state, so it does not jump about). */
export function showsCertificateDownload(snapshot: TrackerSnapshot): boolean {
  return snapshot.context.result?.certified === true;
}

/** Download Certificate is enabled while the result is shown and nothing else runs. */
export function canDownloadCertificate(snapshot: TrackerSnapshot): boolean {
  return snapshot.can({ type: 'certificate.download' });
}

export function isDownloadingCertificate(snapshot: TrackerSnapshot): boolean {
  return snapshot.matches({ ready: 'downloadingCertificate' });
}

/**
 * The tracker's words for the OTP child's notices (spec section 8): an unknown EPIC is 'This landlord epic number
 * does not exist!', a refused code 'Invalid OTP' and the hint to ask for a new one; others as they are.
 */
export function trackerOtpNotice(notice: Notice | null): Notice | null {
  return otpNoticeInWords(notice, {
    noLandlord: TRACKER_MESSAGES.noEpic,
    codeRefused: `${TRACKER_MESSAGES.invalidOtp}. ${OTP_TEXTS.refusedHint}`,
  });
}

/** The OTP child while the OTP step runs (its field and Verify button read from it). */
export function trackerOtpActor(snapshot: TrackerSnapshot) {
  return snapshot.children.otp;
}
