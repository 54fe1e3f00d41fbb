import { createContext, useContext } from 'react';
import type { LifecycleInsights, LifecycleRequest } from '../../../../contract/insights.contract';
import { INSIGHTS_ENDPOINTS } from '../../../../contract/insights.endpoints';
import { masterLookups } from '../../../api/master-lookups';
import { callEndpoint } from '../../../api/endpoint-call';
import { asServerCall } from '../../../api/server-failure';
import type { Choice } from '../../../lib/use-choices';

/**
 * The live view's calls (docs/insights.md): the lifecycle's numbers, and the master lookups (src/web/api) behind
 * its place pickers as choices. Every call rejects with a ServerFailure `{status?, message?}`; stories and tests
 * plug in fakes.
 */
export interface LiveInsightsApi {
  lifecycle(request: LifecycleRequest): Promise<LifecycleInsights>;
  districts(stateCode: string): Promise<Choice[]>;
  stations(districtCode: string): Promise<Choice[]>;
  localities(stationCode: string): Promise<Choice[]>;
  wards(localityCode: string): Promise<Choice[]>;
}

const choices = <Row>(rows: Row[], value: (row: Row) => string, label: (row: Row) => string): Choice[] =>
  rows.map((row) => ({ value: value(row), label: label(row) }));

export const httpLiveInsightsApi: LiveInsightsApi = {
  lifecycle: (request) => asServerCall(() => callEndpoint(INSIGHTS_ENDPOINTS.lifecycle, { body: request })),
  districts: async (stateCode) =>
    choices(
      await masterLookups.districts(stateCode),
      (d) => d.districtCode,
      (d) => d.districtName,
    ),
  stations: async (districtCode) =>
    choices(
      await masterLookups.policeStations(districtCode),
      (s) => s.policeStationCode,
      (s) => s.policeStationName,
    ),
  localities: async (stationCode) =>
    choices(
      await masterLookups.localities(stationCode),
      (l) => l.localityCode,
      (l) => l.localityName,
    ),
  wards: async (localityCode) =>
    choices(
      await masterLookups.wardsOfLocality(localityCode),
      (w) => w.localAuthorityCode,
      (w) => w.localAuthorityName,
    ),
};

export const LiveInsightsApiContext = createContext<LiveInsightsApi>(httpLiveInsightsApi);

export function useLiveInsightsApi(): LiveInsightsApi {
  return useContext(LiveInsightsApiContext);
}
