import type { FastifyRequest } from 'fastify';
import { OFFICE_APPLICATION_ENDPOINTS } from '../../contract/office-applications.contract';
import type { AppDeps } from '../deps';
import { serve } from '../http/serve-endpoint';
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

/** The two creation endpoints: the official's own application and the one entered on a landlord's behalf. */
const CHANNELS: [typeof OFFICE_APPLICATION_ENDPOINTS.saveOwn, OfficeChannel][] = [
  [OFFICE_APPLICATION_ENDPOINTS.saveOwn, 'own'],
  [OFFICE_APPLICATION_ENDPOINTS.saveOffice, 'office'],
];

/**
 * The officials' clearance applications (docs/office-applications.md): USER, MODERATOR, SUPERMODERATOR and
 * VERIFIER create an application at the office, name its tenant, and apply it, with a recommendation from the
 * ward's MODERATOR. The other roles get an audited 403 from the guard.
 */
export function registerOfficeApplicationRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { clock } = deps;

  const officialOf = (request: FastifyRequest): OfficeRequest => staffAskerOf(deps, request, clock.now());
  const consentDeps = (request: FastifyRequest): ConsentDeps => ({
    ...deps,
    log: (message: string) => request.log.warn(message),
  });

  serve(api, deps, OFFICE_APPLICATION_ENDPOINTS.clearanceTenant, (request) =>
    countedClearanceTenant(deps, request, request.params.epicNo),
  );

  for (const [save, channel] of CHANNELS) {
    serve(api, deps, save, (request) =>
      createOfficeApplication(consentDeps(request), officialOf(request), channel, request.body),
    );
  }

  // The tenant's consent to an application for a tenant the official does not reach (docs/tenant-consent.md):
  // only the official who made it (logby) confirms the code the tenant received, or has another one sent.
  serve(api, deps, OFFICE_APPLICATION_ENDPOINTS.confirmConsent, (request) =>
    giveConsent(consentDeps(request), officialAsker(officialOf(request)), request.body),
  );

  serve(api, deps, OFFICE_APPLICATION_ENDPOINTS.resendConsent, (request) =>
    resendConsent(consentDeps(request), officialAsker(officialOf(request)), request.body.applid),
  );

  serve(api, deps, OFFICE_APPLICATION_ENDPOINTS.apply, async (request) => {
    const notify = { ...deps, log: (message: string) => request.log.warn(message) };
    const { reply } = await applyOfficeApplication(deps.db, officialOf(request), request.body, notify);
    return reply;
  });
  return Promise.resolve();
}
