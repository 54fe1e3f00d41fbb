import { z } from 'zod';

/** The reasons an official may give for rejecting (or recommending rejection of) an application, as the spec lists them. */
export const REJECTION_REASONS = [
  'Lack of Documents',
  'Invalid Documents',
  'Criminal Issues',
  'Duplicate Application',
  'Others',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** 'Others' is not a reason by itself: the official must type the reason, which then stands in its place. */
export const OTHER_REASON: RejectionReason = 'Others';

export const REMARKS_MAX_LENGTH = 500;
export const OTHER_REASON_MAX_LENGTH = 200;

export const REASON_MESSAGES = {
  reasonRequired: 'Please select a reason for rejection.',
  otherReasonRequired: 'Please type the reason for rejection.',
  otherReasonTooLong: `The reason must be at most ${OTHER_REASON_MAX_LENGTH} characters.`,
  remarksRequired: 'Remarks are required.',
  remarksTooLong: `Remarks must be at most ${REMARKS_MAX_LENGTH} characters.`,
} as const;

/** Free text typed by an official: trimmed, never blank, bounded so it fits the remarks column and the PDF. */
export const remarksSchema = z
  .string({ error: REASON_MESSAGES.remarksRequired })
  .trim()
  .min(1, { error: REASON_MESSAGES.remarksRequired })
  .max(REMARKS_MAX_LENGTH, { error: REASON_MESSAGES.remarksTooLong });

/** Remarks an official may leave out: blank counts as none. */
export const optionalRemarksSchema = z
  .string()
  .trim()
  .max(REMARKS_MAX_LENGTH, { error: REASON_MESSAGES.remarksTooLong })
  .optional()
  .transform((value) => (value ? value : undefined));

const otherReasonSchema = z
  .string()
  .trim()
  .max(OTHER_REASON_MAX_LENGTH, { error: REASON_MESSAGES.otherReasonTooLong })
  .optional();

/** The fields of a rejection reason: a reason picked from the list, and the typed text used with 'Others'. */
export const rejectionReasonFields = {
  reason: z.enum(REJECTION_REASONS, { error: REASON_MESSAGES.reasonRequired }),
  otherReason: otherReasonSchema,
};

/** With 'Others' the typed text is required: apply to every schema built on `rejectionReasonFields`. */
export function requireOtherReasonText<
  T extends z.ZodType<{ reason: RejectionReason; otherReason?: string }>,
>(schema: T) {
  return schema.refine((value) => value.reason !== OTHER_REASON || (value.otherReason ?? '').length > 0, {
    error: REASON_MESSAGES.otherReasonRequired,
    path: ['otherReason'],
  });
}

export const rejectionReasonSchema = requireOtherReasonText(z.object(rejectionReasonFields));
export type RejectionReasonInput = z.input<typeof rejectionReasonSchema>;

/** The text that goes into a remark: the listed reason, or what the official typed for 'Others'. */
export function reasonText(input: { reason: RejectionReason; otherReason?: string }): string {
  return input.reason === OTHER_REASON ? (input.otherReason ?? '').trim() : input.reason;
}
