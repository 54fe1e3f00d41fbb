import { createContext, useContext } from 'react';
import {
  type ClearanceTenant,
  type TenantConsentGiven,
  type TenantConsentResent,
} from '../../../contract/citizen-applications.contract';
import { FORM_ENDPOINTS, type PdfReply } from '../../../contract/forms.contract';
import {
  LANDLORD_LIST_ENDPOINTS,
  type LandlordApplicationPage,
} from '../../../contract/landlord-application-lists.contract';
import { type Landlord } from '../../../contract/landlords.contract';
import { LANDLORD_RECORD_ENDPOINTS } from '../../../contract/landlords-endpoints.contract';
import { APPLICATION_ENDPOINTS } from '../../../contract/applications.endpoints';
import {
  OFFICE_APPLICATION_ENDPOINTS,
  type OfficeAppliedApplication,
  type OfficeFamilyAndHelpersBody,
  type OfficeGenerateApplicationBody,
  type OfficeGeneratedApplication,
} from '../../../contract/office-applications.contract';
import { type RentalUnit } from '../../../contract/rental-units.contract';
import { RENTAL_UNIT_RECORD_ENDPOINTS } from '../../../contract/rental-units-endpoints.contract';
import { TENANT_RECORD_ENDPOINTS } from '../../../contract/tenants-endpoints.contract';
import { type Tenant } from '../../../contract/tenants.contract';
import { callEndpoint } from '../../api/endpoint-call';
import { sealForServer } from '../../api/sealed-secret';
import { asServerCall } from '../../api/server-failure';

// The officials' clearance-application calls (docs/office-applications.md): the wizard of /app/new-application and
// /app/offlineapplication and the Tenant Applications page. Bearer token from the one HTTP client; every call
// rejects with a ServerFailure `{status?, message?}`.

/** 'own': the official's own application (process/user/SaveApplication); 'office': on a landlord's behalf. */
export type OfficeApplicationChannel = 'own' | 'office';

export interface LandlordListQuery {
  username: string;
  page: number;
}

export interface OfficeApplicationsApi {
  /** GET register/landlordByEpic/{epic}: 404 when no landlord is registered with it. */
  landlordByEpic(epic: string, signal?: AbortSignal): Promise<Landlord>;
  /** GET register/rentalUnit/landlord/{id}: the landlord's units, each with `vacant`. */
  landlordUnits(landlordId: number, signal?: AbortSignal): Promise<RentalUnit[]>;
  /** GET register/tenantByIdNumber/{epicNo}: the full tenant (404 when none). */
  tenantByIdNumber(epicNo: string, signal?: AbortSignal): Promise<Tenant>;
  /** GET process/user/clearanceTenant/{epicNo}: `{id, name}`; 404 'Tenant does not exist!'. */
  clearanceTenant(epicNo: string, signal?: AbortSignal): Promise<ClearanceTenant>;
  /** POST process/user/SaveApplication ('own') or process/SaveApplication_Police ('office'). */
  saveApplication(
    channel: OfficeApplicationChannel,
    body: OfficeGenerateApplicationBody,
  ): Promise<OfficeGeneratedApplication>;
  /** POST process/user/application/DomesticHelperAndFamily, with the ward MODERATOR's recommendation or none. */
  applyApplication(body: OfficeFamilyAndHelpersBody): Promise<OfficeAppliedApplication>;
  /** POST process/user/application/tenantConsent: the tenant's code (sealed here), answered with its people. */
  confirmTenantConsent(applid: number, code: string): Promise<TenantConsentGiven>;
  /** POST process/user/application/tenantConsent/resend: a new code to the tenant. */
  resendTenantConsent(applid: number): Promise<TenantConsentResent>;
  /**
   * PUT process/updateApplication/{id}: the staff delete, which the lifecycle grants the official who made a draft
   * still awaiting the tenant's consent (the consent step's Reset; docs/tenant-consent.md).
   */
  withdrawApplication(applid: number): Promise<{ message: string }>;
  /** GET process/user/IncompleteApplicationByLandlord/{username}/{landlordId}/{page}. */
  incompleteByLandlord(
    query: LandlordListQuery & { landlordId: number },
    signal?: AbortSignal,
  ): Promise<LandlordApplicationPage>;
  /** GET process/user/CompletedApplicationByLandlordEpic/{username}/{epic}/{page}. */
  completedByLandlordEpic(
    query: LandlordListQuery & { epic: string },
    signal?: AbortSignal,
  ): Promise<LandlordApplicationPage>;
  /** GET process/user/ApplicationList/{username}: the incomplete applications this official generated. */
  pickableApplications(username: string, signal?: AbortSignal): Promise<LandlordApplicationPage>;
  /** GET process/user/GetCompletedApplicationForm/{id}: the application form as a base64 PDF. */
  completedApplicationForm(applid: number, signal?: AbortSignal): Promise<PdfReply>;
}

