import { z } from 'zod';
import { messageReplySchema } from './api';
import { endpoint, type Access } from './endpoint';

/**
 * Held changes of a person's OTP channel (docs/otp-channel-changes.md): a landlord's or tenant's mobile and email
 * changed by an official, a staff account's email changed by an administrator. The change waits, the person's
 * current channel is told, and the person may stop it until it takes effect.
 */

/** One pending change as the person (and the officials who reach the record) see it. */
export const pendingChannelChangeSchema = z.object({
  /** What changes: 'mobile number', 'email address' or both, in words. */
  what: z.string(),
  /** The new values, masked (******1234, a***@example.org; 'none' when removed). */
  newMobile: z.string().nullable(),
  newEmail: z.string().nullable(),
  /** Who asked: the official's username and office, in words. */
  requestedBy: z.string(),
  requestedAt: z.string(),
  effectiveAt: z.string(),
  /** effectiveAt in Indian Standard Time, as the messages give it. */
  effectiveAtText: z.string(),
  /** Asked at the counter after an identity check, settling a contested record: no key may stop it. */
  checkedInPerson: z.boolean().optional(),
});
export type PendingChannelChange = z.infer<typeof pendingChannelChangeSchema>;

/** GET process/channelChange and users/channelChange: the caller's own pending change, or null. */
export const channelChangeReplySchema = z.object({ pending: pendingChannelChangeSchema.nullable() });
export type ChannelChangeReply = z.infer<typeof channelChangeReplySchema>;

/** Who holds the channel: a landlord or tenant (mobile number and email address) or a staff account (email only). */
export type ChannelHolder = 'citizen' | 'staff';

/** 'the mobile number and email address are', 'the email address is'. */
const isOrAre = (what: string) => (what.includes(' and ') ? 'are' : 'is');

export const CHANNEL_CHANGE_MESSAGES = {
  held: (what: string, until: string, holder: ChannelHolder) =>
    `The new ${what} ${isOrAre(what)} not in use yet: it is held until ${until} and takes effect then unless the person ` +
    `stops it. The person was told on the current ${holder === 'staff' ? 'email address' : 'mobile number and email address'}.`,
  stopped: (holder: ChannelHolder) =>
    holder === 'staff'
      ? 'The change was stopped. Your email address stays as it is.'
      : 'The change was stopped. Your mobile number and email address stay as they are.',
  nonePending: (holder: ChannelHolder) =>
    holder === 'staff'
      ? 'There is no pending change of your email address.'
      : 'There is no pending change of your mobile number or email address.',
  stopFailed: 'The change could not be stopped. Please try again or visit the office.',
  heldChangeKey:
    'This record was registered again after it was deleted, and the new registrant gave another mobile number or ' +
    'email address. Your sign-in may only see and stop that change. To use the record, go to your locality ' +
    'office with your identity document.',
  inPersonNoStop: (office: string, until: string) =>
    `This change was asked at ${office} after the person's identity document was checked there, and it cannot ` +
    `be stopped online. If you did not ask for it, go to that office with your identity document before ${until}.`,
  notContested:
    'There is no contested tenant record with this ID number that your office may settle. An uncontested ' +
    "record's mobile number or email address is changed with Update (the change is held and told).",
  settlerInvolved:
    'An official who deleted the former record or asked a change of this one may not settle it: ask another ' +
    'locality officer of this office (an administrator can add one under Users).',
  /** A settlement's held change, as the officer reads it (no key may stop it, unlike an update's). */
  heldInPerson: (what: string, until: string) =>
    `The new ${what} ${isOrAre(what)} not in use yet: it takes effect on ${until} and cannot be stopped online. The person was ` +
    'told on the current mobile number and email address; to change it before then, the person comes back to ' +
    'this office.',
  /** The first sentence of a settlement that holds the person's new contact (the held sentence follows). */
  settledHeld: 'The identity was checked at the counter.',
  confirmedInPerson:
    'The identity was checked at the counter and the record keeps its mobile number and email address. ' +
    'Sign-ins through them now reach the whole record.',
  oldChannelKey:
    'Your mobile number or email address has changed since you signed in. Sign in again with the OTP sent to the current one to change it.',
} as const;

/** The record's pending change, for the officials' record view ("Mobile change pending until ..."). */
export const pendingChannelChangeFieldSchema = pendingChannelChangeSchema.nullable().optional();

/** The reply to an update that may have held a channel change: the message then says so. */
export const channelUpdateReplySchema = messageReplySchema.extend({
  channelChange: pendingChannelChangeFieldSchema,
});
export type ChannelUpdateReply = z.infer<typeof channelUpdateReplySchema>;

/** An update's message, with the held-change sentence when the update held one. */
export function updatedReply(
  message: string,
  held: PendingChannelChange | null,
  holder: ChannelHolder,
): ChannelUpdateReply {
  if (!held) return { message };
  return {
    message: `${message} ${CHANNEL_CHANGE_MESSAGES.held(held.what, held.effectiveAtText, holder)}`,
    channelChange: held,
  };
}

/** One caller's own held change: see it and stop it. */
const ownChangeEndpoints = (area: 'process' | 'users', access: Access) => ({
  pending: endpoint({
    method: 'GET',
    path: `/${area}/channelChange`,
    access,
    tag: 'channel changes',
    reply: channelChangeReplySchema,
  }),
  stop: endpoint({
    method: 'POST',
    path: `/${area}/channelChange/stop`,
    access,
    tag: 'channel changes',
    reply: messageReplySchema,
  }),
});

/**
 * `process/...` with a landlord's or tenant's key (a contested record's held-change key too), `users/...` for a
 * signed-in staff member's own account (docs/otp-channel-changes.md).
 */
export const CHANNEL_CHANGE_ENDPOINTS = {
  process: ownChangeEndpoints('process', { citizen: ['landlord', 'tenant'], heldChangeKeys: true }),
  users: ownChangeEndpoints('users', { staff: 'any' }),
};
