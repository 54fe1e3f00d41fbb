import { errorReplySchema } from '../../contract/api';
import { applicationFormParamsSchema, pdfReplySchema } from '../../contract/forms.contract';
import type { AppDeps, Clock } from '../app';
import { HttpError } from '../http/errors';
import { requireStaff, staffOf } from '../security/auth-guard';
import { applicationFormPdf } from '../pdf/application-form.pdf';
import { applicationFormData } from '../services/documents-application-form.service';
import type { ZodApi } from './index';
import { refuseOutsideJurisdiction } from '../security/refusals';

/** PDF forms made on the server (docs/register-api.md). */
export function registerFormRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const clock: Clock = deps.clock ?? { now: () => new Date() };

  api.get(
    '/process/GetCompletedApplicationForm/:id',
    {
      onRequest: requireStaff(deps),
      schema: {
        security: [{ bearer: [] }],
        params: applicationFormParamsSchema,
        response: { 200: pdfReplySchema, '4xx': errorReplySchema },
      },
    },
    async (request) => {
      const staff = staffOf(request);
      const found = await applicationFormData(deps.db, staff, request.params.id);
      if (!found.ok) {
        if (found.reason === 'outside-jurisdiction') {
          return refuseOutsideJurisdiction(deps, request, 'This application is outside your jurisdiction.');
        }
        throw new HttpError(
          404,
          found.reason === 'deleted' ? 'This application has been deleted.' : 'Application not found.',
        );
      }
      const pdf = applicationFormPdf(found.data, { generatedBy: staff.username, generatedAt: clock.now() });
      return {
        base64img: pdf.toString('base64'),
        contenttype: 'application/pdf' as const,
        filename: `application-${found.data.detail.applid}.pdf`,
      };
    },
  );

  return Promise.resolve();
}
