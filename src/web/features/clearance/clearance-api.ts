import { z } from 'zod';
import {
  appliedApplicationSchema,
  clearanceTenantSchema,
  landlordGeneratedApplicationSchema,
  tenantConsentGivenSchema,
  tenantConsentResentSchema,
  type FamilyAndHelpersBody,
  type GenerateApplicationBody,
} from '../../../contract/citizen-applications.contract';
import { pdfReplySchema } from '../../../contract/forms.contract';
import { rentalUnitSchema } from '../../../contract/rental-units.contract';
import { getParsed as get, sendParsed as send } from '../../api/parsed-calls';
import { sealForServer } from '../../api/sealed-secret';

// The clearance's calls (docs/clearance.md, docs/citizen-applications-api.md); the landlord's key rides in X-Api-Key.

const enc = encodeURIComponent;

export function landlordUnitsForClearance(landlordId: number, signal?: AbortSignal) {
  return get(`process/rentalUnit/landlord/${enc(String(landlordId))}`, z.array(rentalUnitSchema), signal);
}

/** Rejects with status 404 when no tenant has this ID number. */
export function clearanceTenant(idNumber: string, signal?: AbortSignal) {
  return get(`process/anonymous/clearanceTenant/${enc(idNumber)}`, clearanceTenantSchema, signal);
}

export function generateClearanceApplication(body: GenerateApplicationBody) {
  return send('POST', 'process/anonymous/generateApplication', landlordGeneratedApplicationSchema, body);
}

/** The tenant's code, sealed like every OTP (docs/tenant-consent.md). */
export async function confirmTenantConsent(applid: number, code: string) {
  return send('POST', 'process/application/tenantConsent', tenantConsentGivenSchema, {
    applid,
    otp: await sealForServer(code),
  });
}

export function resendTenantConsent(applid: number) {
  return send('POST', 'process/application/tenantConsent/resend', tenantConsentResentSchema, { applid });
}

export function applyClearanceApplication(body: FamilyAndHelpersBody) {
  return send('POST', 'process/application/DomesticHelperAndFamily', appliedApplicationSchema, body);
}

export function completedApplicationForm(applid: number, signal?: AbortSignal) {
  return get(`process/GetCompletedApplicationForm/${enc(String(applid))}`, pdfReplySchema, signal);
}
