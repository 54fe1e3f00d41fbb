import { REFUSALS, type FlowStep } from '../../../machines/application';

/** Refusals the workflow adds to the machine's own (machines/application/lifecycle.selectors.ts REFUSALS). */
export const WORKFLOW_REFUSALS = {
  stale: 'This application was changed by someone else. Please reload it.',
  incomplete:
    'This application has not been applied yet: the applicant must first choose the family members and helpers it covers.',
  deleteOnlyByLoggingModerator:
    'Only the Sub-Locality/Ward officer who logged this application may delete it, and only while it is pending at the Locality; the official who made it may withdraw it only while the tenant’s consent is awaited.',
} as const;

/** Machine refusals that are about who the caller is (403); every other refusal is about the case now (409). */
export const FORBIDDEN_REFUSALS: readonly string[] = [REFUSALS.outsideJurisdiction, REFUSALS.notYours];

export const notFoundMessage = (applid: number) => `Application ${applid} was not found.`;

/** What the person is told after each step; the spec's approval text is used word for word. */
export function successMessage(step: FlowStep, applid: number, certificateNo: string | null): string {
  switch (step) {
    case 'recommendedApproval':
      return `Application ${applid} was recommended for approval and forwarded to the Locality.`;
    case 'recommendedRejection':
      return `Application ${applid} was recommended for rejection and forwarded to the Locality.`;
    case 'rectificationRequested':
      return `Application ${applid} was returned to the applicant for rectification.`;
    case 'resubmitted':
      return `Application ${applid} was resubmitted to the Sub-Locality/Ward.`;
    case 'accepted':
      return 'Successfully Approved Application';
    case 'declined':
      return `Application ${applid} was rejected.`;
    case 'certified':
      return `Clearance certificate ${certificateNo ?? ''} issued for application ${applid}.`;
    case 'deleted':
      return `Application ${applid} deleted.`;
    case 'tenantShifted':
      return `The tenant of application ${applid} was marked as shifted.`;
    case 'cancelled':
      return `Application ${applid} was cancelled as the rental unit was vacated.`;
    case 'submitted':
      return `Application ${applid} submitted.`;
  }
}
