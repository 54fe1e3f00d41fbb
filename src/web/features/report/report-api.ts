import { createContext, useContext } from 'react';
import { z } from 'zod';
import type { ReportQuery } from '../../../../machines/report';
import {
  localAuthoritySchema,
  localitySchema,
  policeStationSchema,
  type LocalAuthorityRow,
  type LocalityRow,
  type PoliceStationRow,
} from '../../../contract/master.contract';
import { reportPageSchema, reportPath, type ReportPage } from '../../../contract/reports.contract';
import { getParsed as get, sendParsed as send } from '../../api/parsed-calls';

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

const enc = encodeURIComponent;

export const httpReportApi: ReportApi = {
  report: (query, page, size) => {
    const { username, startDate, endDate, code, policeStation, locality, localAuthority, statuscode } = query;
    const path = reportPath({ username, startDate, endDate, page, code });
    return send('POST', `${path}?size=${size}`, reportPageSchema, {
      policeStation,
      locality,
      localAuthority,
      statuscode,
    });
  },
  stations: (signal) => get('master/policestation', z.array(policeStationSchema), signal),
  localities: (stationCode, signal) =>
    get(`master/Locality?policeStationCode=${enc(stationCode)}`, z.array(localitySchema), signal),
  wards: (localityCode, signal) =>
    get(`master/LocalAuthority?localityCode=${enc(localityCode)}`, z.array(localAuthoritySchema), signal),
};

export const ReportApiContext = createContext<ReportApi>(httpReportApi);

/** The calls, or the fake a story or test provides through ReportApiContext. */
export function useReportApi(): ReportApi {
  return useContext(ReportApiContext);
}
