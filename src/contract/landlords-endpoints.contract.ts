import { z } from 'zod';
import { messageReplySchema } from './api';
import { channelUpdateReplySchema } from './channel-changes.contract';
import { endpoint, type Access } from './endpoint';
import { pdfReplySchema } from './forms.contract';
import {
  epicParamsSchema,
  existsReplySchema,
  helperInputSchema,
  helperParamsSchema,
  helperSavedSchema,
  helperSchema,
  landlordApplicationsSchema,
  landlordIdParamsSchema,
  landlordInputSchema,
  landlordSavedSchema,
  landlordSchema,
  landlordUpdateSchema,
} from './landlords.contract';
import { LANDLORD_STAFF_ROLES } from './roles';

// The landlord endpoints (docs/landlords-api.md), apart from the schemas in landlords.contract.ts.

const tag = 'landlords';
/** The officials who register landlords (`register/...`), and the landlord's own key (`process/...`). */
const staffAccess: Access = { staff: LANDLORD_STAFF_ROLES };
const keyAccess: Access = { citizen: ['landlord'] };

/** The registration wizard's calls, anonymous (`process/`) and an official's (`register/`). */
export const LANDLORD_ENDPOINTS = {
  /** Anonymous registration (no key yet): the reply tells whether the EPIC is registered, so it is counted. */
  registerSelf: endpoint({
    method: 'POST',
    path: '/process/landlord',
    access: { public: true },
    tag,
    body: landlordInputSchema,
    reply: landlordSavedSchema,
  }),
  existsSelf: endpoint({
    method: 'GET',
    path: '/process/Existlandlord/:epic',
    access: { public: true },
    tag,
    params: epicParamsSchema,
    reply: existsReplySchema,
  }),
  register: endpoint({
    method: 'POST',
    path: '/register/landlord',
    access: staffAccess,
    tag,
    body: landlordInputSchema,
    reply: landlordSavedSchema,
  }),
  exists: endpoint({
    method: 'GET',
    path: '/register/Existlandlord/:epic',
    access: staffAccess,
    tag,
    params: epicParamsSchema,
    reply: existsReplySchema,
  }),
  /** The landlord's Applications tab, key only. */
  applications: endpoint({
    method: 'GET',
    path: '/process/AllApplicationByLandlord/:id',
    access: keyAccess,
    tag,
    params: landlordIdParamsSchema,
    reply: landlordApplicationsSchema,
  }),
};

/** One landlord's record, helpers and registration form: the same calls under `register/` and `process/`. */
function landlordRecordEndpoints(area: 'register' | 'process', access: Access) {
  const byId = { method: 'GET', access, tag, params: landlordIdParamsSchema, reply: landlordSchema } as const;
  return {
    landlord: endpoint({ ...byId, path: `/${area}/landlord/:id` }),
    landlordByReg: endpoint({ ...byId, path: `/${area}/landlordByReg/:id` }),
    landlordByEpic: endpoint({
      method: 'GET',
      path: `/${area}/landlordByEpic/:epic`,
      access,
      tag,
      params: epicParamsSchema,
      reply: landlordSchema,
    }),
    update: endpoint({
      method: 'PUT',
      path: `/${area}/updateLandlord`,
      access,
      tag,
      body: landlordUpdateSchema,
      reply: channelUpdateReplySchema,
    }),
    addHelper: endpoint({
      method: 'POST',
      path: `/${area}/landlordHelper`,
      access,
      tag,
      body: helperInputSchema,
      reply: helperSavedSchema,
    }),
    helpers: endpoint({
      method: 'GET',
      path: `/${area}/landlordHelpers/:id`,
      access,
      tag,
      params: landlordIdParamsSchema,
      reply: z.array(helperSchema),
    }),
    removeHelper: endpoint({
      method: 'PUT',
      path: `/${area}/landlordHelper/remove/:memberCode`,
      access,
      tag,
      params: helperParamsSchema,
      reply: messageReplySchema,
    }),
    registrationForm: endpoint({
      method: 'GET',
      path: `/${area}/landlordRegistrationForm/:id`,
      access,
      tag,
      params: landlordIdParamsSchema,
      reply: pdfReplySchema,
    }),
  };
}

export const LANDLORD_RECORD_ENDPOINTS = {
  staff: landlordRecordEndpoints('register', staffAccess),
  own: landlordRecordEndpoints('process', keyAccess),
};
