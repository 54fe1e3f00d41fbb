import {
  appliedApplicationSchema,
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
} from './citizen-applications.contract';
import { endpoint } from './endpoint';

// The landlord's clearance endpoints (docs/citizen-applications-api.md), apart from the schemas in
// citizen-applications.contract.ts. Every one takes the landlord's own key.

const access = { citizen: ['landlord'] } as const;
const tag = 'clearance';

const generate = {
  method: 'POST',
  access,
  tag,
  body: generateApplicationBodySchema,
  reply: landlordGeneratedApplicationSchema,
} as const;

export const CITIZEN_APPLICATION_ENDPOINTS = {
  /** The tenant ID field: names a registered tenant, so the server counts it like the other identity lookups. */
  clearanceTenant: endpoint({
    method: 'GET',
    path: '/process/anonymous/clearanceTenant/:epicNo',
    access,
    tag,
    params: clearanceTenantParamsSchema,
    reply: clearanceTenantSchema,
  }),
  /** Generating an application has two paths, one service. */
  generate: endpoint({ ...generate, path: '/process/anonymous/generateApplication' }),
  save: endpoint({ ...generate, path: '/process/SaveApplication' }),
  /** The tenant's consent (docs/tenant-consent.md): the code sent to the tenant, entered by the landlord. */
  tenantConsent: endpoint({
    method: 'POST',
    path: '/process/application/tenantConsent',
    access,
    tag,
    body: tenantConsentBodySchema,
    reply: tenantConsentGivenSchema,
  }),
  resendTenantConsent: endpoint({
    method: 'POST',
    path: '/process/application/tenantConsent/resend',
    access,
    tag,
    body: tenantConsentResendBodySchema,
    reply: tenantConsentResentSchema,
  }),
  apply: endpoint({
    method: 'POST',
    path: '/process/application/DomesticHelperAndFamily',
    access,
    tag,
    body: familyAndHelpersBodySchema,
    reply: appliedApplicationSchema,
  }),
  /** The landlord withdraws its own application (the Clearance tab's Reset, the Applications tab's Delete). */
  withdraw: endpoint({
    method: 'PUT',
    path: '/process/anonymous/updateApplication/:applid/:landlordId',
    access,
    tag,
    params: withdrawApplicationParamsSchema,
    reply: withdrawnApplicationSchema,
  }),
};
