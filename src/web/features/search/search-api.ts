import { createContext, useContext } from 'react';
import { messageReplySchema } from '../../../contract/api';
import {
  SEARCH_ENDPOINTS,
  type PersonSearchResult,
  type SearchBody,
} from '../../../contract/search.contract';
import type { BodyOf } from '../../../contract/endpoint';
import { callEndpoint } from '../../api/endpoint-call';
import { sendParsed } from '../../api/parsed-calls';
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
  // Sent as typed: the server fills in the default entity (callEndpoint types a body as the schema gives it).
  search: (body) =>
    asServerCall(() =>
      callEndpoint(SEARCH_ENDPOINTS.search, { body: body as BodyOf<typeof SEARCH_ENDPOINTS.search> }),
    ),
  deleteTenant: (id) => sendParsed('DELETE', `register/tenant/${id}`, messageReplySchema),
};

export const SearchApiContext = createContext<SearchApi>(httpSearchApi);

export function useSearchApi(): SearchApi {
  return useContext(SearchApiContext);
}
