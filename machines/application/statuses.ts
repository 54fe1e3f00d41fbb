import type { StaffRole } from './lifecycle.events';

/**
 * Everything the product says about an application's status lives here, in one place: the stored codes,
 * the words each screen shows, the tracker colours, the report choices, which list page shows which status,
 * and the remarks and flow-timeline texts each workflow step writes.
 */
export const STATUS_CODES = ['LARP', 'LAVP', 'PLVP', 'RJT', 'RECT', 'APARV'] as const;
export type StatusCode = (typeof STATUS_CODES)[number];

export const APPLICATION_TYPE = 'APPLPS';
export const INITIAL_STATUS: StatusCode = 'LARP';

export function isStatusCode(value: unknown): value is StatusCode {
  return typeof value === 'string' && (STATUS_CODES as readonly string[]).includes(value);
}

/** What each code means (the spec's table; used in docs and the report's legend). */
export const STATUS_MEANINGS: Record<StatusCode, string> = {
  LARP: 'Submitted, pending at Sub-Locality/Ward',
  LAVP: 'Forwarded, pending at Locality',
  PLVP: 'Approved by Locality (pending at Police)',
  RJT: 'Rejected',
  RECT: 'Returned to the applicant for rectification',
  APARV: 'Shifted tenant',
};

/** The Status column of the application lists. Only a moderator sees where its forwarded cases wait. */
export function statusListLabel(status: string, viewerRole?: StaffRole): string {
  switch (status) {
    case 'PLVP':
      return 'APPROVED';
    case 'RJT':
      return 'REJECTED';
    case 'RECT':
      return 'Returned for rectification';
    case 'APARV':
      return 'Shifted';
    case 'LAVP':
      return viewerRole === 'MODERATOR' ? 'Pending at Locality/Cantonment level' : 'Pending';
    default:
      return 'Pending';
  }
}

/** Badge colours: a Mantine palette name for light variants, and a hex that keeps white text at 4.5:1 or more. */
export const STATUS_COLOURS = {
  amber: { mantine: 'yellow', hex: '#A15C00' },
  green: { mantine: 'green', hex: '#237A37' },
  red: { mantine: 'red', hex: '#C92A2A' },
  gray: { mantine: 'gray', hex: '#495057' },
} as const;
export type StatusColour = keyof typeof STATUS_COLOURS;

export interface TrackerView {
  message: string;
  colour: StatusColour;
}

/**
 * What the public tracker says. The spec reads every other status as rejected; a case returned for
 * rectification or a shifted tenant is not a rejection, so those two get their own words (docs/application-lifecycle.md).
 */
const TRACKER_VIEWS: Record<StatusCode, TrackerView> = {
  LARP: { message: 'Application is pending at Sub-Locality/Wards.', colour: 'amber' },
  LAVP: { message: 'Application is pending at Local Authority.', colour: 'amber' },
  PLVP: { message: 'Application has been approved.', colour: 'green' },
  RJT: { message: 'Application has been rejected.', colour: 'red' },
  RECT: { message: 'Application has been returned to the applicant for rectification.', colour: 'amber' },
  APARV: { message: 'Application was approved; the tenant has since shifted.', colour: 'gray' },
};

export function trackerView(status: string): TrackerView {
  return isStatusCode(status) ? TRACKER_VIEWS[status] : TRACKER_VIEWS.RJT;
}

/** The Application Status choices of the report form. */
export const REPORT_STATUS_CHOICES: ReadonlyArray<{ value: StatusCode; label: string }> = [
  { value: 'LARP', label: 'Pending at Sub-localities' },
  { value: 'LAVP', label: 'Pending at Localities' },
  { value: 'PLVP', label: 'Approved by Localities' },
  { value: 'RJT', label: 'Rejected by Localities' },
];

export const LIST_PAGES = [
  'pending',
  'forwarded',
  'approved',
  'rejected',
  'rectification',
  'approvedTenants',
  'shiftedTenants',
] as const;
export type ListPage = (typeof LIST_PAGES)[number];

/** Which status each application list page shows to a role. */
export function listStatusFor(page: ListPage, role: StaffRole): StatusCode {
  switch (page) {
    case 'pending':
      return role === 'MODERATOR' ? 'LARP' : 'LAVP';
    case 'forwarded':
      return role === 'MODERATOR' || role === 'SUPERMODERATOR' ? 'LAVP' : 'PLVP';
    case 'approved':
    case 'approvedTenants':
      return 'PLVP';
    case 'rejected':
      return 'RJT';
    case 'rectification':
      return 'RECT';
    case 'shiftedTenants':
      return 'APARV';
  }
}

/** The steps a flow log records. 'submitted' is written when the application is created. */
export const FLOW_STEPS = [
  'submitted',
  'recommendedApproval',
  'recommendedRejection',
  'rectificationRequested',
  'resubmitted',
  'accepted',
  'declined',
  'certified',
  'deleted',
  'tenantShifted',
  'cancelled',
] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

/** The Application Flow timeline text of each step (stored as the flow entry's remarks). */
export const FLOW_TEXTS: Record<FlowStep, string> = {
  submitted: 'Application Submitted',
  recommendedApproval: 'Application forwarded to Locality by Sub-Locality/Wards',
  recommendedRejection: 'Application forwarded to Locality by Sub-Locality/Wards',
  rectificationRequested: 'Application returned to the applicant for rectification',
  resubmitted: 'Application resubmitted after rectification',
  accepted: 'Application approved by Locality',
  declined: 'Application rejected by Locality',
  certified: 'Clearance certificate issued by Locality',
  deleted: 'Application deleted',
  tenantShifted: 'Tenant shifted from the rental unit',
  cancelled: 'Application cancelled as the rental unit was vacated',
};

/** The application's remarks after each step; `detail` is the reason or the typed remarks where a step has one. */
export function remarkFor(step: FlowStep, detail = ''): string {
  switch (step) {
    case 'submitted':
      return '(Submitted)';
    case 'recommendedApproval':
      return '(May be Accepted)';
    case 'recommendedRejection':
      return `(Recommended for rejection: ${detail})`;
    case 'rectificationRequested':
      return `(Returned for rectification: ${detail})`;
    case 'resubmitted':
      return '(Resubmitted after rectification)';
    case 'accepted':
      return '(Approved by Locality/Cantonment)';
    case 'declined':
      return `(Rejected by Locality/Cantonment: ${detail})`;
    case 'certified':
      return '(Clearance certificate issued)';
    case 'deleted':
      return '(Application deleted)';
    case 'tenantShifted':
      return '(Tenant shifted)';
    case 'cancelled':
      return '(Cancelled: rental unit vacated)';
  }
}

/** Who holds a case, read from the state's `holder.*` tag. */
export const HOLDERS = ['ward', 'locality', 'police', 'applicant'] as const;
export type Holder = (typeof HOLDERS)[number];
export const HOLDER_LABELS: Record<Holder, string> = {
  ward: 'Sub-Locality/Ward',
  locality: 'Locality/Cantonment',
  police: 'Police Station',
  applicant: 'Applicant',
};
