import { createContext, useContext, type ReactNode } from 'react';
import type { LandlordPage } from '../../../contract/register.contract';
import { api } from '../../api/client';

/** The landlords screen's calls, behind one interface so stories and tests plug in fakes. */
export interface LandlordsApi {
  page(args: { username: string; code: string; page: number }): Promise<LandlordPage>;
  wards(localityCode: string): Promise<Array<{ localAuthorityCode: string; localAuthorityName: string }>>;
}

export const httpLandlordsApi: LandlordsApi = {
  page: ({ username, code, page }) =>
    api<LandlordPage>(
      `process/GetListLandlordsByLACode/user/${encodeURIComponent(username)}/${encodeURIComponent(code)}/${page}`,
    ),
  wards: (localityCode) =>
    api<Array<{ localAuthorityCode: string; localAuthorityName: string }>>(
      `master/LocalAuthorityByLocality/${encodeURIComponent(localityCode)}`,
    ),
};

const LandlordsApiContext = createContext<LandlordsApi>(httpLandlordsApi);

export function LandlordsApiProvider({ value, children }: { value: LandlordsApi; children: ReactNode }) {
  return <LandlordsApiContext.Provider value={value}>{children}</LandlordsApiContext.Provider>;
}

export function useLandlordsApi(): LandlordsApi {
  return useContext(LandlordsApiContext);
}
