import { STATUS_MEANINGS, statusListLabel } from '../../../machines/application/statuses';
import type { ApplicationFormData, FormAddress } from '../services/documents-application-form.service';
import { formatDate, formatDateTime, PAGE, PdfWriter, type DetailPair } from './pdf-layout';

// The completed application form (GetCompletedApplicationForm): everything an official or the police needs on
// paper, in the order of the application detail dialog (backoffice.md section 2).

const PHOTO = { width: 32, maxHeight: 40 } as const;

function addressLine(a: FormAddress, districtNames: Record<string, string>): string {
  const district = districtNames[a.districtCode] ?? a.districtCode;
  return [a.address1, a.address2, district, `PIN ${a.pinCode}`].filter(Boolean).join(', ');
}

const orDash = (v: string | null | undefined) => (v && v.trim() ? v : '-');

export interface FormMeta {
  /** Who asked for the file (shown in the footer). */
  generatedBy: string;
  generatedAt: Date;
}

/** Draws the form; the photo is embedded when the tenant's latest PHOTO is a readable JPEG. */
export function applicationFormPdf(data: ApplicationFormData, meta: FormMeta): Buffer {
  const w = new PdfWriter();
  const names = data.districtNames;
  w.header('Application for Tenant Police Clearance');

  w.section('Application');
  const summary: DetailPair[] = [
    ['Application ID', String(data.applid)],
    ['Application type', data.applType],
    ['Status', `${statusListLabel(data.status)} (${data.status}: ${STATUS_MEANINGS[data.status]})`, true],
    ['Submitted on', formatDateTime(data.createdAt)],
    ['Applied on', data.completedAt ? formatDateTime(data.completedAt) : 'Not yet applied'],
    ['Last updated', formatDateTime(data.updatedAt)],
    ['Sub-Locality/Ward', data.jurisdiction.ward],
    ['Locality/Cantonment', data.jurisdiction.locality],
    ['Police Station', data.jurisdiction.station],
    ['District', data.jurisdiction.district],
    ['Logged by', data.logby.startsWith('landlord:') ? 'The landlord (online)' : data.logby],
  ];
  if (data.certificateNo) {
    summary.push([
      'Clearance certificate',
      `${data.certificateNo}, issued ${formatDate(data.certifiedAt)}`,
      true,
    ]);
  }
  w.details(summary);

  w.section('Landlord Details');
  w.details([
    ['Landlord ID', String(data.landlord.id)],
    ['Name', data.landlord.name],
    ['EPIC No.', data.landlord.epicNo],
    ['Occupation', data.landlord.occupation],
    ['Mobile', data.landlord.mobile],
    ['Email', orDash(data.landlord.email)],
    ['Permanent address', addressLine(data.landlord.permanent, names), true],
    ['Present address', addressLine(data.landlord.present, names), true],
  ]);

  w.section('Tenant Details');
  w.ensureSpace(PHOTO.maxHeight + 4);
  const tenantTop = w.y;
  const tenantPage = w.doc.getCurrentPageInfo().pageNumber;
  const photoDrawn = drawPhoto(w, data.tenant.photoJpeg, tenantTop);
  const t = data.tenant;
  w.details(
    [
      ['Registration No.', String(t.id)],
      ['Name', t.name],
      ['ID number (EPIC or other)', t.epicNo],
      ['Parent or spouse', t.parentOrSpouseName],
      ['Date of birth', formatDate(t.dateOfBirth)],
      ['Nationality', t.nationality],
      ['Occupation', t.occupation],
      ['Mobile', t.mobile],
      ['Email', orDash(t.email)],
      ['Tenancy type', t.tenancyType],
      ['Photo', photoDrawn ? 'Attached (right)' : 'No photo uploaded'],
      ['Permanent address', addressLine(t.permanent, names), true],
      ['Present address', addressLine(t.present, names), true],
    ],
    PHOTO.width + 4,
  );
  // The photo may be taller than a short table; it is never split across pages (ensureSpace above).
  if (w.doc.getCurrentPageInfo().pageNumber === tenantPage)
    w.y = Math.max(w.y, tenantTop + PHOTO.maxHeight + 4);

  w.section('Family Members in this Application');
  w.list(
    ['Sl no.', 'Name', 'Date of Birth', 'Relationship', 'Occupation', 'Left on'],
    data.family.map((f, i) => [
      String(i + 1),
      f.name,
      formatDate(f.dateOfBirth),
      f.relationship,
      f.occupation,
      formatDate(f.leftOn),
    ]),
    'No family members are covered by this application.',
  );

  w.section('Domestic Helpers in this Application');
  w.list(
    ['Sl no.', 'Name', 'Date of Birth', 'Permanent address', 'Left on'],
    data.helpers.map((h, i) => [
      String(i + 1),
      h.name,
      formatDate(h.dateOfBirth),
      `${h.address1}, PIN ${h.pinCode}`,
      formatDate(h.leftOn),
    ]),
    'No domestic helpers are covered by this application.',
  );

  w.section('Rental Unit');
  w.details([
    ['Rent code', data.unit.rentcode],
    ['House number', orDash(data.unit.houseNo)],
    ['Floor number', orDash(data.unit.floorNo)],
    ['Sub-Locality/Ward', data.jurisdiction.ward],
    ['Address', addressLine(data.unit.address, names), true],
  ]);

  w.section('Remarks');
  const remarks: DetailPair[] = [['Remarks', orDash(data.remarks), true]];
  if (data.leftLocalityOn) remarks.push(['Tenant shifted on', formatDate(data.leftLocalityOn), true]);
  w.details(remarks);

  w.section('Application Flow');
  w.list(
    ['Sl no.', 'Date', 'Status', 'Step', 'Remarks'],
    data.flow.map((f, i) => [
      String(i + 1),
      formatDateTime(f.logdt),
      f.aplstatus,
      f.remarks,
      [f.applRemarks, f.comments && `"${f.comments}"`].filter(Boolean).join(' ') || '-',
    ]),
    'No flow entries recorded.',
  );

  w.footer(
    `Application ${data.applid}. Generated ${formatDateTime(meta.generatedAt)} IST by ${meta.generatedBy}.`,
  );
  return w.toBuffer();
}

/** Draws the photo at the right of the tenant table; false when there is none or it cannot be decoded. */
function drawPhoto(w: PdfWriter, jpeg: Buffer | null, top: number): boolean {
  if (!jpeg) return false;
  try {
    const bytes = new Uint8Array(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
    const { width, height } = w.doc.getImageProperties(bytes);
    const h = Math.min(PHOTO.maxHeight, (PHOTO.width * height) / width);
    const x = PAGE.width - PAGE.margin - PHOTO.width;
    w.doc.addImage(bytes, 'JPEG', x, top, PHOTO.width, h);
    w.doc.setDrawColor(150).setLineWidth(0.2).rect(x, top, PHOTO.width, h);
    return true;
  } catch {
    // A damaged upload must not stop the form: the table says no photo could be shown.
    return false;
  }
}
