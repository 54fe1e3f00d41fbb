import type { z } from 'zod';
import {
  STATUS_COLOURS,
  declinePayloadSchema,
  rectificationPayloadSchema,
  recommendRejectionPayloadSchema,
  type LifecycleEventType,
} from '../../../../machines/application';

/** The actions an official can take from the detail dialog; resubmit and vacate belong to landlords. */
export type StaffActionEvent = Exclude<LifecycleEventType, 'application.resubmit' | 'tenant.vacate'>;

export interface ActionSpec {
  label: string;
  /** The fields the form asks for: a rejection reason, remarks (required or optional), or nothing. */
  form: { reason: boolean; remarks: 'required' | 'optional' | 'none' };
  /** The payload schema from the machine: the same rule the server applies. */
  schema?: z.ZodType;
  confirm: (applid: number) => string;
  /** Button colour: the machine's status hexes keep white text at 4.5:1 or more (WCAG AA). */
  colour: string;
}

export const ACTION_SPECS: Record<StaffActionEvent, ActionSpec> = {
  'application.recommendApproval': {
    label: 'Recommend Approval',
    form: { reason: false, remarks: 'none' },
    confirm: (id) => `Are you sure you want to recommend approval of application ${id}?`,
    colour: STATUS_COLOURS.green.hex,
  },
  'application.recommendRejection': {
    label: 'Recommend Rejection',
    form: { reason: true, remarks: 'required' },
    schema: recommendRejectionPayloadSchema,
    confirm: (id) => `Are you sure you want to recommend rejection of application ${id}?`,
    colour: STATUS_COLOURS.red.hex,
  },
  'application.requestRectification': {
    label: 'Request Rectification',
    form: { reason: false, remarks: 'required' },
    schema: rectificationPayloadSchema,
    confirm: (id) => `Are you sure you want to return application ${id} to the applicant for rectification?`,
    colour: STATUS_COLOURS.amber.hex,
  },
  'application.accept': {
    label: 'Accept',
    form: { reason: false, remarks: 'none' },
    confirm: (id) => `Are you sure you want to approve application ${id}?`,
    colour: STATUS_COLOURS.green.hex,
  },
  'application.decline': {
    label: 'Decline',
    form: { reason: true, remarks: 'optional' },
    schema: declinePayloadSchema,
    confirm: (id) => `Are you sure you want to reject application ${id}?`,
    colour: STATUS_COLOURS.red.hex,
  },
  'application.certify': {
    label: 'Certify',
    form: { reason: false, remarks: 'none' },
    confirm: (id) =>
      `Are you sure you want to certify application ${id} and issue its clearance certificate?`,
    colour: 'govBlue.7',
  },
  'application.delete': {
    label: 'Delete',
    form: { reason: false, remarks: 'none' },
    confirm: (id) => `Are you sure you want to delete application ${id}? This cannot be undone.`,
    colour: STATUS_COLOURS.red.hex,
  },
};

const STAFF_EVENTS = Object.keys(ACTION_SPECS) as StaffActionEvent[];

/** The buttons to show: exactly the server's allowedEvents that an official acts on here, in workflow order. */
export function staffActionsOf(allowedEvents: readonly string[]): StaffActionEvent[] {
  return STAFF_EVENTS.filter((event) => allowedEvents.includes(event));
}

export function hasForm(event: StaffActionEvent): boolean {
  const { form } = ACTION_SPECS[event];
  return form.reason || form.remarks !== 'none';
}
