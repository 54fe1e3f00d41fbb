import { eq } from 'drizzle-orm';
import { TENANT_MESSAGES } from '../../contract/tenants.contract';
import type { Db } from '../db/client';
import { tenancyTypes } from '../db/schema';
import { HttpError } from '../http/errors';
import type { TenantRegistrationData } from '../pdf/tenant-registration.pdf';
import { listFamily, listHelpers } from './tenant-members.service';
import { loadTenant } from './tenants-shape';
import { missingRequired, tenantDocuments, tenantPhotoJpeg } from './uploads.service';

export const FORM_NEEDS_DOCUMENTS_MESSAGE =
  'Cannot download registration form. Please upload all the documents required.';

/**
 * Everything the registration form shows. The form exists only once the three required documents (PHOTO,
 * IDENTITYPROOF, SIGNATURE) are on file: otherwise a 409 with the spec's message, naming what is missing.
 */
export async function tenantRegistrationData(db: Db, tenantId: number): Promise<TenantRegistrationData> {
  const tenant = await loadTenant(db, { id: tenantId });
  if (!tenant) throw new HttpError(404, TENANT_MESSAGES.notFound);
  const documents = await tenantDocuments(db, tenantId);
  const missing = missingRequired(documents);
  if (missing.length > 0) {
    throw new HttpError(409, `${FORM_NEEDS_DOCUMENTS_MESSAGE} Missing: ${missing.join(', ')}.`);
  }
  const [family, helpers, photoJpeg, [type]] = await Promise.all([
    listFamily(db, tenantId),
    listHelpers(db, tenantId),
    tenantPhotoJpeg(db, tenantId),
    db.select({ type: tenancyTypes.type }).from(tenancyTypes).where(eq(tenancyTypes.code, tenant.type)),
  ]);
  return { tenant, tenancyTypeName: type?.type ?? tenant.type, family, helpers, documents, photoJpeg };
}
