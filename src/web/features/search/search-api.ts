import { createContext, useContext } from 'react';
import { messageReplySchema } from '../../../contract/api';
import {
  searchReplySchema,
  type PersonSearchResult,
  type SearchBody,
} from '../../../contract/search.contract';
import { sendParsed } from '../../api/parsed-calls';

/**
 * The calls of the search dialog and the update-tenant page, behind one interface so stories and tests plug in
 * fakes. Every call rejects with a ServerFailure `{status?, message?}`.
 */
export interface SearchApi {
  /** POST process/search: the people matching, best first (docs/search.md). */
  search(body: SearchBody): Promise<PersonSearchResult[]>;
  /** DELETE register/tenant/{id}: the tenant with its family, helpers, documents and applications. */
  deleteTenant(id: number): Promise<{ message: string }>;
}

export const httpSearchApi: SearchApi = {
  search: (body) => sendParsed('POST', 'process/search', searchReplySchema, body),
  deleteTenant: (id) => sendParsed('DELETE', `register/tenant/${id}`, messageReplySchema),
};

export const SearchApiContext = createContext<SearchApi>(httpSearchApi);

export function useSearchApi(): SearchApi {
  return useContext(SearchApiContext);
}
