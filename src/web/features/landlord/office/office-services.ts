import { createContext, useContext } from 'react';
import { z } from 'zod';
import { channelUpdateReplySchema } from '../../../../contract/channel-changes.contract';
import { landlordSavedSchema, landlordSchema, type Landlord } from '../../../../contract/landlords.contract';
import {
  RENTAL_UNIT_CONSENT_PATHS,
  rentalUnitSchema,
  rentalUnitsPageSchema,
  unitChangedSchema,
  unitConsentGivenSchema,
  unitConsentResentSchema,
  unitSavedSchema,
  vacancyReplySchema,
  type RentalUnitsPage,
  type UnitConsentGiven,
  type UnitConsentResent,
} from '../../../../contract/rental-units.contract';
import { sealForServer } from '../../../api/sealed-secret';
import { masterLookups } from '../../../api/master-lookups';
import { getParsed as get, sendParsed as send } from '../../../api/parsed-calls';
import type { LandlordServices } from '../landlord-services';

// The officials' (`register/`) twins of the landlord page's calls (docs/landlords-api.md), with the bearer token
// the one HTTP client adds; a 401 goes through the shell's session handling in that client (notice + logout).

const enc = encodeURIComponent;

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
  createLandlord: (body) => send('POST', 'register/landlord', landlordSavedSchema, body),
  updateLandlord: (body) => send('PUT', 'register/updateLandlord', channelUpdateReplySchema, body),
  landlord: (landlordId) => get(`register/landlord/${enc(landlordId)}`, landlordSchema),
  rentalUnits: (landlordId) =>
    get(`register/rentalUnit/landlord/${enc(landlordId)}`, z.array(rentalUnitSchema)),
  createRentalUnit: (body) => send('POST', 'register/rentalUnit', unitSavedSchema, body),
  editRentalUnit: (rentcode, body) =>
    send('PUT', 'register/rentalUnit', unitChangedSchema, { ...body, rentcode }),
  disownRentalUnit: (rentcode) =>
    send('PUT', 'register/rentalUnit', unitChangedSchema, { rentcode, delete: true }),
  // MODERATOR and SUPERMODERATOR only (public-portal.md section 6); the screens offer it to them alone.
  markVacant: (landlordId, rentcode) =>
    get(`register/rentalUnit/changestatus/${enc(landlordId)}/${enc(rentcode)}`, vacancyReplySchema),
  landlordByEpic: (epic, signal) => get(`register/landlordByEpic/${enc(epic)}`, landlordSchema, signal),
  rentalUnitsPage: ({ page, size, q }, signal) => {
    const query = new URLSearchParams({ page: String(page) });
    if (size !== undefined) query.set('size', String(size));
    if (q) query.set('q', q);
    return get(`register/rentalUnits?${query.toString()}`, rentalUnitsPageSchema, signal);
  },
  confirmUnitConsent: async (rentcode, code) =>
    send('POST', RENTAL_UNIT_CONSENT_PATHS.confirm, unitConsentGivenSchema, {
      rentalUnitId: rentcode,
      code: await sealForServer(code),
    }),
  resendUnitConsent: (rentcode) =>
    send('POST', RENTAL_UNIT_CONSENT_PATHS.resend, unitConsentResentSchema, { rentalUnitId: rentcode }),
};

export const OfficeServicesContext = createContext<OfficeServices>(officeApi);

export function useOfficeServices(): OfficeServices {
  return useContext(OfficeServicesContext);
}
