import { errorReplySchema } from '../../contract/api';
import { dashboardSummaryReplySchema } from '../../contract/dashboard.contract';
import type { AppDeps } from '../deps';
import { requireStaff, staffOf } from '../security/auth-guard';
import { dashboardSummary } from '../services/dashboard-cards';
import type { ZodApi } from '../http/zod-api';

/** The dashboard's live counts, scoped to the caller's jurisdiction. */
export function registerDashboardRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  api.get(
    '/dashboard/summary',
    {
      onRequest: requireStaff(deps),
      schema: {
        security: [{ bearer: [] }],
        response: { 200: dashboardSummaryReplySchema, '4xx': errorReplySchema },
      },
    },
    async (request) => dashboardSummary(deps.db, staffOf(request)),
  );
  // Promise-returning like every registerXRoutes, so routes/index.ts awaits them all alike.
  return Promise.resolve();
}
