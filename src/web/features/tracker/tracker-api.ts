import { applicationFlowReplySchema } from '../../../contract/applications.contract';
import { pdfReplySchema } from '../../../contract/forms.contract';
import { landlordApplicationsSchema } from '../../../contract/landlords.contract';
import { trackingReplySchema } from '../../../contract/tracking.contract';
import { getParsed as get } from '../../api/parsed-calls';

// The tracker's calls (docs/tracker.md); the landlord's OTP key rides in X-Api-Key.

const enc = encodeURIComponent;

export function landlordApplicationsForTracker(landlordId: number, signal?: AbortSignal) {
  return get(
    `process/AllApplicationByLandlord/${enc(String(landlordId))}`,
    landlordApplicationsSchema,
    signal,
  );
}

export function trackApplication(applid: number, epic: string, signal?: AbortSignal) {
  return get(`process/anonymous/trackApplication/${applid}/${enc(epic)}`, trackingReplySchema, signal);
}

/** The clearance certificate of the landlord's own certified application (docs/certificate.md). */
export function clearanceCertificate(applid: number, signal?: AbortSignal) {
  return get(`process/GenerateRC/${applid}`, pdfReplySchema, signal);
}

export function applicationFlowForTracker(applid: number, signal?: AbortSignal) {
  return get(`process/applicationFlow/anonymous/${applid}`, applicationFlowReplySchema, signal);
}
