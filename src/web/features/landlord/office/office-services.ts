import { createContext, useContext } from 'react';
import { type Landlord } from '../../../../contract/landlords.contract';
import {
  LANDLORD_ENDPOINTS,
  LANDLORD_RECORD_ENDPOINTS,
} from '../../../../contract/landlords-endpoints.contract';
import {
  type RentalUnitsPage,
  type UnitConsentGiven,
  type UnitConsentResent,
} from '../../../../contract/rental-units.contract';
import {
  RENTAL_UNIT_ENDPOINTS,
  RENTAL_UNIT_RECORD_ENDPOINTS,
} from '../../../../contract/rental-units-endpoints.contract';
import { callEndpoint } from '../../../api/endpoint-call';
import { sealForServer } from '../../../api/sealed-secret';
import { masterLookups } from '../../../api/master-lookups';
import { asServerCall } from '../../../api/server-failure';
import type { LandlordServices } from '../landlord-services';

// The officials' (`register/`) twins of the landlord page's calls (docs/landlords-api.md), with the bearer token
// the one HTTP client adds; a 401 goes through the shell's session handling in that client (notice + logout).

const staff = LANDLORD_RECORD_ENDPOINTS.staff;
const staffUnits = RENTAL_UNIT_RECORD_ENDPOINTS.staff;

export interface RentalUnitsListQuery {
  page: number;
  size?: number;
  /** A landlord EPIC, or text of the house number or address lines. */
  q?: string;
}

/**
 * Every call of the officials' landlord and rental-unit screens. It is the landlord page's LandlordServices (so the
 * landlord feature's forms, tab and dialog work unchanged for staff) plus the lookups only officials make.
 * Every call rejects with a ServerFailure `{status?, message?}`.
 */
export interface OfficeServices extends LandlordServices {
  /** GET register/landlordByEpic/{epic}: any registered landlord (the card is seen in person); 404 when new. */
  landlordByEpic(epic: string, signal?: AbortSignal): Promise<Landlord>;
  /** GET register/rentalUnits: the units inside the official's jurisdiction, paged. */
  rentalUnitsPage(query: RentalUnitsListQuery, signal?: AbortSignal): Promise<RentalUnitsPage>;
  /** POST register/rentalUnit/landlordConsent: the landlord's code for a unit this official added (sealed here). */
  confirmUnitConsent(rentcode: string, code: string): Promise<UnitConsentGiven>;
  /** POST register/rentalUnit/landlordConsent/resend: a new code to the landlord. */
  resendUnitConsent(rentcode: string): Promise<UnitConsentResent>;
}

export const officeApi: OfficeServices = {
  states: masterLookups.states,
  districts: masterLookups.districts,
  occupations: masterLookups.occupations,
  policeStations: masterLookups.policeStations,
  wards: masterLookups.wards,
  // No OTP: the official has seen the election card in person.
  createLandlord: (body) => asServerCall(() => callEndpoint(LANDLORD_ENDPOINTS.register, { body })),
  updateLandlord: (body) => asServerCall(() => callEndpoint(staff.update, { body })),
  landlord: (landlordId) => asServerCall(() => callEndpoint(staff.landlord, { params: { id: landlordId } })),
  rentalUnits: (landlordId) =>
    asServerCall(() => callEndpoint(staffUnits.ofLandlord, { params: { landlordId } })),
  createRentalUnit: (body) => asServerCall(() => callEndpoint(staffUnits.create, { body })),
  editRentalUnit: (rentcode, body) =>
    asServerCall(() => callEndpoint(staffUnits.change, { body: { ...body, rentcode } })),
  disownRentalUnit: (rentcode) =>
    asServerCall(() => callEndpoint(staffUnits.change, { body: { rentcode, delete: true } })),
  // MODERATOR and SUPERMODERATOR only (public-portal.md section 6); the screens offer it to them alone.
  markVacant: (landlordId, rentcode) =>
    asServerCall(() => callEndpoint(staffUnits.markVacant, { params: { landlordId, rentcode } })),
  landlordByEpic: (epic, signal) =>
    asServerCall(() => callEndpoint(staff.landlordByEpic, { params: { epic } }, signal)),
  // The page always goes; the size and filter only when given (an empty filter is none).
  rentalUnitsPage: ({ page, size, q }, signal) =>
    asServerCall(() =>
      callEndpoint(RENTAL_UNIT_ENDPOINTS.list, { query: { page, size, q: q || undefined } }, signal),
    ),
  confirmUnitConsent: async (rentcode, code) => {
    const body = { rentalUnitId: rentcode, code: await sealForServer(code) };
    return asServerCall(() => callEndpoint(RENTAL_UNIT_ENDPOINTS.confirmConsent, { body }));
  },
  resendUnitConsent: (rentcode) =>
    asServerCall(() =>
      callEndpoint(RENTAL_UNIT_ENDPOINTS.resendConsent, { body: { rentalUnitId: rentcode } }),
    ),
};

export const OfficeServicesContext = createContext<OfficeServices>(officeApi);

export function useOfficeServices(): OfficeServices {
  return useContext(OfficeServicesContext);
}
