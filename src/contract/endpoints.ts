import { CERTIFICATE_ENDPOINTS } from './certificate.contract';
import { CHANNEL_CHANGE_ENDPOINTS } from './channel-changes.contract';
import { CITIZEN_APPLICATION_ENDPOINTS } from './citizen-applications-endpoints.contract';
import type { Endpoint } from './endpoint';
import { LANDLORD_LIST_ENDPOINTS } from './landlord-application-lists.contract';
import { LANDLORD_ENDPOINTS, LANDLORD_RECORD_ENDPOINTS } from './landlords-endpoints.contract';
import { OTP_ENDPOINTS } from './otp.contract';
import { RENTAL_UNIT_ENDPOINTS, RENTAL_UNIT_RECORD_ENDPOINTS } from './rental-units-endpoints.contract';
import { TENANT_ENDPOINTS, TENANT_RECORD_ENDPOINTS } from './tenants-endpoints.contract';
import { APPLICATION_ENDPOINTS } from './applications.endpoints';
import { DASHBOARD_ENDPOINTS } from './dashboard.contract';
import { DEV_OUTBOX_ENDPOINTS } from './dev-outbox.endpoints';
import { FORM_ENDPOINTS } from './forms.contract';
import { INSIGHTS_ENDPOINTS } from './insights.endpoints';
import { JURISDICTION_ADMIN_ENDPOINTS } from './jurisdiction-admin.endpoints';
import { LOG_RECORD_ENDPOINTS } from './log-records.contract';
import { MASTER_ENDPOINTS, MASTER_LOOKUP_ENDPOINTS } from './master.endpoints';
import { OFFICE_APPLICATION_ENDPOINTS } from './office-applications.contract';
import { PUBLIC_DOWNLOAD_ENDPOINTS } from './public-downloads.endpoints';
import { REGISTER_ENDPOINTS } from './register.contract';
import { REPORT_ENDPOINTS } from './reports.contract';
import { SEARCH_ENDPOINTS } from './search.contract';
import { SITE_MEDIA_ENDPOINTS } from './site-media.contract';
import { STAFF_USER_ENDPOINTS } from './staff-users.endpoints';
import { TRACKING_ENDPOINTS } from './tracking.contract';
import { USER_ENDPOINTS } from './users.contract';

/**
 * Every endpoint the contract declares, by area: the server must register each (tests/server/contract-endpoints
 * .test.ts). Only tests read this list; the server and the web import their area's table.
 */
export const CONTRACT_ENDPOINTS: Record<string, Record<string, Endpoint>> = {
  tracking: TRACKING_ENDPOINTS,
  otp: OTP_ENDPOINTS,
  landlords: LANDLORD_ENDPOINTS,
  landlordRecordsStaff: LANDLORD_RECORD_ENDPOINTS.staff,
  landlordRecordsOwn: LANDLORD_RECORD_ENDPOINTS.own,
  landlordLists: LANDLORD_LIST_ENDPOINTS,
  rentalUnits: RENTAL_UNIT_ENDPOINTS,
  rentalUnitRecordsStaff: RENTAL_UNIT_RECORD_ENDPOINTS.staff,
  rentalUnitRecordsOwn: RENTAL_UNIT_RECORD_ENDPOINTS.own,
  citizenApplications: CITIZEN_APPLICATION_ENDPOINTS,
  tenants: TENANT_ENDPOINTS,
  tenantRecordsStaff: TENANT_RECORD_ENDPOINTS.staff,
  tenantRecordsOwn: TENANT_RECORD_ENDPOINTS.own,
  certificate: CERTIFICATE_ENDPOINTS,
  channelChangesOwn: CHANNEL_CHANGE_ENDPOINTS.process,
  channelChangesStaff: CHANNEL_CHANGE_ENDPOINTS.users,
  users: USER_ENDPOINTS,
  staffUsers: STAFF_USER_ENDPOINTS,
  applications: APPLICATION_ENDPOINTS,
  officeApplications: OFFICE_APPLICATION_ENDPOINTS,
  jurisdictionAdmin: JURISDICTION_ADMIN_ENDPOINTS,
  master: MASTER_ENDPOINTS,
  masterLookups: MASTER_LOOKUP_ENDPOINTS,
  register: REGISTER_ENDPOINTS,
  reports: REPORT_ENDPOINTS,
  search: SEARCH_ENDPOINTS,
  logRecords: LOG_RECORD_ENDPOINTS,
  forms: FORM_ENDPOINTS,
  dashboard: DASHBOARD_ENDPOINTS,
  siteMedia: SITE_MEDIA_ENDPOINTS,
  publicDownloads: PUBLIC_DOWNLOAD_ENDPOINTS,
  insights: INSIGHTS_ENDPOINTS,
  // The outbox itself is registered in demo mode only, which this list's test does not run in.
  devOutbox: DEV_OUTBOX_ENDPOINTS,
};
