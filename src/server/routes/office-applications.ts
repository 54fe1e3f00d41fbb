import type { FastifyRequest } from 'fastify';
import { errorReplySchema } from '../../contract/api';
import {
  clearanceTenantParamsSchema,
  clearanceTenantSchema,
  tenantConsentBodySchema,
  tenantConsentGivenSchema,
  tenantConsentResendBodySchema,
  tenantConsentResentSchema,
} from '../../contract/citizen-applications.contract';
import {
  OFFICE_APPLICANT_ROLES,
  OFFICE_CONSENT_PATHS,
  officeAppliedApplicationSchema,
  officeFamilyAndHelpersBodySchema,
  officeGenerateApplicationBodySchema,
  officeGeneratedApplicationSchema,
} from '../../contract/office-applications.contract';
import type { AppDeps } from '../deps';
import { requireStaff } from '../security/auth-guard';
import { staffAskerOf } from '../security/refusals';
import { countedClearanceTenant } from '../services/citizen-applications.service';
import { applyOfficeApplication } from '../services/office-applications-apply.service';
import {
  createOfficeApplication,
  officialAsker,
  type OfficeChannel,
  type OfficeRequest,
} from '../services/office-applications.service';
import { giveConsent, resendConsent, type ConsentDeps } from '../services/tenant-consent.service';
import type { ZodApi } from '../http/zod-api';

const errors = { '4xx': errorReplySchema };
const security = [{ bearer: [] }];
const tags = ['office applications'];

/** The two creation paths: the official's own application and the one entered on a landlord's behalf. */
const CHANNELS: [string, OfficeChannel][] = [
  ['/process/user/SaveApplication', 'own'],
  ['/process/SaveApplication_Police', 'office'],
];

/**
 * The officials' clearance applications (docs/office-applications.md): USER, MODERATOR, SUPERMODERATOR and
 * VERIFIER create an application at the office, name its tenant, and apply it, with a recommendation from the
 * ward's MODERATOR. The other roles get an audited 403 from the guard.
 */
export function registerOfficeApplicationRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { clock } = deps;
  const onRequest = requireStaff(deps, OFFICE_APPLICANT_ROLES);

  const officialOf = (request: FastifyRequest): OfficeRequest => staffAskerOf(deps, request, clock.now());
  const consentDeps = (request: FastifyRequest): ConsentDeps => ({
    ...deps,
    log: (message: string) => request.log.warn(message),
  });

  api.get(
    '/process/user/clearanceTenant/:epicNo',
    {
      onRequest,
      schema: {
        tags,
        security,
        params: clearanceTenantParamsSchema,
        response: { 200: clearanceTenantSchema, ...errors },
      },
    },
    (request) => countedClearanceTenant(deps, request, request.params.epicNo),
  );

  for (const [path, channel] of CHANNELS) {
    api.post(
      path,
      {
        onRequest,
        schema: {
          tags,
          security,
          body: officeGenerateApplicationBodySchema,
          response: { 200: officeGeneratedApplicationSchema, ...errors },
        },
      },
      (request) => createOfficeApplication(consentDeps(request), officialOf(request), channel, request.body),
    );
  }

  // The tenant's consent to an application for a tenant the official does not reach (docs/tenant-consent.md):
  // only the official who made it (logby) confirms the code the tenant received, or has another one sent.
  api.post(
    `/${OFFICE_CONSENT_PATHS.confirm}`,
    {
      onRequest,
      schema: {
        tags,
        security,
        body: tenantConsentBodySchema,
        response: { 200: tenantConsentGivenSchema, ...errors },
      },
    },
    (request) => giveConsent(consentDeps(request), officialAsker(officialOf(request)), request.body),
  );

  api.post(
    `/${OFFICE_CONSENT_PATHS.resend}`,
    {
      onRequest,
      schema: {
        tags,
        security,
        body: tenantConsentResendBodySchema,
        response: { 200: tenantConsentResentSchema, ...errors },
      },
    },
    (request) => resendConsent(consentDeps(request), officialAsker(officialOf(request)), request.body.applid),
  );

  api.post(
    '/process/user/application/DomesticHelperAndFamily',
    {
      onRequest,
      schema: {
        tags,
        security,
        body: officeFamilyAndHelpersBodySchema,
        response: { 200: officeAppliedApplicationSchema, ...errors },
      },
    },
    async (request) => {
      const notify = { ...deps, log: (message: string) => request.log.warn(message) };
      const { reply } = await applyOfficeApplication(deps.db, officialOf(request), request.body, notify);
      return reply;
    },
  );
  return Promise.resolve();
}
