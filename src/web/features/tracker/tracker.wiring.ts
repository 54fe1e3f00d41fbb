import { fromPromise } from 'xstate';
import {
  trackerMachine,
  type TrackerApplication,
  type TrackerCertificateRequest,
  type TrackerFlowEntry,
  type TrackerFlowLoad,
  type TrackerLoad,
  type TrackerResult,
  type TrackerTrack,
} from '../../../../machines/tracker';
import { otpAccessLogic } from '../../api/citizen-otp';
import { saveBase64File } from '../../lib/pdf-download';
import {
  applicationFlowForTracker,
  clearanceCertificate,
  landlordApplicationsForTracker,
  trackApplication,
} from './tracker-api';

/** The tracker machine with the real calls (the OTP child seals its code; the key is kept for this tab). */
export const trackerLogic = trackerMachine.provide({
  actors: {
    otpAccess: otpAccessLogic,
    loadApplications: fromPromise<TrackerApplication[], TrackerLoad>(async ({ input, signal }) => {
      if (input.key.landlordId === undefined) return [];
      return (await landlordApplicationsForTracker(input.key.landlordId, signal)).applications;
    }),
    trackApplication: fromPromise<TrackerResult, TrackerTrack>(({ input, signal }) =>
      trackApplication(input.applid, input.epic, signal),
    ),
    loadFlow: fromPromise<TrackerFlowEntry[], TrackerFlowLoad>(({ input, signal }) =>
      applicationFlowForTracker(input.applid, signal),
    ),
    downloadCertificate: fromPromise<void, TrackerCertificateRequest>(async ({ input, signal }) => {
      const pdf = await clearanceCertificate(input.applid, signal);
      saveBase64File(pdf.base64img, pdf.contenttype, pdf.filename);
    }),
  },
});
