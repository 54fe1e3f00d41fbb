import { createContext, useContext } from 'react';
import {
  SEARCH_ENDPOINTS,
  type PersonSearchResult,
  type SearchBody,
} from '../../../contract/search.contract';
import { TENANT_ENDPOINTS } from '../../../contract/tenants-endpoints.contract';
import { callEndpoint } from '../../api/endpoint-call';
import { asServerCall } from '../../api/server-failure';

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
  search: (body) => asServerCall(() => callEndpoint(SEARCH_ENDPOINTS.search, { body })),
  deleteTenant: (id) => asServerCall(() => callEndpoint(TENANT_ENDPOINTS.remove, { params: { id } })),
};

export const SearchApiContext = createContext<SearchApi>(httpSearchApi);

export function useSearchApi(): SearchApi {
  return useContext(SearchApiContext);
}
