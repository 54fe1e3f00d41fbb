import type { FastifyRequest } from 'fastify';
import { errorReplySchema } from '../../contract/api';
import {
  appliedApplicationSchema,
  CITIZEN_APPLICATION_MESSAGES as MESSAGES,
  clearanceTenantParamsSchema,
  clearanceTenantSchema,
  familyAndHelpersBodySchema,
  generateApplicationBodySchema,
  landlordGeneratedApplicationSchema,
  tenantConsentBodySchema,
  tenantConsentGivenSchema,
  tenantConsentResendBodySchema,
  tenantConsentResentSchema,
  withdrawApplicationParamsSchema,
  withdrawnApplicationSchema,
} from '../../contract/citizen-applications.contract';
import { LANDLORD_MESSAGES } from '../../contract/landlords.contract';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { auditContext } from '../security/audit-log';
import { requireCitizen } from '../security/citizen-guard';
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

const errors = { '4xx': errorReplySchema };
const security = [{ apiKey: [] }];

/**
 * The landlord's clearance calls with its citizen key (docs/citizen-applications-api.md): find the tenant by its
 * ID number, generate an application (two paths, one service), apply it with the chosen family members and
 * helpers, withdraw it.
 */
export function registerCitizenApplicationRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { clock } = deps;
  const guard = requireCitizen(deps, ['landlord']);

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
  api.get(
    '/process/anonymous/clearanceTenant/:epicNo',
    {
      onRequest: guard,
      schema: {
        security,
        params: clearanceTenantParamsSchema,
        response: { 200: clearanceTenantSchema, ...errors },
      },
    },
    async (request) => {
      await landlordOf(request);
      return countedClearanceTenant(deps, request, request.params.epicNo);
    },
  );

  for (const path of ['/process/anonymous/generateApplication', '/process/SaveApplication']) {
    api.post(
      path,
      {
        onRequest: guard,
        schema: {
          security,
          body: generateApplicationBodySchema,
          response: { 200: landlordGeneratedApplicationSchema, ...errors },
        },
      },
      async (request) => {
        const who = await landlordOf(request, request.body.landlordid);
        return generateApplication(consentDeps(request), who, request.body);
      },
    );
  }

  // The tenant's consent (docs/tenant-consent.md): the code sent to the tenant, entered by the landlord.
  api.post(
    '/process/application/tenantConsent',
    {
      onRequest: guard,
      schema: {
        security,
        body: tenantConsentBodySchema,
        response: { 200: tenantConsentGivenSchema, ...errors },
      },
    },
    async (request) => giveConsent(consentDeps(request), await landlordOf(request), request.body),
  );

  api.post(
    '/process/application/tenantConsent/resend',
    {
      onRequest: guard,
      schema: {
        security,
        body: tenantConsentResendBodySchema,
        response: { 200: tenantConsentResentSchema, ...errors },
      },
    },
    async (request) => resendConsent(consentDeps(request), await landlordOf(request), request.body.applid),
  );

  api.post(
    '/process/application/DomesticHelperAndFamily',
    {
      onRequest: guard,
      schema: {
        security,
        body: familyAndHelpersBodySchema,
        response: { 200: appliedApplicationSchema, ...errors },
      },
    },
    async (request) => {
      const who = await landlordOf(request);
      const notify = { ...deps, log: (message: string) => request.log.warn(message) };
      const { notice: _handedOver, ...applied } = await applyApplication(deps.db, who, request.body, notify);
      return { message: MESSAGES.applied, complete: true as const, ...applied };
    },
  );

  api.put(
    '/process/anonymous/updateApplication/:applid/:landlordId',
    {
      onRequest: guard,
      schema: {
        security,
        params: withdrawApplicationParamsSchema,
        response: { 200: withdrawnApplicationSchema, ...errors },
      },
    },
    async (request) => {
      const who = await landlordOf(request, request.params.landlordId);
      const withdrawn = await withdrawApplication(deps.db, who, request.params.applid);
      return { message: MESSAGES.deleted, deleted: true as const, ...withdrawn };
    },
  );
  return Promise.resolve();
}
