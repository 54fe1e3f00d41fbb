import type { UpdateApplicationReply } from '../../contract/applications.contract';
import type { StaffIdentity } from '../security/sessions';
import { allowedEventsFor, closedAs, statusFields } from './application-facts';
import type { WorkflowResult } from './perform-event';

/**
 * The reply to a step, built from what the step wrote and the facts it left: no read after the write. The
 * labels and the open actions are the ones the detail would show for the same row.
 */
export function stepReply(result: WorkflowResult, staff: StaffIdentity): UpdateApplicationReply {
  const { written, facts } = result;
  return {
    applid: written.applid,
    ...statusFields(written.status, staff.role),
    remarks: written.remarks,
    version: written.version,
    closed: closedAs(facts),
    officialActed: written.officialActed,
    certified: written.certifiedAtMs !== null,
    certificateNo: written.certificateNo,
    certifiedAt: written.certifiedAtMs === null ? null : new Date(written.certifiedAtMs).toISOString(),
    certifiedBy: written.certifiedBy,
    leftLocalityOn: written.leftLocalityOn,
    allowedEvents: allowedEventsFor(facts, staff),
    message: result.message,
  };
}
