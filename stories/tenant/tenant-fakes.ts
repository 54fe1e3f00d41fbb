import { fromPromise } from 'xstate';
import type { ServerFailure } from '../../machines/access/failures';
import {
  otpAccessMachine,
  type CitizenKey,
  type OtpRequest,
  type OtpSent,
  type OtpVerification,
} from '../../machines/access/otp-access.machine';
import { tenantStepperMachine } from '../../machines/access/tenant-stepper.machine';
import type {
  TenantFilesRequest,
  TenantLoad,
  TenantLookup,
  TenantRecord,
} from '../../machines/access/tenant-stepper.types';
import type { Tenant } from '../../src/contract/tenants.contract';

/** Stand-ins for the tenant stepper's calls, so stories and jsdom tests show every state without a server. */

export const SAMPLE_ID = 'BQRPS4821K';
export const SAMPLE_OTP = '123456';

export const sampleTenant: Tenant = {
  id: 1001,
  epicNo: SAMPLE_ID,
  firstName: 'Iba',
  middleName: null,
  lastName: 'Kharkongor',
  email: 'iba@example.in',
  occupation: 'Teacher',
  parentOrspouseName: 'D. Kharkongor',
  nationality: 'Indian',
  age: '1994-05-17',
  mobile: '9863012345',
  type: 'T1',
  individualEpic: true,
  exist: true,
  permanentAddress: {
    address1: 'House 12, Laitumkhrah',
    address2: null,
    pinCode: '793003',
    district: {
      districtCode: '1701',
      districtName: 'East Khasi Hills',
      statename: { stateCode: '17', stateName: 'Meghalaya' },
    },
  },
  presentAddress: {
    address1: 'Flat 3, Police Bazar',
    address2: 'Near the post office',
    pinCode: '793001',
    district: {
      districtCode: '1701',
      districtName: 'East Khasi Hills',
      statename: { stateCode: '17', stateName: 'Meghalaya' },
    },
  },
};

export const sampleKey: CitizenKey = {
  apiKey: 'story-key',
  expiresAt: '2099-01-01T00:00:00.000Z',
  subject: 'tenant',
  tenantId: 1001,
};

const forever = <T>() => new Promise<T>(() => {});
/** Rejects the way the browser wiring does: with a plain `{status, message}` (asServerCall), not an Error. */
const refuse = async (failure: ServerFailure): Promise<never> => {
  throw failure;
};

export interface FakeTenantOptions {
  /** 'unknown' answers 404 (no such tenant). */
  otpRequest?: 'sends' | 'unknown' | 'fails';
  /**
   * 'checks' refuses any code but SAMPLE_OTP with 400; 'pending' never answers; 'contested' gives a key that
   * reaches only the record's held change (docs/otp-channel-changes.md, "A contested record").
   */
  otpVerify?: 'checks' | 'pending' | 'contested';
  /** Register tab: 'absent' (404, a new registration), 'exists', 'fails' (500). */
  check?: 'absent' | 'exists' | 'fails';
  /** The document types listed at the final step. */
  documentTypes?: string[];
  download?: 'saves' | 'fails';
  /** Receives each form download, for tests. */
  onDownload?(request: TenantFilesRequest): void;
}

export function fakeTenantLogic(options: FakeTenantOptions = {}) {
  const {
    otpRequest = 'sends',
    otpVerify = 'checks',
    check = 'absent',
    documentTypes = ['PHOTO', 'IDENTITYPROOF', 'SIGNATURE'],
    download = 'saves',
    onDownload,
  } = options;
  return tenantStepperMachine.provide({
    actors: {
      otpAccess: otpAccessMachine.provide({
        actors: {
          requestOtp: fromPromise<OtpSent, OtpRequest>(async () => {
            if (otpRequest === 'unknown') return refuse({ status: 404, message: 'Tenant does not exist!' });
            if (otpRequest === 'fails') return refuse({ status: 500 });
            return {
              message: 'sent',
              channel: 'email',
              expiresAt: '2099-01-01T00:05:00.000Z',
              challenge: 'story-challenge',
            };
          }),
          verifyOtp: fromPromise<CitizenKey, OtpVerification>(async ({ input }) => {
            if (otpVerify === 'pending') return forever();
            if (input.otp !== SAMPLE_OTP) return refuse({ status: 400 });
            const key = { ...sampleKey, subject: input.subject };
            return otpVerify === 'contested' ? { ...key, reach: 'held-change' as const } : key;
          }),
        },
      }),
      checkTenant: fromPromise<void, TenantLookup>(async () => {
        if (check === 'absent')
          return refuse({ status: 404, message: 'Tenant does not exist. Please Register!' });
        if (check === 'fails') return refuse({ status: 500 });
      }),
      loadTenant: fromPromise<TenantRecord, TenantLoad>(async () => ({
        tenantId: String(sampleTenant.id),
        epicNo: sampleTenant.epicNo,
        details: sampleTenant,
      })),
      listDocumentTypes: fromPromise<string[], TenantFilesRequest>(async () => documentTypes),
      downloadForm: fromPromise<void, TenantFilesRequest>(async ({ input }) => {
        onDownload?.(input);
        if (download === 'fails') return refuse({ status: 500, message: 'The form could not be made.' });
      }),
    },
  });
}
