import { createContext, useContext, type ReactNode } from 'react';
import { MASTER_ENDPOINTS } from '../../../contract/master.endpoints';
import { REGISTER_ENDPOINTS, type LandlordPage } from '../../../contract/register.contract';
import { callEndpoint } from '../../api/endpoint-call';

/** The landlords screen's calls, behind one interface so stories and tests plug in fakes. */
export interface LandlordsApi {
  page(args: { username: string; code: string; page: number }): Promise<LandlordPage>;
  wards(localityCode: string): Promise<Array<{ localAuthorityCode: string; localAuthorityName: string }>>;
}

export const httpLandlordsApi: LandlordsApi = {
  page: ({ username, code, page }) =>
    callEndpoint(REGISTER_ENDPOINTS.landlordsPage, { params: { username, code, page } }),
  wards: (localityCode) => callEndpoint(MASTER_ENDPOINTS.wardsOfLocality, { params: { code: localityCode } }),
};

const LandlordsApiContext = createContext<LandlordsApi>(httpLandlordsApi);

export function LandlordsApiProvider({ value, children }: { value: LandlordsApi; children: ReactNode }) {
  return <LandlordsApiContext.Provider value={value}>{children}</LandlordsApiContext.Provider>;
}

export function useLandlordsApi(): LandlordsApi {
  return useContext(LandlordsApiContext);
}
