import { createContext, useContext } from 'react';
import type {
  AdminLocalitiesQuery,
  AdminLocality,
  AdminStation,
  AdminWard,
  AdminWardsQuery,
  LocalityEntryBody,
  StationEntryBody,
  UnitCreatedReply,
  WardEntryBody,
} from '../../../contract/jurisdiction-admin.contract';
import { JURISDICTION_ADMIN_ENDPOINTS as ENDPOINTS } from '../../../contract/jurisdiction-admin.endpoints';
import type { DistrictRow, PoliceStationRow } from '../../../contract/master.contract';
import { MASTER_LOOKUP_ENDPOINTS as LOOKUPS } from '../../../contract/master.endpoints';
import { callEndpoint } from '../../api/endpoint-call';
import { asServerCall } from '../../api/server-failure';

/** Meghalaya's state code: the district picker lists its districts (backoffice.md: "fetched with argument 17"). */
export const HOME_STATE_CODE = '17';

/**
 * The calls of the Police Stations, Localities and Sub-Localities/Wards screens (docs/jurisdiction-admin.md),
 * behind one interface so stories and tests plug in fakes. Every call rejects with a ServerFailure
 * `{status?, message?}` whose message is the server's.
 */
export interface JurisdictionAdminApi {
  stations: () => Promise<AdminStation[]>;
  localities: (query?: AdminLocalitiesQuery) => Promise<AdminLocality[]>;
  wards: (query?: AdminWardsQuery) => Promise<AdminWard[]>;
  districts: () => Promise<DistrictRow[]>;
  /** The public station list, for the locality's station picker (a district's only, for a VERIFIER). */
  stationChoices: (districtCode?: string) => Promise<PoliceStationRow[]>;
  createStation: (body: StationEntryBody) => Promise<UnitCreatedReply>;
  createLocality: (body: LocalityEntryBody) => Promise<UnitCreatedReply>;
  createWard: (body: WardEntryBody) => Promise<UnitCreatedReply>;
}

/** The filters that are set: an empty one is left out of the query. */
function setFilters<Q extends Record<string, string | undefined>>(query: Q = {} as Q): Q {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value)) as Q;
}

export const httpJurisdictionAdminApi: JurisdictionAdminApi = {
  stations: () => asServerCall(() => callEndpoint(ENDPOINTS.stations, {})),
  localities: (query) => asServerCall(() => callEndpoint(ENDPOINTS.localities, { query: setFilters(query) })),
  wards: (query) => asServerCall(() => callEndpoint(ENDPOINTS.wards, { query: setFilters(query) })),
  districts: () => asServerCall(() => callEndpoint(LOOKUPS.districts, { params: { id: HOME_STATE_CODE } })),
  stationChoices: (districtCode) =>
    asServerCall(() => callEndpoint(LOOKUPS.stations, { query: setFilters({ districtCode }) })),
  createStation: (body) => asServerCall(() => callEndpoint(ENDPOINTS.createStation, { body })),
  createLocality: (body) => asServerCall(() => callEndpoint(ENDPOINTS.createLocality, { body })),
  createWard: (body) => asServerCall(() => callEndpoint(ENDPOINTS.createWard, { body })),
};

export const JurisdictionAdminApiContext = createContext<JurisdictionAdminApi>(httpJurisdictionAdminApi);

export function useJurisdictionAdminApi(): JurisdictionAdminApi {
  return useContext(JurisdictionAdminApiContext);
}
