import { z } from 'zod';
import { messageReplySchema } from '../../../contract/api';
import { landlordSavedSchema, landlordSchema, type Landlord } from '../../../contract/landlords.contract';
import {
  districtSchema,
  localAuthoritySchema,
  occupationSchema,
  policeStationSchema,
  stateSchema,
} from '../../../contract/master.contract';
import {
  rentalUnitSchema,
  unitChangedSchema,
  unitSavedSchema,
  vacancyReplySchema,
} from '../../../contract/rental-units.contract';
import { api } from '../../api/client';
import { asServerCall } from '../../api/server-failure';
import type { LandlordServices } from './landlord-services';

// The citizen (`process/`) twins of the landlord calls (docs/landlords-api.md); the key rides in X-Api-Key.

const enc = encodeURIComponent;

function get<T>(url: string, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  return asServerCall(async () => schema.parse(await api(url, { signal })));
}

function send<T>(method: 'POST' | 'PUT', url: string, schema: z.ZodType<T>, body: object): Promise<T> {
  return asServerCall(async () =>
    schema.parse(await api(url, { method, body: body as Record<string, unknown> })),
  );
}

/** GET process/Existlandlord/{epic}: resolves when registered, rejects with status 404 for a new EPIC. */
export function checkLandlordExists(epic: string, signal?: AbortSignal): Promise<void> {
  return get(`process/Existlandlord/${enc(epic)}`, z.unknown(), signal).then(() => undefined);
}

export function landlordByEpic(epic: string, signal?: AbortSignal): Promise<Landlord> {
  return get(`process/landlordByEpic/${enc(epic)}`, landlordSchema, signal);
}

export const landlordApi: LandlordServices = {
  states: () => get('master/state', z.array(stateSchema)),
  districts: (stateCode) => get(`master/district/${enc(stateCode)}`, z.array(districtSchema)),
  occupations: () =>
    get('master/occupation', z.array(occupationSchema)).then((rows) => rows.map((row) => row.value)),
  policeStations: (districtCode) =>
    get(`master/policestation?districtCode=${enc(districtCode)}`, z.array(policeStationSchema)),
  wards: (policeStationCode) =>
    get(`master/LocalAuthority?policeStationCode=${enc(policeStationCode)}`, z.array(localAuthoritySchema)),
  createLandlord: (body) => send('POST', 'process/landlord', landlordSavedSchema, body),
  updateLandlord: (body) => send('PUT', 'process/updateLandlord', messageReplySchema, body),
  landlord: (landlordId) => get(`process/landlord/${enc(landlordId)}`, landlordSchema),
  rentalUnits: (landlordId) =>
    get(`process/rentalUnit/landlord/${enc(landlordId)}`, z.array(rentalUnitSchema)),
  createRentalUnit: (body) => send('POST', 'process/rentalUnit', unitSavedSchema, body),
  editRentalUnit: (rentcode, body) =>
    send('PUT', 'process/rentalUnit', unitChangedSchema, { ...body, rentcode }),
  disownRentalUnit: (rentcode) =>
    send('PUT', 'process/rentalUnit', unitChangedSchema, { rentcode, delete: true }),
  markVacant: (landlordId, rentcode) =>
    get(`process/rentalUnit/changestatus/${enc(landlordId)}/${enc(rentcode)}`, vacancyReplySchema),
};
