import { fromPromise } from 'xstate';
import {
  trackerMachine,
  type TrackerApplication,
  type TrackerFlowEntry,
  type TrackerResult,
} from '../../machines/tracker';
import {
  fakeLandlordOtpAccess,
  forever,
  refuse,
  type LandlordOtpFakes,
} from '../components/landlord-otp-fakes';

/** Stand-ins for the tracker's calls, so stories show every state of the dialog without a server. */

export const TRACKER_EPIC = 'ABC1234567';
export const TRACKER_OTP = '123456';

export const trackerApplications: TrackerApplication[] = [
  { applid: 101, status: 'Application is pending at Sub-Locality/Wards.', applstatus: 'LARP', tenantId: 3 },
  { applid: 102, status: 'Application has been approved.', applstatus: 'PLVP', tenantId: 4 },
];

export const trackedAs = (applStatus: string, over: Partial<TrackerResult> = {}): TrackerResult => ({
  applid: 101,
  landlordName: 'Iba Lyngdoh',
  tenantName: 'Wanda Kharkongor',
  rentalUnitAddress: 'H-3, 3 Laitumkhrah Main Road, Shillong 793003',
  applStatus,
  statusMessage: '',
  holder: applStatus === 'LARP' ? 'ward' : applStatus === 'LAVP' ? 'locality' : null,
  holderLabel:
    applStatus === 'LARP' ? 'Sub-Locality/Ward' : applStatus === 'LAVP' ? 'Locality/Cantonment' : null,
  heldSince: '2026-01-01T10:00:00.000Z',
  heldDays: 4,
  serviceDays: 15,
  overdue: false,
  certified: false,
  ...over,
});

/** Approved and certified: the police station holds it and the certificate can be downloaded. */
export const certifiedResult = trackedAs('PLVP', {
  holder: 'police',
  holderLabel: 'Police Station',
  certified: true,
});

const flow: TrackerFlowEntry[] = [
  {
    id: 1,
    logdt: '2026-01-01T10:00:00.000Z',
    aplstatus: 'LARP',
    remarks: 'Application Submitted',
    comments: null,
    actor: 'landlord:12',
  },
  {
    id: 2,
    logdt: '2026-01-03T10:00:00.000Z',
    aplstatus: 'LAVP',
    remarks: 'Application forwarded to Locality by Sub-Locality/Wards',
    comments: null,
    actor: 'ward1',
  },
];

export interface TrackerFakes extends LandlordOtpFakes {
  applications?: 'some' | 'none' | 'fail' | 'pending';
  track?: TrackerResult | 'fail' | 'pending';
  certificate?: 'saved' | 'fail' | 'pending';
}

export function fakeTrackerLogic(fakes: TrackerFakes = {}) {
  return trackerMachine.provide({
    actors: {
      otpAccess: fakeLandlordOtpAccess(fakes),
      loadApplications: fromPromise(() => {
        switch (fakes.applications ?? 'some') {
          case 'none':
            return Promise.resolve([]);
          case 'fail':
            return refuse(500, 'Server Issue. Please try again later!');
          case 'pending':
            return forever<TrackerApplication[]>();
          default:
            return Promise.resolve(trackerApplications);
        }
      }),
      trackApplication: fromPromise(() => {
        const track = fakes.track ?? trackedAs('LARP');
        if (track === 'fail') return refuse(403, 'This application is not one of your applications.');
        if (track === 'pending') return forever<TrackerResult>();
        return Promise.resolve(track);
      }),
      loadFlow: fromPromise(() => Promise.resolve(flow)),
      downloadCertificate: fromPromise(() => {
        switch (fakes.certificate ?? 'saved') {
          case 'fail':
            return refuse(409, 'No clearance certificate has been issued for this application yet.');
          case 'pending':
            return forever<void>();
          default:
            return Promise.resolve();
        }
      }),
    },
  });
}
