import { APPLICATION_FORM_MESSAGES as MESSAGES, FORM_ENDPOINTS } from '../../contract/forms.contract';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { applicationFormPdf } from '../pdf/application-form.pdf';
import { callerOf } from '../security/caller';
import { callerLabel, refuseUnavailableApplication } from '../security/refusals';
import { applicationFormData } from '../services/documents-application-form.service';
import type { ZodApi } from '../http/zod-api';

/**
 * PDF forms made on the server (docs/register-api.md). The completed application form has the spec's two paths:
 * `process/user/GetCompletedApplicationForm/{id}` for a signed-in official (within its jurisdiction) and
 * `process/GetCompletedApplicationForm/{id}` for the landlord's key (its own applied applications only).
 */
export function registerFormRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { clock } = deps;

  for (const form of [FORM_ENDPOINTS.staffForm, FORM_ENDPOINTS.landlordForm]) {
    serve(api, deps, form, async (request) => {
      const caller = callerOf(request);
      const found = await applicationFormData(deps.db, caller, request.params.id);
      if (!found.ok) {
        if (found.reason === 'incomplete') throw new HttpError(409, MESSAGES.notYetApplied);
        return refuseUnavailableApplication(deps, request, caller, found.reason, MESSAGES);
      }
      const pdf = applicationFormPdf(found.data, {
        generatedBy: callerLabel(request) ?? 'unknown',
        generatedAt: clock.now(),
      });
      return {
        base64img: pdf.toString('base64'),
        contenttype: 'application/pdf' as const,
        filename: `application-${found.data.detail.applid}.pdf`,
      };
    });
  }

  return Promise.resolve();
}
