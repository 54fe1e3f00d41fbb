import { fromPromise } from 'xstate';
import { otpAccessMachine, type CitizenKey, type OtpSent } from '../../machines/access/otp-access.machine';
import {
  trackerMachine,
  type TrackerApplication,
  type TrackerFlowEntry,
  type TrackerResult,
} from '../../machines/tracker';

/** Stand-ins for the tracker's calls, so stories show every state of the dialog without a server. */

export const TRACKER_EPIC = 'ABC1234567';
export const TRACKER_OTP = '123456';

const forever = <T>() => new Promise<T>(() => {});
const refuse = (status: number, message?: string): Promise<never> =>
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
  Promise.reject({ status, message });

const sent: OtpSent = { message: 'OTP sent', channel: 'email', expiresAt: '2099-01-01T00:05:00.000Z' };
const key: CitizenKey = {
  apiKey: 'story-key',
  expiresAt: '2099-01-01T02:00:00.000Z',
  subject: 'landlord',
  landlordId: 12,
};

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
  ...over,
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

export interface TrackerFakes {
  otpRequest?: 'sent' | 'unknown';
  otpVerify?: 'ok' | 'wrong';
  applications?: 'some' | 'none' | 'fail' | 'pending';
  track?: TrackerResult | 'fail' | 'pending';
}

export function fakeTrackerLogic(fakes: TrackerFakes = {}) {
  return trackerMachine.provide({
    actors: {
      otpAccess: otpAccessMachine.provide({
        actors: {
          requestOtp: fromPromise(() =>
            fakes.otpRequest === 'unknown' ? refuse(404) : Promise.resolve(sent),
          ),
          verifyOtp: fromPromise(() =>
            fakes.otpVerify === 'wrong'
              ? refuse(400, 'Invalid OTP, Please retry! 4 tries left.')
              : Promise.resolve(key),
          ),
        },
      }),
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
    },
  });
}
