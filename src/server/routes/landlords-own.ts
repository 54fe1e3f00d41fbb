import type { onRequestAsyncHookHandler } from 'fastify';
import { errorReplySchema } from '../../contract/api';
import { pdfReplySchema } from '../../contract/forms.contract';
import {
  LANDLORD_MESSAGES,
  landlordApplicationsSchema,
  landlordIdParamsSchema,
} from '../../contract/landlords.contract';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { landlordRegistrationPdf } from '../pdf/landlord-registration.pdf';
import { callerLabel } from '../security/refusals';
import { landlordApplications } from '../services/landlords-applications.service';
import { landlordById, landlordReply } from '../services/landlords-records.service';
import { reachLandlord } from '../services/owner-scope';
import { LANDLORD_STAFF_ROLES } from '../../contract/roles';
import { requireStaff } from '../security/auth-guard';
import { requireCitizen } from '../security/citizen-guard';
import type { ZodApi } from '../http/zod-api';

const errors = { '4xx': errorReplySchema };

/**
 * The landlord's own area beyond its record (docs/landlords-api.md): the Applications tab's list (key only) and
 * the registration form PDF of the 'All steps completed' step (key, and officials within their jurisdiction).
 */
export function registerLandlordOwnRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { clock } = deps;
  const guards = {
    staff: requireStaff(deps, LANDLORD_STAFF_ROLES),
    citizen: requireCitizen(deps, ['landlord']),
  };

  api.get(
    '/process/AllApplicationByLandlord/:id',
    {
      onRequest: guards.citizen,
      schema: {
        security: [{ apiKey: [] }],
        params: landlordIdParamsSchema,
        response: { 200: landlordApplicationsSchema, ...errors },
      },
    },
    async (request) => {
      await reachLandlord(deps, request, request.params.id);
      return landlordApplications(deps.db, request.params.id);
    },
  );

  const variants: [string, onRequestAsyncHookHandler, object[]][] = [
    ['register', guards.staff, [{ bearer: [] }]],
    ['process', guards.citizen, [{ apiKey: [] }]],
  ];
  for (const [area, guard, security] of variants) {
    api.get(
      `/${area}/landlordRegistrationForm/:id`,
      {
        onRequest: guard,
        schema: {
          security: security as { [name: string]: string[] }[],
          params: landlordIdParamsSchema,
          response: { 200: pdfReplySchema, ...errors },
        },
      },
      async (request) => {
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
      },
    );
  }
  return Promise.resolve();
}
