import { z } from 'zod';
import { channelUpdateReplySchema } from '../../../contract/channel-changes.contract';
import { pdfReplySchema, type PdfReply } from '../../../contract/forms.contract';
import {
  landlordApplicationsSchema,
  landlordSavedSchema,
  landlordSchema,
  type Landlord,
} from '../../../contract/landlords.contract';
import {
  rentalUnitSchema,
  unitChangedSchema,
  unitSavedSchema,
  vacancyReplySchema,
} from '../../../contract/rental-units.contract';
import { channelChangeCalls } from '../../api/channel-change-calls';
import { masterLookups } from '../../api/master-lookups';
import { getParsed as get, sendParsed as send } from '../../api/parsed-calls';
import { withdrawClearanceApplication } from '../../api/withdraw-application';
import type { LandlordServices } from './landlord-services';

// The citizen (`process/`) twins of the landlord calls (docs/landlords-api.md); the key rides in X-Api-Key.

const enc = encodeURIComponent;
const ownChannelChange = channelChangeCalls('process');

/** GET process/Existlandlord/{epic}: resolves when registered, rejects with status 404 for a new EPIC. */
export function checkLandlordExists(epic: string, signal?: AbortSignal): Promise<void> {
  return get(`process/Existlandlord/${enc(epic)}`, z.unknown(), signal).then(() => undefined);
}

export function landlordByEpic(epic: string, signal?: AbortSignal): Promise<Landlord> {
  return get(`process/landlordByEpic/${enc(epic)}`, landlordSchema, signal);
}

/** GET process/landlordRegistrationForm/{id}: the key's own registration form as a base64 PDF. */
export function landlordRegistrationForm(landlordId: string, signal?: AbortSignal): Promise<PdfReply> {
  return get(`process/landlordRegistrationForm/${enc(landlordId)}`, pdfReplySchema, signal);
}

export const landlordApi: LandlordServices = {
  states: masterLookups.states,
  districts: masterLookups.districts,
  occupations: masterLookups.occupations,
  policeStations: masterLookups.policeStations,
  wards: masterLookups.wards,
  createLandlord: (body) => send('POST', 'process/landlord', landlordSavedSchema, body),
  pendingChannelChange: ownChannelChange.pending,
  stopChannelChange: ownChannelChange.stop,
  updateLandlord: (body) => send('PUT', 'process/updateLandlord', channelUpdateReplySchema, body),
  landlord: (landlordId) => get(`process/landlord/${enc(landlordId)}`, landlordSchema),
  rentalUnits: (landlordId) =>
    get(`process/rentalUnit/landlord/${enc(landlordId)}`, z.array(rentalUnitSchema)),
  createRentalUnit: (body) => send('POST', 'process/rentalUnit', unitSavedSchema, body),
  editRentalUnit: (rentcode, body) =>
    send('PUT', 'process/rentalUnit', unitChangedSchema, { ...body, rentcode }),
  disownRentalUnit: (rentcode) =>
    send('PUT', 'process/rentalUnit', unitChangedSchema, { rentcode, delete: true }),
  applications: (landlordId) =>
    get(`process/AllApplicationByLandlord/${enc(landlordId)}`, landlordApplicationsSchema),
  deleteApplication: withdrawClearanceApplication,
  markVacant: (landlordId, rentcode) =>
    get(`process/rentalUnit/changestatus/${enc(landlordId)}/${enc(rentcode)}`, vacancyReplySchema),
};
