import type { PendingChannelChange } from '../../src/contract/channel-changes.contract';
import { fakeChannelChangeCalls } from '../components/channel-change-fakes';
import { fromPromise } from 'xstate';
import { OTP_TEXTS } from '../../machines/access/otp-rules';
import { landlordStepperMachine } from '../../machines/access/landlord-stepper.machine';
import type {
  LandlordFormRequest,
  LandlordLoad,
  LandlordLookup,
  LandlordRecord,
} from '../../machines/access/landlord-stepper.types';
import {
  otpAccessMachine,
  type CitizenKey,
  type OtpRequest,
  type OtpSent,
  type OtpVerification,
} from '../../machines/access/otp-access.machine';
import type {
  Landlord,
  LandlordApplication,
  LandlordApplications,
} from '../../src/contract/landlords.contract';
import type { RentalUnit } from '../../src/contract/rental-units.contract';
import type { LandlordServices } from '../../src/web/features/landlord/landlord-services';

/** Stand-ins for the landlord wizard's calls, so stories and jsdom tests show every state without a server. */

export const KNOWN_EPIC = 'ABC1234567';
export const NEW_EPIC = 'XYZ7654321';
export const RIGHT_OTP = '123456';
/** What the server answers for every refused code (docs/otp-and-citizen-keys.md). */
export const WRONG_OTP_MESSAGE = OTP_TEXTS.refused;

const forever = <T>() => new Promise<T>(() => {});
/** How the wiring rejects (src/web/api/server-failure.ts): a ServerFailure, not an Error. */
const refuse = (status: number, message?: string): Promise<never> =>
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
  Promise.reject({ status, message });

const address = {
  address1: 'Laitumkhrah Main Road',
  address2: 'Near Don Bosco Square',
  pinCode: '793003',
  district: {
    districtCode: '1701',
    districtName: 'East Khasi Hills',
    statename: { stateCode: '17', stateName: 'Meghalaya' },
  },
};

export const unit = (n: number, vacant: boolean): RentalUnit => ({
  rentcode: `RU00000000${n}`,
  houseNo: `H-${n}`,
  floorNo: n % 2 ? 'Ground floor' : 'First floor',
  address1: `${n} Laitumkhrah Main Road`,
  address2: 'Shillong',
  pinCode: '793003',
  district: { districtCode: '1701', districtName: 'East Khasi Hills' },
  vacant,
  laCode: 'PS1701001LA01W01',
  landlordId: 12,
  la: {
    localAuthorityCode: 'PS1701001LA01W01',
    localAuthorityName: 'Laitumkhrah Main',
    headManName: 'B. Lyngdoh',
    ps: { policeStationName: 'Laitumkhrah PS', policeStationCode: 'PS1701001' },
    dist: { districtCode: '1701', districtName: 'East Khasi Hills' },
  },
});

export const sampleLandlord: Landlord = {
  id: 12,
  landlord_id: 12,
  epicNo: KNOWN_EPIC,
  firstName: 'Wanphrang',
  middleName: null,
  lastName: 'Nongbri',
  occupation: 'Business',
  mobile: '9862012345',
  email: 'wanphrang@example.in',
  permanentAddress: address,
  presentAddress: address,
  rentalUnit: [],
  exist: true,
};

const keyFor = (landlordId: number): CitizenKey => ({
  apiKey: 'story-key',
  expiresAt: '2030-01-01T00:00:00.000Z',
  subject: 'landlord',
  landlordId,
});

export interface FakeStepperOptions {
  /** What Existlandlord says: 'found' (already registered), 'notFound' (fresh), 'pending', 'offline'. */
  check?: 'found' | 'notFound' | 'pending' | 'offline';
  /** getOTP: 'sent', 'unknown' (404), 'pending'. */
  otpRequest?: 'sent' | 'unknown' | 'pending';
  /** The landlord load after a right code. */
  load?: 'loads' | 'pending';
  /** The final step's form download: 'saves' (nothing is saved in a story), 'pending', 'expired' (401). */
  download?: 'saves' | 'pending' | 'expired';
  onVerify?(request: OtpVerification): void;
  onDownload?(request: LandlordFormRequest): void;
}

