import { createContext, useContext } from 'react';
import type { ReportQuery } from '../../../../machines/report';
import type { LocalAuthorityRow, LocalityRow, PoliceStationRow } from '../../../contract/master.contract';
import { MASTER_LOOKUP_ENDPOINTS as LOOKUPS } from '../../../contract/master.endpoints';
import { REPORT_ENDPOINTS, type ReportPage } from '../../../contract/reports.contract';
import { callEndpoint } from '../../api/endpoint-call';
import { asServerCall } from '../../api/server-failure';

// The Application Report's calls (docs/reports.md): the report itself and the master lookups behind the
// supervisor's pickers. Every call rejects with a ServerFailure `{status?, message?}`.

export interface ReportApi {
  /** POST process/ReportGetApplication/{username}/{startDate}/{endDate}/{page}/{code}?size= with the filter. */
  report(query: ReportQuery, page: number, size: number): Promise<ReportPage>;
  /** GET master/policestation: every station (a supervisor may pick any). */
  stations(signal?: AbortSignal): Promise<PoliceStationRow[]>;
  /** GET master/Locality?policeStationCode=: the station's localities. */
  localities(stationCode: string, signal?: AbortSignal): Promise<LocalityRow[]>;
  /** GET master/LocalAuthority?localityCode=: the locality's sub-localities/wards. */
  wards(localityCode: string, signal?: AbortSignal): Promise<LocalAuthorityRow[]>;
}

export const httpReportApi: ReportApi = {
  report: (query, page, size) => {
    const { username, startDate, endDate, code, policeStation, locality, localAuthority, statuscode } = query;
    return asServerCall(() =>
      callEndpoint(REPORT_ENDPOINTS.report, {
        params: { username, startDate, endDate, page, code },
        query: { size },
        body: { policeStation, locality, localAuthority, statuscode },
      }),
    );
  },
  stations: (signal) => asServerCall(() => callEndpoint(LOOKUPS.stations, { query: {} }, signal)),
  localities: (stationCode, signal) =>
    asServerCall(() =>
      callEndpoint(LOOKUPS.localities, { query: { policeStationCode: stationCode } }, signal),
    ),
  wards: (localityCode, signal) =>
    asServerCall(() => callEndpoint(LOOKUPS.wards, { query: { localityCode } }, signal)),
};

export const ReportApiContext = createContext<ReportApi>(httpReportApi);

/** The calls, or the fake a story or test provides through ReportApiContext. */
export function useReportApi(): ReportApi {
  return useContext(ReportApiContext);
}
