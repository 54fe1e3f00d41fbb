import type { FastifyRequest } from 'fastify';
import { RENTAL_UNIT_ENDPOINTS } from '../../contract/rental-units-endpoints.contract';
import type { AppDeps } from '../deps';
import { serve } from '../http/serve-endpoint';
import { staffAskerOf } from '../security/refusals';
import {
  giveUnitConsent,
  resendUnitConsent,
  type UnitConsentAsker,
} from '../services/landlord-unit-consent.service';
import type { ConsentDeps } from '../services/tenant-consent.service';
import type { ZodApi } from '../http/zod-api';

/**
 * The landlord's consent to a rental unit an official added in its name without reaching it (docs/reach.md,
 * docs/landlords-api.md): only the official who added the unit confirms the code the landlord received, or has
 * another one sent. The roles are those that add units (POST register/rentalUnit).
 */
export function registerRentalUnitConsentRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { clock } = deps;
  const askerOf = (request: FastifyRequest): UnitConsentAsker => staffAskerOf(deps, request, clock.now());
  const consentDeps = (request: FastifyRequest): ConsentDeps => ({
    ...deps,
    log: (message: string) => request.log.warn(message),
  });

  serve(api, deps, RENTAL_UNIT_ENDPOINTS.confirmConsent, (request) =>
    giveUnitConsent(consentDeps(request), askerOf(request), request.body),
  );

  serve(api, deps, RENTAL_UNIT_ENDPOINTS.resendConsent, (request) =>
    resendUnitConsent(consentDeps(request), askerOf(request), request.body.rentalUnitId),
  );
  return Promise.resolve();
}
