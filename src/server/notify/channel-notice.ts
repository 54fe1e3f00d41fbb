import type { ChannelEdit, Channel } from '../services/channel-changes/channel-of';
import type { Notifier, OutgoingMessage } from './message';
import { PORTAL_NAME } from './otp-message';

// The notices that tell a person its OTP channel is changing or changed (docs/otp-channel-changes.md). They go to
// the channel in force before the change (mobile and email both), so that whoever holds the new one cannot hide
// it. They name the new values only masked: a notice may be read by others.

const IST = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** "30 Nov 2026, 10:30 IST": the date the messages and replies give. */
export function indianDateTime(at: Date): string {
  return `${IST.format(at)} IST`;
}

/** ******1234 for a mobile, a***@example.org for an email; 'none' for a removal. */
export function maskMobile(mobile: string | null): string {
  return mobile ? `******${mobile.slice(-4)}` : 'none';
}
export function maskEmail(email: string | null): string {
  if (!email) return 'none';
  const [local, domain] = email.split('@');
  return `${local.slice(0, 1)}***@${domain ?? ''}`;
}

/** 'mobile number', 'email address' or both, in words. */
export function editWhat(edit: ChannelEdit): string {
  const parts = [
    ...('mobile' in edit ? ['mobile number'] : []),
    ...('email' in edit ? ['email address'] : []),
  ];
  return parts.join(' and ');
}

/**
 * The new values, masked: "******1234", "a***@example.org" or both. A new value whose mask is the same as the
 * current one's says so: an official could pick an address that shortens like the person's own, and the notice
 * would read like no change at all (re-attack F3, 27-11-2026).
 */
function editTo(edit: ChannelEdit, current?: Channel): string {
  const alike = (mask: (v: string | null) => string, now: string | null | undefined, then: string | null) =>
    current !== undefined && then !== null && mask(then) === mask(now ?? null);
  const parts = [
    ...('mobile' in edit
      ? [
          maskMobile(edit.mobile ?? null) +
            (alike(maskMobile, current?.mobile, edit.mobile ?? null)
              ? ' (another number, ending in the same digits as your current one)'
              : ''),
        ]
      : []),
    ...('email' in edit
      ? [
          maskEmail(edit.email ?? null) +
            (alike(maskEmail, current?.email, edit.email ?? null)
              ? ' (another address, which shortens like your current one)'
              : ''),
        ]
      : []),
  ];
  return parts.join(' and ');
}

export type ChannelNotice =
  /** The person changed its own channel with its key (or a staff member its own email). */
  | { kind: 'own'; edit: ChannelEdit; at: Date; staff: boolean }
  /** Someone else asked: held until `effectiveAt`. */
  | {
      kind: 'held';
      edit: ChannelEdit;
      askedBy: string;
      effectiveAt: Date;
      staff: boolean;
      /** The office that checked the person's identity document (a contested record): no key may stop it. */
      checkedAt?: string;
    }
  /** A held change took effect. */
  | { kind: 'applied'; edit: ChannelEdit; askedBy: string; requestedAt: Date; at: Date; staff: boolean }
  /** The person's record was deleted by an official: its channel stays its own if the ID is registered again. */
  | { kind: 'deleted'; idNumber: string; askedBy: string; at: Date; staff: false }
  /** A contested record's kept channel was confirmed at the counter after an identity check. */
  | { kind: 'confirmed'; askedBy: string; at: Date; staff: false };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const whereToStop = (staff: boolean) =>
  staff
    ? 'sign in to the portal and choose Stop this change on your profile page, or tell another administrator'
    : 'sign in to the portal and choose Stop this change, or visit the office';

function deletedNoticeText(notice: Extract<ChannelNotice, { kind: 'deleted' }>) {
  return {
    subject: `${PORTAL_NAME}: your tenant record was deleted`,
    text:
      `${capitalised(notice.askedBy)} deleted your tenant record (ID ${notice.idNumber}) on ${indianDateTime(notice.at)}. ` +
      'If the ID is registered again within a year, its one-time passwords keep coming here, and a different ' +
      'mobile number or email address takes effect only after a notice to you and a waiting period. ' +
      'If you did not ask for this, visit your police station or ward office.',
  };
}

/** Subject and text of a notice to `to` (the channel in force before the change). */
export function channelNoticeText(notice: ChannelNotice, to?: Channel): { subject: string; text: string } {
  if (notice.kind === 'deleted') return deletedNoticeText(notice);
  if (notice.kind === 'confirmed')
    return {
      subject: `${PORTAL_NAME}: your tenant record was settled at the office`,
      text:
        `${capitalised(notice.askedBy)} checked the identity document at the counter on ${indianDateTime(notice.at)} ` +
        'and confirmed that one-time passwords keep coming here; signing in now opens the whole record. ' +
        'If this was not you, visit your police station or ward office at once.',
    };
  const what = editWhat(notice.edit);
  const account = notice.staff ? `${PORTAL_NAME} staff account` : `${PORTAL_NAME} account`;
  switch (notice.kind) {
    case 'own':
      return {
        subject: `${PORTAL_NAME}: your ${what} was changed`,
        text:
          `The ${what} of your ${account} was changed to ${editTo(notice.edit)} on ${indianDateTime(notice.at)}. ` +
          'If this was not you, visit your police station or ward office at once.',
      };
    case 'held':
      return {
        subject: `${PORTAL_NAME}: a change of your ${what} was asked`,
        text:
          `${capitalised(notice.askedBy)} asked to change the ${what} of your ${account} to ${editTo(notice.edit, to)}. ` +
          (notice.checkedAt
            ? `It was asked after an identity document was checked at ${notice.checkedAt}, and it takes effect on ` +
              `${indianDateTime(notice.effectiveAt)}; it cannot be stopped online. If you did not ask for it, go to ` +
              'that office with your identity document before then.'
            : `It takes effect on ${indianDateTime(notice.effectiveAt)} unless you stop it: ${whereToStop(notice.staff)}.`),
      };
    case 'applied':
      return {
        subject: `${PORTAL_NAME}: your ${what} was changed`,
        text:
          `The ${what} of your ${account} is now ${editTo(notice.edit)} (since ${indianDateTime(notice.at)}), ` +
          `as ${notice.askedBy} asked on ${indianDateTime(notice.requestedAt)}. ` +
          'If you did not want this, visit your police station or ward office at once.',
      };
  }
}

/** The notice to every address and number of `to` (the channel before the change). Refusals stay in the outbox. */
export async function sendChannelNotice(
  notifier: Notifier,
  to: Channel,
  notice: ChannelNotice,
): Promise<void> {
  const { subject, text } = channelNoticeText(notice, to);
  // A staff account's notices stay out of the readable demo outbox (they would name the account's email).
  const keepOutOfOutbox = notice.staff;
  const messages: OutgoingMessage[] = [
    ...(to.email ? [{ channel: 'email' as const, to: to.email, subject, text, keepOutOfOutbox }] : []),
    ...(to.mobile ? [{ channel: 'sms' as const, to: to.mobile, subject, text, keepOutOfOutbox }] : []),
  ];
  for (const message of messages) await notifier.send(message);
}
