import { createContext, useContext } from 'react';
import {
  LOG_RECORD_ENDPOINTS,
  type ChainStatus,
  type LogPage,
  type LogQuery,
} from '../../../contract/log-records.contract';
import { callEndpoint, endpointUrl } from '../../api/endpoint-call';
import { getParsed } from '../../api/parsed-calls';
import { asServerCall } from '../../api/server-failure';

/**
 * What the Log Records page needs from outside, behind one interface so stories and tests plug in fakes. Calls
 * reject with a ServerFailure `{status?, message?}`.
 */
export interface LogRecordsServices {
  /** GET users/getlog with the filter and page as query parameters. */
  page(query: LogQuery): Promise<LogPage>;
  /** GET users/getlog/chain: the newest check of the chain, and whether a new one runs. */
  chain(): Promise<ChainStatus>;
}

/**
 * The filters that are set, as query text: an unset or empty one is left out, and the server fills in its default.
 * (Written out here rather than passed to callEndpoint, which types a query as the schema gives it, defaults in.)
 */
function queryString(query: LogQuery): string {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}

export const httpLogRecordsServices: LogRecordsServices = {
  page: (query) =>
    getParsed(
      `${endpointUrl(LOG_RECORD_ENDPOINTS.page)}?${queryString(query)}`,
      LOG_RECORD_ENDPOINTS.page.reply,
    ),
  chain: () => asServerCall(() => callEndpoint(LOG_RECORD_ENDPOINTS.chain, {})),
};

export const LogRecordsServicesContext = createContext<LogRecordsServices>(httpLogRecordsServices);

export function useLogRecordsServices(): LogRecordsServices {
  return useContext(LogRecordsServicesContext);
}
