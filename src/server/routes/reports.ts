import { END_AFTER_TODAY, REPORT_ENDPOINTS, REPORT_PAGE_SIZE } from '../../contract/reports.contract';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { staffOf } from '../security/auth-guard';
import { refuseAudited, refuseOutsideJurisdiction } from '../security/refusals';
import { indianDate } from '../services/domestic-helpers';
import { reportRefusal, reportScopeOf, OUTSIDE_REPORT_MESSAGE } from '../services/report-scope';
import { reportPage } from '../services/report.service';
import type { ZodApi } from '../http/zod-api';

const NOT_YOUR_USERNAME = 'The username in the path must be your own.';

/**
 * The Application Report (docs/reports.md): VERIFIER (its district) and SUPERVISOR (any police station); every
 * other role is refused by the guard with an audited 403, and so is a node outside the caller's jurisdiction.
 */
export function registerReportRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { clock } = deps;

  serve(api, deps, REPORT_ENDPOINTS.report, async (request) => {
    const staff = staffOf(request);
    const { username, startDate, endDate, page, code } = request.params;
    if (username !== staff.username) {
      await refuseAudited(deps, request, NOT_YOUR_USERNAME);
    }
    // "Today" is India's calendar day by the server's clock, the same day the date picker offers last.
    if (endDate > indianDate(clock.now())) throw new HttpError(400, END_AFTER_TODAY);
    const scope = reportScopeOf({ code, ...request.body });
    if (reportRefusal(staff, scope)) await refuseOutsideJurisdiction(deps, request, OUTSIDE_REPORT_MESSAGE);
    return reportPage(deps.db, {
      scope,
      status: request.body.statuscode,
      startDate,
      endDate,
      page,
      size: request.query.size ?? REPORT_PAGE_SIZE,
    });
  });

  return Promise.resolve();
}
