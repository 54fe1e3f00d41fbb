import type { AppDeps } from '../deps';
import { installInputTextRule } from '../http/input-text-rule';
import { recordApiRoutes } from '../http/route-table';
import type { ZodApi } from '../http/zod-api';
import { registerApikeyRoutes } from './apikey';
import { registerApplicationRoutes } from './applications';
import { registerCertificateRoutes } from './certificate';
import { registerChannelChangeRoutes } from './channel-changes';
import { registerCitizenApplicationRoutes } from './citizen-applications';
import { registerDashboardRoutes } from './dashboard';
import { registerDevOutboxRoutes } from './dev-outbox';
import { registerFormRoutes } from './forms';
import { registerInsightsRoutes } from './insights';
import { registerLandlordApplicationListRoutes } from './landlord-application-lists';
import { registerJurisdictionAdminRoutes } from './jurisdiction-admin';
import { registerLandlordRoutes } from './landlords';
import { registerLandlordOwnRoutes } from './landlords-own';
import { registerLogRecordRoutes } from './log-records';
import { registerMasterRoutes } from './master';
import { registerMasterLookupRoutes } from './master-lookups';
import { registerOfficeApplicationRoutes } from './office-applications';
import { registerPublicDownloadRoutes } from './public-downloads';
import { registerRegisterRoutes } from './register';
import { registerRentalUnitConsentRoutes } from './rental-unit-consent';
import { registerRentalUnitRoutes } from './rental-units';
import { registerRentalUnitListRoute } from './rental-units-list';
import { registerSearchRoutes } from './search';
import { registerSiteMediaRoutes } from './site-media';
import { registerStaffUserRoutes } from './staff-users';
import { registerReportRoutes } from './reports';
import { registerTenantMemberRoutes } from './tenant-members';
import { registerTenantRoutes } from './tenants';
import { registerTenantContestRoutes } from './tenant-contests';
import { registerTrackingRoutes } from './tracking';
import { registerUploadRoutes } from './uploads';
import { registerUserRoutes } from './users';

/**
 * Mounts every API area under the API prefix. Before any route: the text rule that every route inherits
 * (docs/input-safety.md) and the route table the contract tests walk.
 */
export async function registerApiRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  recordApiRoutes(api);
  installInputTextRule(api);
  await registerUserRoutes(api, deps);
  await registerStaffUserRoutes(api, deps);
  await registerDashboardRoutes(api, deps);
  await registerJurisdictionAdminRoutes(api, deps);
  await registerApplicationRoutes(api, deps);
  await registerRegisterRoutes(api, deps);
  await registerFormRoutes(api, deps);
  await registerMasterRoutes(api, deps);
  await registerApikeyRoutes(api, deps);
  await registerDevOutboxRoutes(api, deps);
  await registerTenantRoutes(api, deps);
  await registerTenantContestRoutes(api, deps);
  await registerTenantMemberRoutes(api, deps);
  await registerUploadRoutes(api, deps);
  await registerMasterLookupRoutes(api, deps);
  await registerLandlordRoutes(api, deps);
  await registerLandlordOwnRoutes(api, deps);
  await registerRentalUnitRoutes(api, deps);
  registerRentalUnitListRoute(api, deps);
  await registerRentalUnitConsentRoutes(api, deps);
  await registerPublicDownloadRoutes(api, deps);
  await registerCertificateRoutes(api, deps);
  await registerCitizenApplicationRoutes(api, deps);
  await registerTrackingRoutes(api, deps);
  await registerLandlordApplicationListRoutes(api, deps);
  await registerOfficeApplicationRoutes(api, deps);
  await registerSearchRoutes(api, deps);
  await registerReportRoutes(api, deps);
  await registerInsightsRoutes(api, deps);
  await registerSiteMediaRoutes(api, deps);
  await registerLogRecordRoutes(api, deps);
  await registerChannelChangeRoutes(api, deps);
}
