import type { FastifyRequest } from 'fastify';
import { errorReplySchema } from '../../contract/api';
import {
  RENTAL_UNIT_CONSENT_PATHS,
  unitConsentBodySchema,
  unitConsentGivenSchema,
  unitConsentResendBodySchema,
  unitConsentResentSchema,
} from '../../contract/rental-units.contract';
import type { AppDeps } from '../deps';
import { requireStaff } from '../security/auth-guard';
import { staffAskerOf } from '../security/refusals';
import {
  giveUnitConsent,
  resendUnitConsent,
  type UnitConsentAsker,
} from '../services/landlord-unit-consent.service';
import { LANDLORD_STAFF_ROLES } from '../../contract/roles';
import type { ConsentDeps } from '../services/tenant-consent.service';
import type { ZodApi } from '../http/zod-api';

const errors = { '4xx': errorReplySchema };
const security = [{ bearer: [] }];

/**
 * The landlord's consent to a rental unit an official added in its name without reaching it (docs/reach.md,
 * docs/landlords-api.md): only the official who added the unit confirms the code the landlord received, or has
 * another one sent. The roles are those that add units (POST register/rentalUnit).
 */
export function registerRentalUnitConsentRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { clock } = deps;
  const onRequest = requireStaff(deps, LANDLORD_STAFF_ROLES);
  const askerOf = (request: FastifyRequest): UnitConsentAsker => staffAskerOf(deps, request, clock.now());
  const consentDeps = (request: FastifyRequest): ConsentDeps => ({
    ...deps,
    log: (message: string) => request.log.warn(message),
  });

  api.post(
    `/${RENTAL_UNIT_CONSENT_PATHS.confirm}`,
    {
      onRequest,
      schema: {
        security,
        body: unitConsentBodySchema,
        response: { 200: unitConsentGivenSchema, ...errors },
      },
    },
    (request) => giveUnitConsent(consentDeps(request), askerOf(request), request.body),
  );

  api.post(
    `/${RENTAL_UNIT_CONSENT_PATHS.resend}`,
    {
      onRequest,
      schema: {
        security,
        body: unitConsentResendBodySchema,
        response: { 200: unitConsentResentSchema, ...errors },
      },
    },
    (request) => resendUnitConsent(consentDeps(request), askerOf(request), request.body.rentalUnitId),
  );
  return Promise.resolve();
}
