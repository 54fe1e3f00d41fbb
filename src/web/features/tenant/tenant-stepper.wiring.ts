import { fromPromise } from 'xstate';
import { tenantStepperMachine } from '../../../../machines/access/tenant-stepper.machine';
import type {
  TenantFilesRequest,
  TenantLoad,
  TenantLookup,
  TenantRecord,
} from '../../../../machines/access/tenant-stepper.types';
import type { Tenant } from '../../../contract/tenants.contract';
import { otpAccessLogic } from '../../api/citizen-otp';
import { saveBase64File } from '../../lib/pdf-download';
import {
  checkTenantExists,
  tenantApi,
  tenantById,
  tenantByIdNumber,
  tenantRegistrationForm,
} from './tenant-api';

/** What the stepper keeps of a tenant the server sent: the profile reads `details` back as a Tenant. */
export function tenantRecordOf(tenant: Tenant): TenantRecord {
  return { tenantId: String(tenant.id), epicNo: tenant.epicNo, details: tenant };
}

async function loadTenant({ subject, id }: TenantLoad, signal: AbortSignal): Promise<TenantRecord> {
  const tenant =
    subject === 'registration' ? await tenantById(id, signal) : await tenantByIdNumber(id, signal);
  return tenantRecordOf(tenant);
}

async function listDocumentTypes({ tenantId }: TenantFilesRequest): Promise<string[]> {
  const documents = await tenantApi.documents(Number(tenantId));
  return documents.map((doc) => doc.doctype);
}

async function downloadForm({ tenantId }: TenantFilesRequest, signal: AbortSignal): Promise<void> {
  const form = await tenantRegistrationForm(tenantId, signal);
  saveBase64File(form.base64img, form.contenttype, form.filename);
}

/** The tenant stepper with the real calls: the OTP child seals its code, the key is kept for this tab. */
export const tenantStepperLogic = tenantStepperMachine.provide({
  actors: {
    otpAccess: otpAccessLogic,
    checkTenant: fromPromise<void, TenantLookup>(({ input, signal }) => checkTenantExists(input.id, signal)),
    loadTenant: fromPromise<TenantRecord, TenantLoad>(({ input, signal }) => loadTenant(input, signal)),
    listDocumentTypes: fromPromise<string[], TenantFilesRequest>(({ input }) => listDocumentTypes(input)),
    downloadForm: fromPromise<void, TenantFilesRequest>(({ input, signal }) => downloadForm(input, signal)),
  },
});
