import { z } from 'zod';
import {
  optionalRemarksSchema,
  rejectionReasonFields,
  remarksSchema,
  requireOtherReasonText,
} from './rejection-reasons';
import { STAFF_ROLES } from './staff-roles';

export { STAFF_ROLES, type StaffRole } from './staff-roles';

/** Who sends an event: an official signed in with a role and a jurisdiction code, or a landlord after OTP. */
export const staffActorSchema = z.object({
  kind: z.literal('staff'),
  role: z.enum(STAFF_ROLES),
  username: z.string().min(1),
  usercode: z.string(),
});
export const landlordActorSchema = z.object({
  kind: z.literal('landlord'),
  landlordId: z.string().min(1),
});
export const lifecycleActorSchema = z.discriminatedUnion('kind', [staffActorSchema, landlordActorSchema]);
export type StaffActor = z.infer<typeof staffActorSchema>;
export type LandlordActor = z.infer<typeof landlordActorSchema>;
export type LifecycleActor = z.infer<typeof lifecycleActorSchema>;

/**
 * Request bodies of the lifecycle actions, without the actor (the server adds the signed-in actor).
 * The contract reuses these, so the browser form and the server refuse the same input.
 */
export const recommendRejectionPayloadSchema = requireOtherReasonText(
  z.object({ ...rejectionReasonFields, remarks: remarksSchema }),
);
export const declinePayloadSchema = requireOtherReasonText(
  z.object({ ...rejectionReasonFields, remarks: optionalRemarksSchema }),
);
export const rectificationPayloadSchema = z.object({ remarks: remarksSchema });
export type RecommendRejectionPayload = z.input<typeof recommendRejectionPayloadSchema>;
export type DeclinePayload = z.input<typeof declinePayloadSchema>;
export type RectificationPayload = z.input<typeof rectificationPayloadSchema>;

type WithActor<T extends string, P = object> = { type: T; actor: LifecycleActor } & P;

export type LifecycleEvent =
  | WithActor<'application.recommendApproval'>
  | WithActor<'application.recommendRejection', RecommendRejectionPayload>
  | WithActor<'application.accept'>
  | WithActor<'application.decline', DeclinePayload>
  | WithActor<'application.certify'>
  | WithActor<'application.delete'>
  | WithActor<'application.requestRectification', RectificationPayload>
  | WithActor<'application.resubmit'>
  | WithActor<'tenant.vacate'>;
export type LifecycleEventType = LifecycleEvent['type'];

/** Every event type, in the order the workflow usually meets them (used for menus, docs and tests). */
export const LIFECYCLE_EVENT_TYPES = [
  'application.recommendApproval',
  'application.recommendRejection',
  'application.requestRectification',
  'application.resubmit',
  'application.accept',
  'application.decline',
  'application.certify',
  'application.delete',
  'tenant.vacate',
] as const satisfies readonly LifecycleEventType[];

/** Payload schema per event type: what `applyEvent` checks before asking the machine. */
export const lifecyclePayloadSchemas = {
  'application.recommendApproval': z.object({}),
  'application.recommendRejection': recommendRejectionPayloadSchema,
  'application.accept': z.object({}),
  'application.decline': declinePayloadSchema,
  'application.certify': z.object({}),
  'application.delete': z.object({}),
  'application.requestRectification': rectificationPayloadSchema,
  'application.resubmit': z.object({}),
  'tenant.vacate': z.object({}),
} satisfies Record<LifecycleEventType, z.ZodType>;

/** The envelope every event shares: a known type and a valid actor. */
export const lifecycleEnvelopeSchema = z.object({
  type: z.enum(LIFECYCLE_EVENT_TYPES, { error: 'Unknown action.' }),
  actor: lifecycleActorSchema,
});

export function isLifecycleEventType(value: unknown): value is LifecycleEventType {
  return typeof value === 'string' && (LIFECYCLE_EVENT_TYPES as readonly string[]).includes(value);
}
