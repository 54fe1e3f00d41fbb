import { z } from 'zod';
import { messageReplySchema } from './api';
import { channelUpdateReplySchema } from './channel-changes.contract';
import {
  citizenDocumentParamsSchema,
  tenantDocumentsReplySchema,
  uploadDocumentBodySchema,
  uploadReplySchema,
} from './documents.contract';
import { endpoint, type Access, type CitizenKeyKind } from './endpoint';
import { pdfReplySchema } from './forms.contract';
import { documentReplySchema } from './register.contract';
import { CONTEST_SETTLERS, MEMBER_REMOVERS, TENANT_READERS, TENANT_WRITERS, type Role } from './roles';
import {
  familyMemberBodySchema,
  familyMemberSchema,
  helperBodySchema,
  helperSchema,
  memberParamsSchema,
  memberSavedReplySchema,
  settleContestBodySchema,
  tenantBodySchema,
  tenantExistsReplySchema,
  tenantIdNumberParamsSchema,
  tenantIdParamsSchema,
  tenantSavedReplySchema,
  tenantSchema,
} from './tenants.contract';

// The tenant endpoints (docs/tenants-api.md), apart from the schemas in tenants.contract.ts.

const tag = 'tenants';

/** Registration, the existence check, the delete, the contest's settling and a tenant's own document. */
export const TENANT_ENDPOINTS = {
  /** Anyone may register as a tenant (no key yet); each attempt is an identity lookup, counted per address. */
  registerSelf: endpoint({
    method: 'POST',
    path: '/process/tenant',
    access: { public: true },
    tag,
    body: tenantBodySchema,
    reply: tenantSavedReplySchema,
  }),
  register: endpoint({
    method: 'POST',
    path: '/register/tenant',
    access: { staff: TENANT_WRITERS },
    tag,
    body: tenantBodySchema,
    reply: tenantSavedReplySchema,
  }),
  /** "Is this ID registered?": 404 means a fresh registration; anonymous callers are counted per address. */
  existsSelf: endpoint({
    method: 'GET',
    path: '/process/tenantExists/:epicNo',
    access: { public: true },
    tag,
    params: tenantIdNumberParamsSchema,
    reply: tenantExistsReplySchema,
  }),
  exists: endpoint({
    method: 'GET',
    path: '/register/tenantExists/:epicNo',
    access: { staff: TENANT_READERS },
    tag,
    params: tenantIdNumberParamsSchema,
    reply: tenantExistsReplySchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/register/tenant/:id',
    access: { staff: TENANT_WRITERS },
    tag,
    params: tenantIdParamsSchema,
    reply: messageReplySchema,
  }),
  /** A contested record settled at a locality office (docs/otp-channel-changes.md, "A contested record"). */
  settleContest: endpoint({
    method: 'POST',
    path: '/register/settleContestedTenant',
    access: { staff: CONTEST_SETTLERS },
    tag,
    body: settleContestBodySchema,
    reply: channelUpdateReplySchema,
  }),
  /** The staff twin is GET register/document/{docid} (docs/register-api.md). */
  ownDocument: endpoint({
    method: 'GET',
    path: '/process/document/:docid',
    access: { citizen: ['tenant'] },
    tag: 'documents',
    params: citizenDocumentParamsSchema,
    reply: documentReplySchema,
  }),
};

/** Who may make a twin's call: the officials of `roles` (`register/`), or keys of `kinds` (`process/`). */
type AccessOf = (roles: readonly Role[], kinds?: readonly CitizenKeyKind[]) => Access;

/**
 * One tenant's record, members and documents: the same calls under `register/` for officials and `process/` for
 * the tenant's key (a landlord's key also uploads its helpers' signatures).
 */
function tenantRecordEndpoints(area: 'register' | 'process', accessOf: AccessOf) {
  const readers = accessOf(TENANT_READERS);
  const writers = accessOf(TENANT_WRITERS);
  const removers = accessOf(MEMBER_REMOVERS);
  const tenant = `/${area}/tenant/:id`;
  const byId = { params: tenantIdParamsSchema, tag } as const;
  const member = { params: memberParamsSchema, tag, reply: messageReplySchema } as const;
  const saved = { ...byId, reply: memberSavedReplySchema } as const;
  return {
    update: endpoint({
      ...byId,
      method: 'PUT',
      path: tenant,
      access: writers,
      body: tenantBodySchema,
      reply: tenantSavedReplySchema,
    }),
    tenant: endpoint({ ...byId, method: 'GET', path: tenant, access: readers, reply: tenantSchema }),
    tenantByIdNumber: endpoint({
      method: 'GET',
      path: `/${area}/tenantByIdNumber/:epicNo`,
      access: readers,
      tag,
      params: tenantIdNumberParamsSchema,
      reply: tenantSchema,
    }),
    /** The tenant stepper's "Download Completed Form" and its staff twin. */
    registrationForm: endpoint({
      ...byId,
      method: 'GET',
      path: `/${area}/tenantRegistrationForm/:id`,
      access: readers,
      reply: pdfReplySchema,
    }),
    familyMembers: endpoint({
      ...byId,
      method: 'GET',
      path: `${tenant}/familymembers`,
      access: readers,
      reply: z.array(familyMemberSchema),
    }),
    addFamilyMember: endpoint({
      ...saved,
      method: 'POST',
      path: `${tenant}/familymembers`,
      access: writers,
      body: familyMemberBodySchema,
    }),
    removeFamilyMember: endpoint({
      ...member,
      method: 'DELETE',
      path: `${tenant}/familymembers/:memberCode`,
      access: removers,
    }),
    helpers: endpoint({
      ...byId,
      method: 'GET',
      path: `${tenant}/helpers`,
      access: readers,
      reply: z.array(helperSchema),
    }),
    addHelper: endpoint({
      ...saved,
      method: 'POST',
      path: `${tenant}/helpers`,
      access: writers,
      body: helperBodySchema,
    }),
    removeHelper: endpoint({
      ...member,
      method: 'DELETE',
      path: `${tenant}/helpers/:memberCode`,
      access: removers,
    }),
    upload: endpoint({
      method: 'POST',
      path: `/${area}/uploaddocument/`,
      access: accessOf(TENANT_WRITERS, ['tenant', 'landlord']),
      tag: 'documents',
      body: uploadDocumentBodySchema,
      reply: uploadReplySchema,
    }),
    documents: endpoint({
      ...byId,
      method: 'GET',
      path: `${tenant}/documents`,
      access: readers,
      tag: 'documents',
      reply: tenantDocumentsReplySchema,
    }),
  };
}

export const TENANT_RECORD_ENDPOINTS = {
  staff: tenantRecordEndpoints('register', (roles) => ({ staff: roles })),
  own: tenantRecordEndpoints('process', (_roles, kinds = ['tenant']) => ({ citizen: kinds })),
};
export type TenantRecordEndpoints = typeof TENANT_RECORD_ENDPOINTS.staff;
