import { fromPromise } from 'xstate';
import { CITIZEN_APPLICATION_MESSAGES } from '../../src/contract/citizen-applications.contract';
import {
  anonymousClearanceMachine,
  type ClearanceConsentGiven,
  type ClearancePeople,
  type ClearanceTenant,
  type ClearanceUnit,
  type GeneratedClearance,
} from '../../machines/clearance';
import {
  fakeLandlordOtpAccess,
  forever,
  refuse,
  storyLandlordKey,
  type LandlordOtpFakes,
} from '../components/landlord-otp-fakes';

/** Stand-ins for the clearance's calls, so stories show every state of the form without a server. */

export const CLEARANCE_EPIC = 'ABC1234567';
export const CLEARANCE_OTP = '12345';
export const TENANT_ID = 'TEN12345';

export const clearanceKey = storyLandlordKey;

export const vacantUnits: ClearanceUnit[] = [
  {
    rentcode: 'RC-1',
    houseNo: 'H-3',
    floorNo: '1st floor',
    address1: 'Laitumkhrah Main Road',
    address2: null,
    wardName: 'Laitumkhrah',
  },
  {
    rentcode: 'RC-2',
    houseNo: 'H-9',
    floorNo: null,
    address1: 'Police Bazar',
    address2: 'Near the clock tower',
    wardName: 'Police Bazar',
  },
];

export const foundTenant: ClearanceTenant = { id: 31, name: 'Wanda Kharkongor' };

/** The tenant's people, shown once the tenant's consent code is confirmed. */
export const tenantPeople: ClearancePeople = {
  familyMembers: [
    { memberCode: 7, memberName: 'Ibapyntngen Kharkongor', relationship: 'Spouse' },
    { memberCode: 8, memberName: 'Kynsai Kharkongor', relationship: 'Son' },
  ],
  helpers: [{ memberCode: 9, memberName: 'Bah Lyngdoh' }],
};

/** A generated application awaiting the tenant's consent: no people yet, the code's destination masked. */
export const generated: GeneratedClearance = {
  applid: 501,
  familyMembers: [],
  helpers: [],
  tenantConsent: 'pending',
  consentCodeSentTo: 'email w•••@example.com',
  tenantConsentedAt: null,
};

/** When the stories' tenant consented: 27-11-2026 14:05 IST. */
export const CONSENTED_AT = '2026-11-27T08:35:00.000Z';

/** The code the stories type (the fakes take any 6 digits). */
export const CONSENT_CODE = '123456';
export const WRONG_CONSENT_CODE = 'This code is not right. 4 tries left.';
export const REPLACED_CONSENT_CODE = CITIZEN_APPLICATION_MESSAGES.consentCodeReplaced;

type Outcome = 'ok' | 'pending' | 'fail' | 'keyEnded';

export interface ClearanceFakes extends LandlordOtpFakes {
  units?: 'some' | 'none' | Exclude<Outcome, 'ok'>;
  tenant?: 'found' | 'absent' | 'pending';
  generate?: 'some' | 'nobody' | Exclude<Outcome, 'ok' | 'keyEnded'>;
  /** The tenant's consent code: 'fail' answers as a wrong code, 'replaced' as an earlier code a resend replaced. */
  consent?: Outcome | 'replaced';
  /** Reset on the consent step withdraws the application. */
  withdraw?: Outcome;
  resend?: Exclude<Outcome, 'keyEnded'>;
  apply?: Outcome;
  download?: Exclude<Outcome, 'keyEnded'>;
  /** Told of every call the form makes, by actor name, with its input. */
  onCall?: (name: string, input: unknown) => void;
}

function settle<T>(outcome: string, value: T, failure = 'Server Issue. Please try again later!'): Promise<T> {
  if (outcome === 'pending') return forever<T>();
  if (outcome === 'fail') return refuse(500, failure);
  if (outcome === 'keyEnded') return refuse(401);
  return Promise.resolve(value);
}

export function fakeClearanceLogic(fakes: ClearanceFakes = {}) {
  const called = (name: string, input: unknown) => fakes.onCall?.(name, input);
  return anonymousClearanceMachine.provide({
    actors: {
      otpAccess: fakeLandlordOtpAccess(fakes),
      loadVacantUnits: fromPromise(({ input }) => {
        called('loadVacantUnits', input);
        const units = fakes.units ?? 'some';
        return settle(units, units === 'none' ? [] : vacantUnits);
      }),
      findTenant: fromPromise(({ input }) => {
        called('findTenant', input);
        const tenant = fakes.tenant ?? 'found';
        return tenant === 'absent' ? refuse(404, 'Tenant does not exist!') : settle(tenant, foundTenant);
      }),
      generateApplication: fromPromise(({ input }) => {
        called('generateApplication', input);
        const outcome = fakes.generate ?? 'some';
        return settle(outcome, generated, 'This rental unit is not vacant.');
      }),
      confirmConsent: fromPromise(({ input }) => {
        called('confirmConsent', input);
        const people: ClearancePeople =
          fakes.generate === 'nobody' ? { familyMembers: [], helpers: [] } : tenantPeople;
        if (fakes.consent === 'fail') return refuse(400, WRONG_CONSENT_CODE);
        if (fakes.consent === 'replaced') return refuse(409, REPLACED_CONSENT_CODE);
        const given: ClearanceConsentGiven = { ...people, tenantConsentedAt: CONSENTED_AT };
        return settle(fakes.consent ?? 'ok', given);
      }),
      withdrawApplication: fromPromise(({ input }) => {
        called('withdrawApplication', input);
        return settle(fakes.withdraw ?? 'ok', undefined);
      }),
      resendConsent: fromPromise(({ input }) => {
        called('resendConsent', input);
        return settle(fakes.resend ?? 'ok', { consentCodeSentTo: 'mobile ••••••1234' });
      }),
      applyApplication: fromPromise(({ input }) => {
        called('applyApplication', input);
        return settle(fakes.apply ?? 'ok', undefined, 'This application has already been applied.');
      }),
      downloadApplication: fromPromise(({ input }) => {
        called('downloadApplication', input);
        return settle(fakes.download ?? 'ok', undefined);
      }),
    },
  });
}
