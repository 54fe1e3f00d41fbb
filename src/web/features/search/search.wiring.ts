import { fromPromise } from 'xstate';
import { searchMachine, type SearchPerson, type SearchRequest } from '../../../../machines/search';
import type { SearchApi } from './search-api';

/** The search machine with the official's calls. */
export function searchLogic(api: SearchApi) {
  return searchMachine.provide({
    actors: {
      // The rows are whole person search results; use-search.ts resultsOf reads them back as such.
      searchPeople: fromPromise<SearchPerson[], SearchRequest>(({ input }) => api.search(input)),
      deleteTenant: fromPromise<{ message: string }, { id: number }>(({ input }) =>
        api.deleteTenant(input.id),
      ),
    },
  });
}
