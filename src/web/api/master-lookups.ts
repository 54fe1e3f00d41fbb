import { z } from 'zod';
import {
  districtSchema,
  localAuthoritySchema,
  localitySchema,
  occupationSchema,
  policeStationSchema,
  relationshipTypeSchema,
  stateSchema,
  tenancyTypeSchema,
  type DistrictRow,
  type LocalAuthorityRow,
  type LocalityRow,
  type PoliceStationRow,
  type StateRow,
} from '../../contract/master.contract';
import { getParsed } from './parsed-calls';

// The master lookups behind the citizens' pickers (docs/landlords-api.md) and the analysts' place filter. They are reference data, so each
// list is asked for once per page load however many pickers show it (both address cards, every dialog); a failed
// call is forgotten, so the next picker asks again.

const enc = encodeURIComponent;
const cache = new Map<string, Promise<unknown>>();

function lookup<T>(url: string, schema: z.ZodType<T>): Promise<T> {
  let pending = cache.get(url) as Promise<T> | undefined;
  if (!pending) {
    pending = getParsed(url, schema);
    cache.set(url, pending);
    pending.catch(() => cache.delete(url));
  }
  return pending;
}

const values = (rows: { value: string }[]) => rows.map((row) => row.value);

export const masterLookups = {
  states: (): Promise<StateRow[]> => lookup('master/state', z.array(stateSchema)),
  districts: (stateCode: string): Promise<DistrictRow[]> =>
    lookup(`master/district/${enc(stateCode)}`, z.array(districtSchema)),
  occupations: (): Promise<string[]> => lookup('master/occupation', z.array(occupationSchema)).then(values),
  relationships: (): Promise<string[]> =>
    lookup('master/relationshiptype', z.array(relationshipTypeSchema)).then(values),
  tenancyTypes: () => lookup('master/tenancytype', z.array(tenancyTypeSchema)),
  policeStations: (districtCode: string): Promise<PoliceStationRow[]> =>
    lookup(`master/policestation?districtCode=${enc(districtCode)}`, z.array(policeStationSchema)),
  wards: (policeStationCode: string): Promise<LocalAuthorityRow[]> =>
    lookup(
      `master/LocalAuthority?policeStationCode=${enc(policeStationCode)}`,
      z.array(localAuthoritySchema),
    ),
  localities: (policeStationCode: string): Promise<LocalityRow[]> =>
    lookup(`master/Locality?policeStationCode=${enc(policeStationCode)}`, z.array(localitySchema)),
  wardsOfLocality: (localityCode: string): Promise<LocalAuthorityRow[]> =>
    lookup(`master/LocalAuthority?localityCode=${enc(localityCode)}`, z.array(localAuthoritySchema)),
};
