import { createContext, useContext } from 'react';
import {
  LOG_RECORD_ENDPOINTS,
  type ChainStatus,
  type LogPage,
  type LogQuery,
} from '../../../contract/log-records.contract';
import { callEndpoint } from '../../api/endpoint-call';
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

/** The filters that are set: an unset or empty one is left out, and the server fills in its default. */
function setFilters(query: LogQuery): LogQuery {
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  );
}

export const httpLogRecordsServices: LogRecordsServices = {
  page: (query) => asServerCall(() => callEndpoint(LOG_RECORD_ENDPOINTS.page, { query: setFilters(query) })),
  chain: () => asServerCall(() => callEndpoint(LOG_RECORD_ENDPOINTS.chain, {})),
};

export const LogRecordsServicesContext = createContext<LogRecordsServices>(httpLogRecordsServices);

export function useLogRecordsServices(): LogRecordsServices {
  return useContext(LogRecordsServicesContext);
}
