import { errorReplySchema } from '../../contract/api';
import { SEARCH_ROLES, searchBodySchema, searchReplySchema } from '../../contract/search.contract';
import type { AppDeps } from '../deps';
import { requireStaff, staffOf } from '../security/auth-guard';
import { searchPeople } from '../services/search.service';
import type { ZodApi } from '../http/zod-api';

/**
 * The officials' search of tenants and landlords (backoffice.md: the top bar's Search dialog and the Search
 * Tenants & Landlords page; docs/search.md). Other roles get an audited 403 from the guard.
 */
export function registerSearchRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  api.post(
    '/process/search',
    {
      onRequest: requireStaff(deps, SEARCH_ROLES),
      schema: {
        tags: ['search'],
        security: [{ bearer: [] }],
        body: searchBodySchema,
        response: { 200: searchReplySchema, '4xx': errorReplySchema },
      },
    },
    async (request) => searchPeople(deps.db, staffOf(request), request.body.entity, request.body.name),
  );
  return Promise.resolve();
}
