import { SEARCH_ENDPOINTS } from '../../contract/search.contract';
import type { AppDeps } from '../deps';
import { serve } from '../http/serve-endpoint';
import { staffOf } from '../security/auth-guard';
import { searchPeople } from '../services/search.service';
import type { ZodApi } from '../http/zod-api';

/**
 * The officials' search of tenants and landlords (backoffice.md: the top bar's Search dialog and the Search
 * Tenants & Landlords page; docs/search.md). Other roles get an audited 403 from the guard.
 */
export function registerSearchRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  serve(api, deps, SEARCH_ENDPOINTS.search, async (request) =>
    searchPeople(deps.db, staffOf(request), request.body.entity, request.body.name),
  );
  return Promise.resolve();
}