/** The stepper with fake calls: RIGHT_OTP opens the key; any other code is refused as the server does. */
export function fakeStepperLogic(options: FakeStepperOptions = {}) {
  const { check = 'notFound', otpRequest = 'sent', load = 'loads', download = 'saves' } = options;
  const { onVerify, onDownload } = options;
  return landlordStepperMachine.provide({
    actors: {
      otpAccess: otpAccessMachine.provide({
        actors: {
          requestOtp: fromPromise<OtpSent, OtpRequest>(async () => {
            if (otpRequest === 'pending') return forever();
            if (otpRequest === 'unknown') return refuse(404, 'Landlord does not exist!');
            return {
              message: 'OTP has been sent to your registered email!',
              channel: 'email',
              challenge: 'story-challenge',
              expiresAt: '',
            };
          }),
          verifyOtp: fromPromise<CitizenKey, OtpVerification>(async ({ input }) => {
            onVerify?.(input);
            if (input.otp !== RIGHT_OTP) return refuse(400, WRONG_OTP_MESSAGE);
            return keyFor(input.id === KNOWN_EPIC ? sampleLandlord.id : 99);
          }),
        },
      }),
      checkLandlord: fromPromise<void, LandlordLookup>(async () => {
        if (check === 'pending') return forever();
        if (check === 'found') return;
        if (check === 'offline') return refuse(0);
        return refuse(404, 'No landlord is registered with this EPIC number.');
      }),
      loadLandlord: fromPromise<LandlordRecord, LandlordLoad>(async () => {
        if (load === 'pending') return forever();
        return { landlordId: String(sampleLandlord.id), epicNo: KNOWN_EPIC, details: sampleLandlord };
      }),
      downloadForm: fromPromise<void, LandlordFormRequest>(async ({ input }) => {
        onDownload?.(input);
        if (download === 'pending') return forever();
        if (download === 'expired') return refuse(401, 'Authentication Failed');
      }),
    },
  });
}

export const application = (
  applid: number,
  applstatus: string,
  status: string,
  logby = 'landlord:12',
): LandlordApplication => ({
  applid,
  status,
  applstatus,
  landlordId: 12,
  tenantId: 40 + applid,
  logby,
  complete: applstatus !== 'LARP' || applid % 2 === 0,
  createdAt: '2026-11-20T10:00:00.000Z',
});

export const sampleApplications: LandlordApplication[] = [
  application(31, 'LARP', 'Application is pending at Sub-Locality/Wards.'),
  application(28, 'LAVP', 'Application is pending at Local Authority.', 'moderator'),
  application(17, 'PLVP', 'Application has been approved.', 'moderator'),
  application(9, 'RJT', 'Application has been rejected.'),
];

export interface FakeServicesOptions {
  units?: RentalUnit[];
  /** The Applications tab: its rows (default sampleApplications), 'pending', 'failed', or 'none' (no such call). */
  applications?: LandlordApplication[] | 'pending' | 'failed' | 'none';
  /** The total the list reply gives (default: the rows' count); more than the rows means the list was capped. */
  applicationsTotal?: number;
  /** Every key-carrying call answers 401: the key has ended on the server. */
  keyEnded?: boolean;
  /** Refuse every save with this server message. */
  refuseSaves?: string;
  /** Receives every write, for tests. */
  onCall?(name: string, ...args: unknown[]): void;
  /** A change of the landlord's mobile asked by an official, waiting (docs/otp-channel-changes.md). */
  pendingChange?: PendingChannelChange;
}

/** The landlord's own held channel change: only the key holder's page has the calls (like Applications). */
function channelChangeServices(options: FakeServicesOptions) {
  if (options.applications === 'none') return {};
  const calls = fakeChannelChangeCalls({
    pending: options.pendingChange ?? null,
    onStop: () => options.onCall?.('stopChannelChange'),
  });
  return { pendingChannelChange: calls.pending, stopChannelChange: calls.stop };
}

