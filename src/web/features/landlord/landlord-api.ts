import type { PdfReply } from '../../../contract/forms.contract';
import { type Landlord } from '../../../contract/landlords.contract';
import {
  LANDLORD_ENDPOINTS,
  LANDLORD_RECORD_ENDPOINTS,
} from '../../../contract/landlords-endpoints.contract';
import { RENTAL_UNIT_RECORD_ENDPOINTS } from '../../../contract/rental-units-endpoints.contract';
import { channelChangeCalls } from '../../api/channel-change-calls';
import { callEndpoint } from '../../api/endpoint-call';
import { masterLookups } from '../../api/master-lookups';
import { asServerCall } from '../../api/server-failure';
import { withdrawClearanceApplication } from '../../api/withdraw-application';
import type { LandlordServices } from './landlord-services';

// The citizen (`process/`) twins of the landlord calls (docs/landlords-api.md); the key rides in X-Api-Key.

const own = LANDLORD_RECORD_ENDPOINTS.own;
const ownUnits = RENTAL_UNIT_RECORD_ENDPOINTS.own;
const ownChannelChange = channelChangeCalls('process');

/** GET process/Existlandlord/{epic}: resolves when registered, rejects with status 404 for a new EPIC. */
export function checkLandlordExists(epic: string, signal?: AbortSignal): Promise<void> {
  return asServerCall(() =>
    callEndpoint(LANDLORD_ENDPOINTS.existsSelf, { params: { epic } }, signal).then(() => undefined),
  );
}

export function landlordByEpic(epic: string, signal?: AbortSignal): Promise<Landlord> {
  return asServerCall(() => callEndpoint(own.landlordByEpic, { params: { epic } }, signal));
}

/** GET process/landlordRegistrationForm/{id}: the key's own registration form as a base64 PDF. */
export function landlordRegistrationForm(landlordId: string, signal?: AbortSignal): Promise<PdfReply> {
  return asServerCall(() =>
    callEndpoint(own.registrationForm, { params: { id: Number(landlordId) } }, signal),
  );
}

export const landlordApi: LandlordServices = {
  states: masterLookups.states,
  districts: masterLookups.districts,
  occupations: masterLookups.occupations,
  policeStations: masterLookups.policeStations,
  wards: masterLookups.wards,
  createLandlord: (body) => asServerCall(() => callEndpoint(LANDLORD_ENDPOINTS.registerSelf, { body: body })),
  pendingChannelChange: ownChannelChange.pending,
  stopChannelChange: ownChannelChange.stop,
  updateLandlord: (body) => asServerCall(() => callEndpoint(own.update, { body: body })),
  landlord: (landlordId) =>
    asServerCall(() => callEndpoint(own.landlord, { params: { id: Number(landlordId) } })),
  rentalUnits: (landlordId) =>
    asServerCall(() => callEndpoint(ownUnits.ofLandlord, { params: { landlordId: Number(landlordId) } })),
  createRentalUnit: (body) => asServerCall(() => callEndpoint(ownUnits.create, { body: body })),
  editRentalUnit: (rentcode, body) =>
    asServerCall(() => callEndpoint(ownUnits.change, { body: { ...body, rentcode } })),
  disownRentalUnit: (rentcode) =>
    asServerCall(() => callEndpoint(ownUnits.change, { body: { rentcode, delete: true } })),
  applications: (landlordId) =>
    asServerCall(() => callEndpoint(LANDLORD_ENDPOINTS.applications, { params: { id: Number(landlordId) } })),
  deleteApplication: withdrawClearanceApplication,
  markVacant: (landlordId, rentcode) =>
    asServerCall(() =>
      callEndpoint(ownUnits.markVacant, { params: { landlordId: Number(landlordId), rentcode } }),
    ),
};
