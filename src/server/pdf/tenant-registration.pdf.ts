import { IDENTITY_PROOF_LABELS, type DocumentListItem } from '../../contract/documents.contract';
import type { FamilyMember, Helper, Tenant, TenantAddress } from '../../contract/tenants.contract';
import { drawPhotoAtRight, formatDate, formatDateTime, PdfWriter } from './pdf-layout';

// The tenant's registration form (tenant stepper's "Download Completed Form"): the tenant's details with the
// photo, the family members and domestic helpers, and which documents are on file. Same layout helpers as the
// application form, so both read alike on paper.

const PHOTO = { width: 32, maxHeight: 40 } as const;

export interface TenantRegistrationData {
  tenant: Tenant;
  tenancyTypeName: string;
  family: FamilyMember[];
  helpers: Helper[];
  documents: DocumentListItem[];
  photoJpeg: Buffer | null;
}

const orDash = (v: string | null | undefined) => (v && v.trim() ? v : '-');
const addressLine = (a: TenantAddress) =>
  [a.address1, a.address2, a.district.districtName, a.district.statename.stateName, `PIN ${a.pinCode}`]
    .filter(Boolean)
    .join(', ');
const status = (leftOn: string | null) => (leftOn ? `Left on ${formatDate(leftOn)}` : 'Active');
/** An identity proof names its kind ('IDENTITYPROOF: Passport'); proofs stored before the kind was kept do not. */
export const documentLabel = (d: Pick<DocumentListItem, 'doctype' | 'idtype'>) =>
  d.idtype ? `${d.doctype}: ${IDENTITY_PROOF_LABELS[d.idtype]}` : d.doctype;

export function tenantRegistrationPdf(
  data: TenantRegistrationData,
  meta: { generatedBy: string; generatedAt: Date },
): Buffer {
  const { tenant: t } = data;
  const w = new PdfWriter();
  w.header('Tenant Registration Form');

  w.section('Tenant Details');
  w.ensureSpace(PHOTO.maxHeight + 4);
  const top = w.y;
  const page = w.doc.getCurrentPageInfo().pageNumber;
  const photoDrawn = drawPhotoAtRight(w, data.photoJpeg, top, PHOTO);
  w.details(
    [
      ['Registration No.', String(t.id)],
      ['Name', [t.firstName, t.middleName, t.lastName].filter(Boolean).join(' ')],
      ['ID number', t.epicNo],
      ['Parent or spouse', t.parentOrspouseName],
      ['Date of birth', formatDate(t.age)],
      ['Nationality', t.nationality],
      ['Occupation', t.occupation],
      ['Mobile', t.mobile],
      ['Email', orDash(t.email)],
      ['Tenancy type', `${data.tenancyTypeName} (${t.type})`],
      ['Photo', photoDrawn ? 'Attached (right)' : 'No photo could be shown'],
      ['Permanent address', addressLine(t.permanentAddress), true],
      ['Present address', addressLine(t.presentAddress), true],
    ],
    PHOTO.width + 4,
  );
  if (w.doc.getCurrentPageInfo().pageNumber === page) w.y = Math.max(w.y, top + PHOTO.maxHeight + 4);

  w.section('Family Members');
  w.list(
    ['Sl no.', 'Name', 'Date of Birth', 'Relationship', 'Occupation', 'Status'],
    data.family.map((f, i) => [
      String(i + 1),
      f.memberName,
      formatDate(f.age),
      f.relationship,
      f.occupation,
      status(f.leftOn),
    ]),
    'No family members registered.',
  );

  w.section('Domestic Helpers');
  w.list(
    ['Sl no.', 'Name', 'Date of Birth', 'Permanent address', 'Status'],
    data.helpers.map((h, i) => [
      String(i + 1),
      h.memberName,
      formatDate(h.age),
      `${h.permanentAddress.address1}, ${h.permanentAddress.district.districtName}, PIN ${h.permanentAddress.pinCode}`,
      status(h.leftOn),
    ]),
    'No domestic helpers registered.',
  );

  w.section('Documents on File');
  w.list(
    ['Document', 'File type', 'Size', 'Uploaded on'],
    data.documents.map((d) => [
      documentLabel(d),
      d.contenttype,
      `${Math.ceil(d.size / 1024)} KB`,
      formatDateTime(new Date(d.uploadedAt)),
    ]),
    'No documents uploaded.',
  );

  w.paragraph(
    'I declare that the particulars given above are true to the best of my knowledge. ' +
      'Signature of the tenant: ________________________',
  );
  w.footer(
    `Tenant registration ${t.id}. Generated ${formatDateTime(meta.generatedAt)} IST by ${meta.generatedBy}.`,
  );
  return w.toBuffer();
}