/** The landlord page's calls over an in-memory list of units. */
export function fakeServices(options: FakeServicesOptions = {}): LandlordServices {
  const { refuseSaves, onCall, keyEnded = false } = options;
  const listed = options.applications ?? sampleApplications;
  let units = [...(options.units ?? [])];
  const deleted = new Set<number>();
  let next = units.length + 1;
  const write = <T>(name: string, args: unknown[], reply: () => T): Promise<T> => {
    onCall?.(name, ...args);
    return refuseSaves ? refuse(400, refuseSaves) : Promise.resolve(reply());
  };
  return {
    states: async () => [{ stateCode: '17', stateName: 'Meghalaya' }],
    districts: async () => [
      { districtCode: '1701', districtName: 'East Khasi Hills' },
      { districtCode: '1703', districtName: 'Ri-Bhoi' },
    ],
    occupations: async () => ['Business', 'Government Service', 'Teacher'],
    policeStations: async (districtCode) => [
      {
        policeStationCode: 'PS1701001',
        policeStationName: 'Laitumkhrah PS',
        dist: { districtCode, districtName: 'East Khasi Hills', stateCode: '17' },
      },
    ],
    wards: async () => [
      {
        localAuthorityCode: 'PS1701001LA01W01',
        localAuthorityName: 'Laitumkhrah Main',
        headManName: 'B. Lyngdoh',
        area: 'PS1701001LA01',
        localityName: 'Laitumkhrah',
        ps: { policeStationCode: 'PS1701001', policeStationName: 'Laitumkhrah PS' },
        dist: { districtCode: '1701', districtName: 'East Khasi Hills' },
      },
    ],
    createLandlord: (body) =>
      write('createLandlord', [body], () => ({
        message: 'Successfully Saved Landlord. Please login to proceed with further data entries.',
        landlord_id: 99,
      })),
    updateLandlord: (body) =>
      write('updateLandlord', [body], () => ({ message: 'Successfully updated landlord!' })),
    landlord: async () => sampleLandlord,
    rentalUnits: async () => (keyEnded ? refuse(401, 'Authentication Failed') : units),
    createRentalUnit: (body) =>
      write('createRentalUnit', [body], () => {
        const created = { ...unit(next, true), houseNo: body.houseNo ?? null, address1: body.address1 };
        next += 1;
        units = [...units, created];
        return { message: 'Successfully Saved Rental Unit', rentcode: created.rentcode };
      }),
    editRentalUnit: (rentcode, body) =>
      write('editRentalUnit', [rentcode, body], () => {
        units = units.map((u) => (u.rentcode === rentcode ? { ...u, address1: body.address1 } : u));
        return { message: 'Successfully Edited Rental Unit' };
      }),
    disownRentalUnit: (rentcode) =>
      write('disownRentalUnit', [rentcode], () => {
        units = units.filter((u) => u.rentcode !== rentcode);
        return { message: 'Successfully Deleted Rental Unit' };
      }),
    markVacant: (landlordId, rentcode) =>
      write('markVacant', [landlordId, rentcode], () => {
        units = units.map((u) => (u.rentcode === rentcode ? { ...u, vacant: true } : u));
        return { message: 'Successfully Updated!' };
      }),
    ...channelChangeServices(options),
    ...(listed === 'none'
      ? {}
      : {
          applications: async (): Promise<LandlordApplications> => {
            if (keyEnded) return refuse(401, 'Authentication Failed');
            if (listed === 'pending') return forever();
            if (listed === 'failed') return refuse(500, 'Server Issue. Please try again later!');
            const rows = listed.filter((row) => !deleted.has(row.applid));
            return { applications: rows, total: (options.applicationsTotal ?? listed.length) - deleted.size };
          },
          deleteApplication: (applid: number, landlordId: string) =>
            write('deleteApplication', [applid, landlordId], () => {
              deleted.add(applid);
              return { message: 'Application deleted successfully!' };
            }),
        }),
  };
}
