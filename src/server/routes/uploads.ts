import type { FastifyRequest } from 'fastify';
import { UPLOAD_MESSAGES, uploadedMessage, type UploadDocumentBody } from '../../contract/documents.contract';
import { LANDLORD_MESSAGES } from '../../contract/landlords.contract';
import { TENANT_ENDPOINTS, TENANT_RECORD_ENDPOINTS } from '../../contract/tenants-endpoints.contract';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { callerOf } from '../security/caller';
import { citizenOf } from '../security/citizen-guard';
import { callerLabel, refuseAsMissing, refuseAudited } from '../security/refusals';
import { landlordReach } from '../services/owner-scope';
import { requireTenantReach, NOT_YOUR_TENANT_MESSAGE, tenantRefusalMessage } from '../services/tenant-scope';
import { checkUpload } from '../services/uploads-check';
import {
  documentOfTenant,
  missingRequired,
  ownerFacts,
  storeDocument,
  tenantDocuments,
} from '../services/uploads.service';
import type { ZodApi } from '../http/zod-api';

export const NO_SUCH_OWNER_MESSAGE = 'No such tenant, family member or helper.';
export const NOT_YOUR_HELPER_MESSAGE = "You may only upload documents of your own landlord's helpers.";

/** Uploads (staff and citizen twins), a tenant's documents list and a citizen's own document (docs/tenants-api.md). */
export function registerUploadRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const { db } = deps;

  /**
   * The upload's owner must be reachable. A key holder cannot tell a member or helper code that does not exist
   * from another person's (both are the audited 403 of another's), so codes cannot be probed; nor can an official
   * (an unknown code and one outside its reach are the same 404).
   */
  async function requireOwnerReach(request: FastifyRequest, body: UploadDocumentBody): Promise<void> {
    if (body.ownertype === 'tenant') {
      await requireTenantReach(deps, request, body.ownerid);
      return;
    }
    const caller = callerOf(request);
    const owner = await ownerFacts(db, body.ownertype, body.ownerid);
    if (!owner.found) {
      if (caller.kind === 'staff') throw new HttpError(404, NO_SUCH_OWNER_MESSAGE);
      const why =
        body.ownertype === 'landlordhelper' ? NOT_YOUR_HELPER_MESSAGE : tenantRefusalMessage(caller);
      return refuseAudited(deps, request, why);
    }
    // An official's owner outside its reach is answered as no such owner (docs/reach.md), audited.
    if (owner.tenantId !== null) {
      await requireTenantReach(deps, request, owner.tenantId, NO_SUCH_OWNER_MESSAGE);
    } else {
      const reach = await landlordReach(db, caller, owner.landlordId!);
      if (reach === 'missing') throw new HttpError(404, NO_SUCH_OWNER_MESSAGE);
      if (reach === 'refused' && caller.kind === 'staff')
        await refuseAsMissing(deps, request, LANDLORD_MESSAGES.outsideJurisdiction, NO_SUCH_OWNER_MESSAGE);
      if (reach === 'refused') await refuseAudited(deps, request, NOT_YOUR_HELPER_MESSAGE);
    }
    if (owner.left) throw new HttpError(400, UPLOAD_MESSAGES.memberLeft);
  }

  // Tenants upload for themselves, their family and helpers; a landlord's key uploads its helpers' signatures.
  for (const table of [TENANT_RECORD_ENDPOINTS.staff, TENANT_RECORD_ENDPOINTS.own]) {
    serve(api, deps, table.upload, async (request) => {
      const body = request.body;
      // Whose document it is comes first: a stranger's upload is refused before its file is even read.
      await requireOwnerReach(request, body);
      const file = await checkUpload(body);
      const docid = await storeDocument(db, body, file, callerLabel(request) ?? 'unknown');
      return { message: uploadedMessage(body.doctype), docid };
    });

    serve(api, deps, table.documents, async (request) => {
      await requireTenantReach(deps, request, request.params.id);
      const documents = await tenantDocuments(db, request.params.id);
      return { documents, missingRequired: missingRequired(documents) };
    });
  }

  // The staff twin is GET register/document/{docid} (docs/register-api.md).
  serve(api, deps, TENANT_ENDPOINTS.ownDocument, async (request) => {
    const scope = citizenOf(request).scope;
    const own = scope.kind === 'tenant' ? scope.tenantId : 0;
    const doc = await documentOfTenant(db, own, request.params.docid);
    if (doc) return doc;
    // Another tenant's document and a document that does not exist answer alike (issue 20): the same audited
    // 403, the same message and headers, so a key holder cannot learn which ids exist.
    return refuseAudited(deps, request, NOT_YOUR_TENANT_MESSAGE);
  });

  return Promise.resolve();
}
