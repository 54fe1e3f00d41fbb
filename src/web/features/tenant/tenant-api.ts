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
import { channelChangeCalls } from '../../api/channel-change-calls';
import { masterLookups } from '../../api/master-lookups';
import { getParsed as get, sendParsed as send } from '../../api/parsed-calls';
import type { CameraFacing, TenantServices } from './tenant-services';

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

/** `process/` (the citizen's key) or `register/` (the official's bearer token): the same calls, the same bodies. */
type CallerPrefix = 'process' | 'register';

/** The profile's calls under one prefix (docs/tenants-api.md "Twins"). */
function tenantCalls(prefix: CallerPrefix): TenantServices {
  const tenant = `${prefix}/tenant`;
  return {
    states: masterLookups.states,
    districts: masterLookups.districts,
    occupations: masterLookups.occupations,
    relationships: masterLookups.relationships,
    tenancyTypes: masterLookups.tenancyTypes,
    saveTenant: (body, tenantId) =>
      tenantId === null
        ? send('POST', tenant, tenantSavedReplySchema, body)
        : send('PUT', `${tenant}/${tenantId}`, tenantSavedReplySchema, body),
    familyMembers: (tenantId) => get(`${tenant}/${tenantId}/familymembers`, z.array(familyMemberSchema)),
    addFamilyMember: (tenantId, body) =>
      send('POST', `${tenant}/${tenantId}/familymembers`, memberSavedReplySchema, body),
    removeFamilyMember: (tenantId, memberCode) =>
      send('DELETE', `${tenant}/${tenantId}/familymembers/${memberCode}`, messageReplySchema),
    helpers: (tenantId) => get(`${tenant}/${tenantId}/helpers`, z.array(helperSchema)),
    addHelper: (tenantId, body) =>
      send('POST', `${tenant}/${tenantId}/helpers`, memberSavedReplySchema, body),
    removeHelper: (tenantId, memberCode) =>
      send('DELETE', `${tenant}/${tenantId}/helpers/${memberCode}`, messageReplySchema),
    documents: (tenantId) =>
      get(`${tenant}/${tenantId}/documents`, tenantDocumentsReplySchema).then((reply) => reply.documents),
    document: (docid) => get(`${prefix}/document/${docid}`, documentReplySchema),
    upload: (body: UploadDocumentBody) => send('POST', `${prefix}/uploaddocument/`, uploadReplySchema, body),
    openCamera,
  };
}

function openCamera(facing: CameraFacing): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    return Promise.reject(new Error('This browser offers no camera here (it needs a secure https page).'));
  }
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: facing }, audio: false });
}

const ownChannelChange = channelChangeCalls('process');

/** The citizen dialog's calls: `process/`, with the key a verified OTP gave (X-Api-Key). */
export const tenantApi: TenantServices = {
  ...tenantCalls('process'),
  pendingChannelChange: ownChannelChange.pending,
  stopChannelChange: ownChannelChange.stop,
};

/** The officials' Tenants page: the `register/` twins, with the bearer token of the staff session. */
export const staffTenantApi: TenantServices = tenantCalls('register');
