import { createContext, useContext } from 'react';
import {
  chainStatusSchema,
  logPageSchema,
  type ChainStatus,
  type LogPage,
  type LogQuery,
} from '../../../contract/log-records.contract';
import { getParsed } from '../../api/parsed-calls';

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

function queryString(query: LogQuery): string {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString();
}

export const httpLogRecordsServices: LogRecordsServices = {
  page: (query) => getParsed(`users/getlog?${queryString(query)}`, logPageSchema),
  chain: () => getParsed('users/getlog/chain', chainStatusSchema),
};

export const LogRecordsServicesContext = createContext<LogRecordsServices>(httpLogRecordsServices);

export function useLogRecordsServices(): LogRecordsServices {
  return useContext(LogRecordsServicesContext);
}
