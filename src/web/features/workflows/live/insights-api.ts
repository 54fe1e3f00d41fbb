import { createContext, useContext } from 'react';
import { z } from 'zod';
import {
  INSIGHTS_LIFECYCLE_PATH,
  lifecycleInsightsSchema,
  type LifecycleInsights,
  type LifecycleRequest,
} from '../../../../contract/insights.contract';
import {
  districtSchema,
  localAuthoritySchema,
  localitySchema,
  policeStationSchema,
} from '../../../../contract/master.contract';
import { getParsed as get, sendParsed as send } from '../../../api/parsed-calls';
import type { Choice } from '../../../lib/use-choices';

/**
 * The live view's calls (docs/insights.md): the lifecycle's numbers and the master lookups behind its place
 * pickers. Every call rejects with a ServerFailure `{status?, message?}`; stories and tests plug in fakes.
 */
export interface LiveInsightsApi {
  lifecycle(request: LifecycleRequest, signal?: AbortSignal): Promise<LifecycleInsights>;
  districts(stateCode: string, signal?: AbortSignal): Promise<Choice[]>;
  stations(districtCode: string, signal?: AbortSignal): Promise<Choice[]>;
  localities(stationCode: string, signal?: AbortSignal): Promise<Choice[]>;
  wards(localityCode: string, signal?: AbortSignal): Promise<Choice[]>;
}

const enc = encodeURIComponent;

export const httpLiveInsightsApi: LiveInsightsApi = {
  lifecycle: (request) => send('POST', INSIGHTS_LIFECYCLE_PATH, lifecycleInsightsSchema, request),
  districts: async (stateCode, signal) =>
    (await get(`master/district/${enc(stateCode)}`, z.array(districtSchema), signal)).map((d) => ({
      value: d.districtCode,
      label: d.districtName,
    })),
  stations: async (districtCode, signal) =>
    (
      await get(
        `master/policestation?districtCode=${enc(districtCode)}`,
        z.array(policeStationSchema),
        signal,
      )
    ).map((s) => ({ value: s.policeStationCode, label: s.policeStationName })),
  localities: async (stationCode, signal) =>
    (await get(`master/Locality?policeStationCode=${enc(stationCode)}`, z.array(localitySchema), signal)).map(
      (l) => ({ value: l.localityCode, label: l.localityName }),
    ),
  wards: async (localityCode, signal) =>
    (
      await get(
        `master/LocalAuthority?localityCode=${enc(localityCode)}`,
        z.array(localAuthoritySchema),
        signal,
      )
    ).map((w) => ({ value: w.localAuthorityCode, label: w.localAuthorityName })),
};

export const LiveInsightsApiContext = createContext<LiveInsightsApi>(httpLiveInsightsApi);

export function useLiveInsightsApi(): LiveInsightsApi {
  return useContext(LiveInsightsApiContext);
}
