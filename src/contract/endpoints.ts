import { CERTIFICATE_ENDPOINTS } from './certificate.contract';
import { CHANNEL_CHANGE_ENDPOINTS } from './channel-changes.contract';
import { CITIZEN_APPLICATION_ENDPOINTS } from './citizen-applications-endpoints.contract';
import type { Endpoint } from './endpoint';
import { LANDLORD_LIST_ENDPOINTS } from './landlord-application-lists.contract';
import { LANDLORD_ENDPOINTS, LANDLORD_RECORD_ENDPOINTS } from './landlords-endpoints.contract';
import { OTP_ENDPOINTS } from './otp.contract';
import { RENTAL_UNIT_ENDPOINTS, RENTAL_UNIT_RECORD_ENDPOINTS } from './rental-units-endpoints.contract';
import { TENANT_ENDPOINTS, TENANT_RECORD_ENDPOINTS } from './tenants-endpoints.contract';
import { TRACKING_ENDPOINTS } from './tracking.contract';

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
};
