import { REGISTER_ENDPOINTS, type DocumentReply } from '../../../contract/register.contract';
import type { PdfReply } from '../../../contract/forms.contract';
import { type Tenant } from '../../../contract/tenants.contract';
import {
  TENANT_ENDPOINTS,
  TENANT_RECORD_ENDPOINTS,
  type TenantRecordEndpoints,
} from '../../../contract/tenants-endpoints.contract';
import { channelChangeCalls } from '../../api/channel-change-calls';
import { callEndpoint } from '../../api/endpoint-call';
import { masterLookups } from '../../api/master-lookups';
import { asServerCall } from '../../api/server-failure';
import type { CameraFacing, TenantServices } from './tenant-services';

// The citizen (`process/`) twins of the tenant calls (docs/tenants-api.md); the key rides in X-Api-Key.

const own = TENANT_RECORD_ENDPOINTS.own;

/** GET process/tenantExists/{epicNo}: resolves when registered, rejects with status 404 when not. */
export function checkTenantExists(id: string, signal?: AbortSignal): Promise<void> {
  return asServerCall(() =>
    callEndpoint(TENANT_ENDPOINTS.existsSelf, { params: { epicNo: id } }, signal).then(() => undefined),
  );
}

export function tenantByIdNumber(epicNo: string, signal?: AbortSignal): Promise<Tenant> {
  return asServerCall(() => callEndpoint(own.tenantByIdNumber, { params: { epicNo } }, signal));
}

export function tenantById(id: string, signal?: AbortSignal): Promise<Tenant> {
  return asServerCall(() => callEndpoint(own.tenant, { params: { id: Number(id) } }, signal));
}

export function tenantRegistrationForm(tenantId: string, signal?: AbortSignal): Promise<PdfReply> {
  return asServerCall(() => callEndpoint(own.registrationForm, { params: { id: Number(tenantId) } }, signal));
}

/**
 * The profile's calls through one twin's endpoints (docs/tenants-api.md "Twins"): `process/` (the citizen's key)
 * or `register/` (the official's bearer token), the same calls and bodies. A new tenant is registered through
 * `registerNew`; a document is read through `document` (the staff twin is the register area's).
 */
function tenantCalls(
  twin: TenantRecordEndpoints,
  registerNew: typeof TENANT_ENDPOINTS.register,
  document: (docid: number) => Promise<DocumentReply>,
): TenantServices {
  return {
    states: masterLookups.states,
    districts: masterLookups.districts,
    occupations: masterLookups.occupations,
    relationships: masterLookups.relationships,
    tenancyTypes: masterLookups.tenancyTypes,
    saveTenant: (input, tenantId) => {
      const body = input;
      return asServerCall(() =>
        tenantId === null
          ? callEndpoint(registerNew, { body })
          : callEndpoint(twin.update, { params: { id: tenantId }, body }),
      );
    },
    familyMembers: (id) => asServerCall(() => callEndpoint(twin.familyMembers, { params: { id } })),
    addFamilyMember: (id, body) =>
      asServerCall(() =>
        callEndpoint(twin.addFamilyMember, {
          params: { id },
          body: body,
        }),
      ),
    removeFamilyMember: (id, memberCode) =>
      asServerCall(() => callEndpoint(twin.removeFamilyMember, { params: { id, memberCode } })),
    helpers: (id) => asServerCall(() => callEndpoint(twin.helpers, { params: { id } })),
    addHelper: (id, body) => asServerCall(() => callEndpoint(twin.addHelper, { params: { id }, body: body })),
    removeHelper: (id, memberCode) =>
      asServerCall(() => callEndpoint(twin.removeHelper, { params: { id, memberCode } })),
    documents: (id) =>
      asServerCall(() => callEndpoint(twin.documents, { params: { id } })).then((reply) => reply.documents),
    document,
    upload: (body) => asServerCall(() => callEndpoint(twin.upload, { body })),
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
  ...tenantCalls(own, TENANT_ENDPOINTS.registerSelf, (docid) =>
    asServerCall(() => callEndpoint(TENANT_ENDPOINTS.ownDocument, { params: { docid } })),
  ),
  pendingChannelChange: ownChannelChange.pending,
  stopChannelChange: ownChannelChange.stop,
};

/** The officials' Tenants page: the `register/` twins, with the bearer token of the staff session. */
export const staffTenantApi: TenantServices = tenantCalls(
  TENANT_RECORD_ENDPOINTS.staff,
  TENANT_ENDPOINTS.register,
  (docid) => asServerCall(() => callEndpoint(REGISTER_ENDPOINTS.document, { params: { docid } })),
);