const SAVE_ENDPOINTS = {
  own: OFFICE_APPLICATION_ENDPOINTS.saveOwn,
  office: OFFICE_APPLICATION_ENDPOINTS.saveOffice,
} as const;

export const httpOfficeApplicationsApi: OfficeApplicationsApi = {
  landlordByEpic: (epic, signal) =>
    asServerCall(() =>
      callEndpoint(LANDLORD_RECORD_ENDPOINTS.staff.landlordByEpic, { params: { epic } }, signal),
    ),
  landlordUnits: (landlordId, signal) =>
    asServerCall(() =>
      callEndpoint(RENTAL_UNIT_RECORD_ENDPOINTS.staff.ofLandlord, { params: { landlordId } }, signal),
    ),
  tenantByIdNumber: (epicNo, signal) =>
    asServerCall(() =>
      callEndpoint(TENANT_RECORD_ENDPOINTS.staff.tenantByIdNumber, { params: { epicNo } }, signal),
    ),
  clearanceTenant: (epicNo, signal) =>
    asServerCall(() =>
      callEndpoint(OFFICE_APPLICATION_ENDPOINTS.clearanceTenant, { params: { epicNo } }, signal),
    ),
  saveApplication: (channel, body) => asServerCall(() => callEndpoint(SAVE_ENDPOINTS[channel], { body })),
  applyApplication: (body) => asServerCall(() => callEndpoint(OFFICE_APPLICATION_ENDPOINTS.apply, { body })),
  confirmTenantConsent: async (applid, code) => {
    const body = { applid, otp: await sealForServer(code) };
    return asServerCall(() => callEndpoint(OFFICE_APPLICATION_ENDPOINTS.confirmConsent, { body }));
  },
  resendTenantConsent: (applid) =>
    asServerCall(() => callEndpoint(OFFICE_APPLICATION_ENDPOINTS.resendConsent, { body: { applid } })),
  withdrawApplication: (applid) =>
    asServerCall(() => callEndpoint(APPLICATION_ENDPOINTS.remove, { params: { id: applid }, query: {} })),
  incompleteByLandlord: ({ username, landlordId, page }, signal) =>
    asServerCall(() =>
      callEndpoint(
        LANDLORD_LIST_ENDPOINTS.incompleteByUser,
        { params: { username, id: landlordId, page }, query: {} },
        signal,
      ),
    ),
  completedByLandlordEpic: ({ username, epic, page }, signal) =>
    asServerCall(() =>
      callEndpoint(
        LANDLORD_LIST_ENDPOINTS.completedByUser,
        { params: { username, epic, page }, query: {} },
        signal,
      ),
    ),
  pickableApplications: (username, signal) =>
    asServerCall(() =>
      callEndpoint(LANDLORD_LIST_ENDPOINTS.pickableByUser, { params: { username }, query: {} }, signal),
    ),
  completedApplicationForm: (applid, signal) =>
    asServerCall(() => callEndpoint(FORM_ENDPOINTS.staffForm, { params: { id: applid } }, signal)),
};

export const OfficeApplicationsApiContext = createContext<OfficeApplicationsApi>(httpOfficeApplicationsApi);

/** The calls, or the fake a story or test provides through OfficeApplicationsApiContext. */
export function useOfficeApplicationsApi(): OfficeApplicationsApi {
  return useContext(OfficeApplicationsApiContext);
}
