import { z } from 'zod';
import { HOLDERS } from '../../machines/application/statuses';
import {
  applicationFlowReplySchema,
  applicationStatusReplySchema,
  applicationStatusParamsSchema,
  applidParamsSchema,
} from './applications.contract';
import { endpoint } from './endpoint';

/**
 * The public tracker (public-portal.md, Tracker dialog; docs/tracker.md): a landlord with its OTP key tracks one of
 * its applications by application id and its own EPIC number, and reads the application's flow.
 */
export const trackingParamsSchema = applicationStatusParamsSchema;
export const trackingFlowParamsSchema = applidParamsSchema;

export const TRACKING_MESSAGES = {
  notFound: (applid: number) => `No application ${applid} was found.`,
  notYours: 'This application is not one of your applications.',
  notYourEpic: 'The EPIC number is not the one your key was issued for.',
} as const;

export const trackingReplySchema = applicationStatusReplySchema.extend({
  /** Who holds the case now (the lifecycle machine's holder tag); null once it is closed. */
  holder: z.enum(HOLDERS).nullable(),
  /** The holder in words (HOLDER_LABELS), null with holder. */
  holderLabel: z.string().nullable(),
  /** Since when the holder has it: the time of the last flow entry (ISO). */
  heldSince: z.string(),
  /** Whole days the holder has had it (0 on the first day). */
  heldDays: z.number().int().nonnegative(),
  /** The configured service limit in days (TRACKER_SERVICE_DAYS, default 15). */
  serviceDays: z.number().int().positive(),
  /** True when an official holds it for longer than the service limit. */
  overdue: z.boolean(),
  /** True once the clearance certificate is issued (approved and certified): process/GenerateRC/{id} gives it. */
  certified: z.boolean(),
});
export type TrackingReply = z.infer<typeof trackingReplySchema>;

const landlordKey = { citizen: ['landlord'] } as const;

/** The tracker's endpoints: a landlord's OTP key, its own applications only. */
export const TRACKING_ENDPOINTS = {
  track: endpoint({
    method: 'GET',
    path: '/process/anonymous/trackApplication/:applid/:landlordEpic',
    access: landlordKey,
    tag: 'tracker',
    params: trackingParamsSchema,
    reply: trackingReplySchema,
  }),
  flow: endpoint({
    method: 'GET',
    path: '/process/applicationFlow/anonymous/:id',
    access: landlordKey,
    tag: 'tracker',
    params: trackingFlowParamsSchema,
    reply: applicationFlowReplySchema,
  }),
};
