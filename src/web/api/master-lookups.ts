import type { Endpoint, ParamsInputOf, ReplyOf } from '../../contract/endpoint';
import type {
  DistrictRow,
  LocalAuthorityRow,
  LocalityRow,
  PoliceStationRow,
  StateRow,
} from '../../contract/master.contract';
import { MASTER_LOOKUP_ENDPOINTS as LOOKUPS } from '../../contract/master.endpoints';
import { callEndpoint, endpointUrl, type EndpointInput } from './endpoint-call';
import { asServerCall } from './server-failure';

// The master lookups behind the citizens' pickers (docs/landlords-api.md) and the analysts' place filter. They are reference data, so each
// list is asked for once per page load however many pickers show it (both address cards, every dialog); a failed
// call is forgotten, so the next picker asks again.

const cache = new Map<string, Promise<unknown>>();

function lookup<E extends Endpoint>(endpoint: E, input: EndpointInput<E>): Promise<ReplyOf<E>> {
  const { params, query } = input as { params?: ParamsInputOf<E>; query?: unknown };
  const key = `${endpointUrl(endpoint, params)}?${JSON.stringify(query ?? {})}`;
  let pending = cache.get(key) as Promise<ReplyOf<E>> | undefined;
  if (!pending) {
    pending = asServerCall(() => callEndpoint(endpoint, input));
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

const values = (rows: { value: string }[]) => rows.map((row) => row.value);

export const masterLookups = {
  states: (): Promise<StateRow[]> => lookup(LOOKUPS.states, {}),
  districts: (stateCode: string): Promise<DistrictRow[]> =>
    lookup(LOOKUPS.districts, { params: { id: stateCode } }),
  occupations: (): Promise<string[]> => lookup(LOOKUPS.occupations, {}).then(values),
  relationships: (): Promise<string[]> => lookup(LOOKUPS.relationshipTypes, {}).then(values),
  tenancyTypes: () => lookup(LOOKUPS.tenancyTypes, {}),
  policeStations: (districtCode: string): Promise<PoliceStationRow[]> =>
    lookup(LOOKUPS.stations, { query: { districtCode } }),
  wards: (policeStationCode: string): Promise<LocalAuthorityRow[]> =>
    lookup(LOOKUPS.wards, { query: { policeStationCode } }),
  localities: (policeStationCode: string): Promise<LocalityRow[]> =>
    lookup(LOOKUPS.localities, { query: { policeStationCode } }),
  wardsOfLocality: (localityCode: string): Promise<LocalAuthorityRow[]> =>
    lookup(LOOKUPS.wards, { query: { localityCode } }),
};
