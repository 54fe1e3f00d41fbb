import { DASHBOARD_ENDPOINTS } from '../../contract/dashboard.contract';
import type { AppDeps } from '../deps';
import { serve } from '../http/serve-endpoint';
import { staffOf } from '../security/auth-guard';
import { dashboardSummary } from '../services/dashboard-cards';
import type { ZodApi } from '../http/zod-api';

/** The dashboard's live counts, scoped to the caller's jurisdiction. */
export function registerDashboardRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  serve(api, deps, DASHBOARD_ENDPOINTS.summary, async (request) =>
    dashboardSummary(deps.db, staffOf(request)),
  );
  // Promise-returning like every registerXRoutes, so routes/index.ts awaits them all alike.
  return Promise.resolve();
}
