import { createContext, useContext } from 'react';
import { z } from 'zod';
import {
  adminLocalitySchema,
  adminStationSchema,
  adminWardSchema,
  unitCreatedReplySchema,
  type AdminLocalitiesQuery,
  type AdminLocality,
  type AdminStation,
  type AdminWard,
  type AdminWardsQuery,
  type LocalityEntryBody,
  type StationEntryBody,
  type UnitCreatedReply,
  type WardEntryBody,
} from '../../../contract/jurisdiction-admin.contract';
import {
  districtSchema,
  policeStationSchema,
  type DistrictRow,
  type PoliceStationRow,
} from '../../../contract/master.contract';
import { getParsed, sendParsed } from '../../api/parsed-calls';

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

function withQuery(path: string, query: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

export const httpJurisdictionAdminApi: JurisdictionAdminApi = {
  stations: () => getParsed('master/staff/policestations', z.array(adminStationSchema)),
  localities: (query) => getParsed(withQuery('master/staff/localities', query), z.array(adminLocalitySchema)),
  wards: (query) => getParsed(withQuery('master/staff/localauthorities', query), z.array(adminWardSchema)),
  districts: () => getParsed(`master/district/${HOME_STATE_CODE}`, z.array(districtSchema)),
  stationChoices: (districtCode) =>
    getParsed(withQuery('master/policestation', { districtCode }), z.array(policeStationSchema)),
  createStation: (body) => sendParsed('POST', 'master/policeStationEntry', unitCreatedReplySchema, body),
  createLocality: (body) => sendParsed('POST', 'master/locality', unitCreatedReplySchema, body),
  createWard: (body) => sendParsed('POST', 'master/localAuthorityEntry', unitCreatedReplySchema, body),
};

export const JurisdictionAdminApiContext = createContext<JurisdictionAdminApi>(httpJurisdictionAdminApi);

export function useJurisdictionAdminApi(): JurisdictionAdminApi {
  return useContext(JurisdictionAdminApiContext);
}
