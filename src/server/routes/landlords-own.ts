import { LANDLORD_MESSAGES } from '../../contract/landlords.contract';
import { LANDLORD_ENDPOINTS, LANDLORD_RECORD_ENDPOINTS } from '../../contract/landlords-endpoints.contract';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { landlordRegistrationPdf } from '../pdf/landlord-registration.pdf';
import { callerLabel } from '../security/refusals';
import { landlordApplications } from '../services/landlords-applications.service';
import { landlordById, landlordReply } from '../services/landlords-records.service';
import { reachLandlord } from '../services/owner-scope';
import type { ZodApi } from '../http/zod-api';

/**
 * The landlord's own area beyond its record (docs/landlords-api.md): the Applications tab's list (key only) and
 * the registration form PDF of the 'All steps completed' step (key, and officials within their jurisdiction).
 */
export function registerLandlordOwnRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { clock } = deps;
  serve(api, deps, LANDLORD_ENDPOINTS.applications, async (request) => {
    await reachLandlord(deps, request, request.params.id);
    return landlordApplications(deps.db, request.params.id);
  });

  for (const table of [LANDLORD_RECORD_ENDPOINTS.staff, LANDLORD_RECORD_ENDPOINTS.own]) {
    serve(api, deps, table.registrationForm, async (request) => {
      const caller = await reachLandlord(deps, request, request.params.id);
      const row = await landlordById(deps.db, request.params.id);
      if (!row) throw new HttpError(404, LANDLORD_MESSAGES.notFound);
      const landlord = await landlordReply(deps.db, row, caller);
      const pdf = landlordRegistrationPdf(landlord, {
        generatedBy: callerLabel(request) ?? 'unknown',
        generatedAt: clock.now(),
      });
      return {
        base64img: pdf.toString('base64'),
        contenttype: 'application/pdf' as const,
        filename: `landlord-registration-${landlord.id}.pdf`,
      };
    });
  }
  return Promise.resolve();
}
