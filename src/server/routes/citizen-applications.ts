import type { FastifyRequest } from 'fastify';
import { CITIZEN_APPLICATION_MESSAGES as MESSAGES } from '../../contract/citizen-applications.contract';
import { CITIZEN_APPLICATION_ENDPOINTS as ENDPOINTS } from '../../contract/citizen-applications-endpoints.contract';
import { LANDLORD_MESSAGES } from '../../contract/landlords.contract';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { auditContext } from '../security/audit-log';
import { citizenLabel } from '../security/citizen-keys';
import { refuseAudited } from '../security/refusals';
import { withdrawApplication } from '../services/citizen-applications-withdraw.service';
import {
  countedClearanceTenant,
  generateApplication,
  type LandlordRequest,
} from '../services/citizen-applications.service';
import { applyApplication } from '../services/citizen-applications-apply.service';
import { giveConsent, resendConsent, type ConsentDeps } from '../services/tenant-consent.service';
import type { ZodApi } from '../http/zod-api';

/**
 * The landlord's clearance calls with its citizen key (docs/citizen-applications-api.md): find the tenant by its
 * ID number, generate an application (two paths, one service), apply it with the chosen family members and
 * helpers, withdraw it.
 */
export function registerCitizenApplicationRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { clock } = deps;

  /** The key's landlord as the services take it; a landlord id in the body or path must be the key's own. */
  async function landlordOf(request: FastifyRequest, claimed?: number): Promise<LandlordRequest> {
    const scope = request.citizen?.scope;
    if (!request.citizen || scope?.kind !== 'landlord') throw new HttpError(403, LANDLORD_MESSAGES.notYours);
    const refuse = (message: string) => refuseAudited(deps, request, message);
    if (claimed !== undefined && claimed !== scope.landlordId) await refuse(LANDLORD_MESSAGES.notYours);
    return {
      landlordId: scope.landlordId,
      label: citizenLabel(request.citizen),
      now: clock.now(),
      audit: auditContext(request),
      refuse,
    };
  }

  const consentDeps = (request: FastifyRequest): ConsentDeps => ({
    ...deps,
    log: (message: string) => request.log.warn(message),
  });

  // The tenant ID field: names a registered tenant, so it is counted and recorded like the other identity lookups.
  serve(api, deps, ENDPOINTS.clearanceTenant, async (request) => {
    await landlordOf(request);
    return countedClearanceTenant(deps, request, request.params.epicNo);
  });

  for (const generate of [ENDPOINTS.generate, ENDPOINTS.save]) {
    serve(api, deps, generate, async (request) => {
      const who = await landlordOf(request, request.body.landlordid);
      return generateApplication(consentDeps(request), who, request.body);
    });
  }

  // The tenant's consent (docs/tenant-consent.md): the code sent to the tenant, entered by the landlord.
  serve(api, deps, ENDPOINTS.tenantConsent, async (request) =>
    giveConsent(consentDeps(request), await landlordOf(request), request.body),
  );

  serve(api, deps, ENDPOINTS.resendTenantConsent, async (request) =>
    resendConsent(consentDeps(request), await landlordOf(request), request.body.applid),
  );

  serve(api, deps, ENDPOINTS.apply, async (request) => {
    const who = await landlordOf(request);
    const notify = { ...deps, log: (message: string) => request.log.warn(message) };
    const { notice: _handedOver, ...applied } = await applyApplication(deps.db, who, request.body, notify);
    return { message: MESSAGES.applied, complete: true as const, ...applied };
  });

  serve(api, deps, ENDPOINTS.withdraw, async (request) => {
    const who = await landlordOf(request, request.params.landlordId);
    const withdrawn = await withdrawApplication(deps.db, who, request.params.applid);
    return { message: MESSAGES.deleted, deleted: true as const, ...withdrawn };
  });
  return Promise.resolve();
}
