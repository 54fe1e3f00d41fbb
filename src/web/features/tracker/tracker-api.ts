import { CERTIFICATE_ENDPOINTS } from '../../../contract/certificate.contract';
import { LANDLORD_ENDPOINTS } from '../../../contract/landlords-endpoints.contract';
import { TRACKING_ENDPOINTS } from '../../../contract/tracking.contract';
import { callEndpoint } from '../../api/endpoint-call';
import { asServerCall } from '../../api/server-failure';

// The tracker's calls (docs/tracker.md); the landlord's OTP key rides in X-Api-Key.

export function landlordApplicationsForTracker(landlordId: number, signal?: AbortSignal) {
  return asServerCall(() =>
    callEndpoint(LANDLORD_ENDPOINTS.applications, { params: { id: landlordId } }, signal),
  );
}

export function trackApplication(applid: number, epic: string, signal?: AbortSignal) {
  return asServerCall(() =>
    callEndpoint(TRACKING_ENDPOINTS.track, { params: { applid, landlordEpic: epic } }, signal),
  );
}

/** The clearance certificate of the landlord's own certified application (docs/certificate.md). */
export function clearanceCertificate(applid: number, signal?: AbortSignal) {
  return asServerCall(() =>
    callEndpoint(CERTIFICATE_ENDPOINTS.generateOwn, { params: { id: applid } }, signal),
  );
}

export function applicationFlowForTracker(applid: number, signal?: AbortSignal) {
  return asServerCall(() => callEndpoint(TRACKING_ENDPOINTS.flow, { params: { id: applid } }, signal));
}
