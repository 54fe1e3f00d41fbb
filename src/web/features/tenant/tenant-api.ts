import { z } from 'zod';
import {
  tenantDocumentsReplySchema,
  uploadReplySchema,
  type UploadDocumentBody,
} from '../../../contract/documents.contract';
import { pdfReplySchema, type PdfReply } from '../../../contract/forms.contract';
import { documentReplySchema } from '../../../contract/register.contract';
import {
  familyMemberSchema,
  helperSchema,
  memberSavedReplySchema,
  tenantSavedReplySchema,
  tenantSchema,
  type Tenant,
} from '../../../contract/tenants.contract';
import { messageReplySchema } from '../../../contract/api';
import { masterLookups } from '../../api/master-lookups';
import { getParsed as get, sendParsed as send } from '../../api/parsed-calls';
import type { TenantServices } from './tenant-services';

// The citizen (`process/`) twins of the tenant calls (docs/tenants-api.md); the key rides in X-Api-Key.

const enc = encodeURIComponent;

/** GET process/tenantExists/{epicNo}: resolves when registered, rejects with status 404 when not. */
export function checkTenantExists(id: string, signal?: AbortSignal): Promise<void> {
  return get(`process/tenantExists/${enc(id)}`, z.unknown(), signal).then(() => undefined);
}

export function tenantByIdNumber(epicNo: string, signal?: AbortSignal): Promise<Tenant> {
  return get(`process/tenantByIdNumber/${enc(epicNo)}`, tenantSchema, signal);
}

export function tenantById(id: string, signal?: AbortSignal): Promise<Tenant> {
  return get(`process/tenant/${enc(id)}`, tenantSchema, signal);
}

export function tenantRegistrationForm(tenantId: string, signal?: AbortSignal): Promise<PdfReply> {
  return get(`process/tenantRegistrationForm/${enc(tenantId)}`, pdfReplySchema, signal);
}

export const tenantApi: TenantServices = {
  states: masterLookups.states,
  districts: masterLookups.districts,
  occupations: masterLookups.occupations,
  relationships: masterLookups.relationships,
  tenancyTypes: masterLookups.tenancyTypes,
  saveTenant: (body, tenantId) =>
    tenantId === null
      ? send('POST', 'process/tenant', tenantSavedReplySchema, body)
      : send('PUT', `process/tenant/${tenantId}`, tenantSavedReplySchema, body),
  familyMembers: (tenantId) => get(`process/tenant/${tenantId}/familymembers`, z.array(familyMemberSchema)),
  addFamilyMember: (tenantId, body) =>
    send('POST', `process/tenant/${tenantId}/familymembers`, memberSavedReplySchema, body),
  removeFamilyMember: (tenantId, memberCode) =>
    send('DELETE', `process/tenant/${tenantId}/familymembers/${memberCode}`, messageReplySchema),
  helpers: (tenantId) => get(`process/tenant/${tenantId}/helpers`, z.array(helperSchema)),
  addHelper: (tenantId, body) =>
    send('POST', `process/tenant/${tenantId}/helpers`, memberSavedReplySchema, body),
  removeHelper: (tenantId, memberCode) =>
    send('DELETE', `process/tenant/${tenantId}/helpers/${memberCode}`, messageReplySchema),
  documents: (tenantId) =>
    get(`process/tenant/${tenantId}/documents`, tenantDocumentsReplySchema).then((reply) => reply.documents),
  document: (docid) => get(`process/document/${docid}`, documentReplySchema),
  upload: (body: UploadDocumentBody) => send('POST', 'process/uploaddocument/', uploadReplySchema, body),
  openCamera: (facing) => {
    if (!navigator.mediaDevices?.getUserMedia) {
      return Promise.reject(new Error('This browser offers no camera here (it needs a secure https page).'));
    }
    return navigator.mediaDevices.getUserMedia({ video: { facingMode: facing }, audio: false });
  },
};
