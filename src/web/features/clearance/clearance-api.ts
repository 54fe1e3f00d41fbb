import {
  type FamilyAndHelpersBody,
  type GenerateApplicationBody,
} from '../../../contract/citizen-applications.contract';
import { CITIZEN_APPLICATION_ENDPOINTS as ENDPOINTS } from '../../../contract/citizen-applications-endpoints.contract';
import { FORM_ENDPOINTS } from '../../../contract/forms.contract';
import { RENTAL_UNIT_RECORD_ENDPOINTS } from '../../../contract/rental-units-endpoints.contract';
import { callEndpoint } from '../../api/endpoint-call';
import { sealForServer } from '../../api/sealed-secret';
import { asServerCall } from '../../api/server-failure';

// The clearance's calls (docs/clearance.md, docs/citizen-applications-api.md); the landlord's key rides in X-Api-Key.

export function landlordUnitsForClearance(landlordId: number, signal?: AbortSignal) {
  return asServerCall(() =>
    callEndpoint(RENTAL_UNIT_RECORD_ENDPOINTS.own.ofLandlord, { params: { landlordId } }, signal),
  );
}

/** Rejects with status 404 when no tenant has this ID number. */
export function clearanceTenant(idNumber: string, signal?: AbortSignal) {
  return asServerCall(() =>
    callEndpoint(ENDPOINTS.clearanceTenant, { params: { epicNo: idNumber } }, signal),
  );
}

export function generateClearanceApplication(body: GenerateApplicationBody) {
  return asServerCall(() => callEndpoint(ENDPOINTS.generate, { body: body }));
}

/** The tenant's code, sealed like every OTP (docs/tenant-consent.md). */
export async function confirmTenantConsent(applid: number, code: string) {
  const otp = await sealForServer(code);
  return asServerCall(() => callEndpoint(ENDPOINTS.tenantConsent, { body: { applid, otp } }));
}

export function resendTenantConsent(applid: number) {
  return asServerCall(() => callEndpoint(ENDPOINTS.resendTenantConsent, { body: { applid } }));
}

export function applyClearanceApplication(body: FamilyAndHelpersBody) {
  return asServerCall(() => callEndpoint(ENDPOINTS.apply, { body: body }));
}

export function completedApplicationForm(applid: number, signal?: AbortSignal) {
  return asServerCall(() => callEndpoint(FORM_ENDPOINTS.landlordForm, { params: { id: applid } }, signal));
}
