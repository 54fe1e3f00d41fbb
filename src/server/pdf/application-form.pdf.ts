import { STATUS_MEANINGS, statusListLabel } from '../../../machines/application/statuses';
import type { Address } from '../../contract/applications.contract';
import type { ApplicationFormData } from '../services/documents-application-form.service';
import {
  drawPhotoAtRight,
  formatDate,
  formatDateTime,
  PdfWriter,
  WITHHELD_PAIR,
  type DetailPair,
} from './pdf-layout';

// The completed application form (GetCompletedApplicationForm): everything an official or the police needs on
// paper, in the order of the application detail dialog (backoffice.md section 2). It is drawn from the same
// loaded detail the dialog shows (loadApplicationDetail) plus the form's few extras.

const PHOTO = { width: 32, maxHeight: 40 } as const;

function addressLine(a: Address): string {
  return [a.address1, a.address2, a.district?.districtName, a.pinCode && `PIN ${a.pinCode}`]
    .filter(Boolean)
    .join(', ');
}

const orDash = (v: string | null | undefined) => (v && v.trim() ? v : '-');
const fullName = (p: { firstName: string; middleName: string | null; lastName: string | null }) =>
  [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');
/** The form lists members in registration order, whatever order they joined the application in. */
const byMemberCode = <T extends { memberCode: number }>(list: T[]) =>
  [...list].sort((a, b) => a.memberCode - b.memberCode);

export interface FormMeta {
  /** Who asked for the file (shown in the footer). */
  generatedBy: string;
  generatedAt: Date;
}

/** Draws the form; the photo is embedded when the tenant's latest PHOTO is a readable JPEG. */
export function applicationFormPdf({ detail: data, extras }: ApplicationFormData, meta: FormMeta): Buffer {
  const w = new PdfWriter();
  const unit = data.rentalUnit;
  const ward = `${unit.wardName} (${data.localAuthorityCode})`;
  w.header('Application for Tenant Police Clearance');

  w.section('Application');
  const summary: DetailPair[] = [
    ['Application ID', String(data.applid)],
    ['Application type', data.appltype],
    ['Status', `${statusListLabel(data.status)} (${data.status}: ${STATUS_MEANINGS[data.status]})`, true],
    ['Submitted on', formatDateTime(new Date(data.createdAt))],
    ['Applied on', extras.completedAt ? formatDateTime(extras.completedAt) : 'Not yet applied'],
    ['Last updated', formatDateTime(new Date(data.updatedAt))],
    ['Sub-Locality/Ward', ward],
    ['Locality/Cantonment', `${unit.localityName} (${unit.localityCode})`],
    ['Police Station', `${unit.policeStationName} (${unit.policeStationCode})`],
    ['District', `${extras.district.name} (${extras.district.code})`],
    ['Logged by', data.logby.startsWith('landlord:') ? 'The landlord (online)' : data.logby],
  ];
  if (data.certificateNo) {
    const certifiedAt = data.certifiedAt ? new Date(data.certifiedAt) : null;
    summary.push(['Clearance certificate', `${data.certificateNo}, issued ${formatDate(certifiedAt)}`, true]);
  }
  w.details(summary);

  w.section('Landlord Details');
  const l = data.landlord;
  const landlordWho: DetailPair[] = [
    ['Landlord ID', String(l.id)],
    ['Name', fullName(l)],
    ['EPIC No.', l.epicNo],
    ['Occupation', l.occupation],
  ];
  w.details(
    l.recordWithheld
      ? [...landlordWho, WITHHELD_PAIR]
      : [
          ...landlordWho,
          ['Mobile', l.mobile],
          ['Email', orDash(l.email)],
          ['Permanent address', addressLine(l.permanentAddress), true],
          ['Present address', addressLine(l.presentAddress), true],
        ],
  );

  w.section('Tenant Details');
  w.ensureSpace(PHOTO.maxHeight + 4);
  const tenantTop = w.y;
  const tenantPage = w.doc.getCurrentPageInfo().pageNumber;
  const photoDrawn = drawPhotoAtRight(w, extras.tenantPhotoJpeg, tenantTop, PHOTO);
  const t = data.tenant;
  const tenantWho: DetailPair[] = [
    ['Registration No.', String(t.id)],
    ['Name', fullName(t)],
    ['ID number (EPIC or other)', t.epicNo],
  ];
  w.details(
    t.recordWithheld
      ? [
          ...tenantWho,
          ['Nationality', t.nationality],
          ['Occupation', t.occupation],
          ['Tenancy type', extras.tenancyTypeName],
          WITHHELD_PAIR,
        ]
      : [
          ...tenantWho,
          ['Parent or spouse', t.parentOrSpouseName],
          ['Date of birth', formatDate(t.age)],
          ['Nationality', t.nationality],
          ['Occupation', t.occupation],
          ['Mobile', t.mobile],
          ['Email', orDash(t.email)],
          ['Tenancy type', extras.tenancyTypeName],
          ['Photo', photoDrawn ? 'Attached (right)' : 'No photo uploaded'],
          ['Permanent address', addressLine(t.permanentAddress), true],
          ['Present address', addressLine(t.presentAddress), true],
        ],
    PHOTO.width + 4,
  );
  // The photo may be taller than a short table; it is never split across pages (ensureSpace above).
  if (w.doc.getCurrentPageInfo().pageNumber === tenantPage)
    w.y = Math.max(w.y, tenantTop + PHOTO.maxHeight + 4);

  w.section('Family Members in this Application');
  w.list(
    ['Sl no.', 'Name', 'Date of Birth', 'Relationship', 'Occupation', 'Left on'],
    byMemberCode(data.familyInApplication).map((f, i) => [
      String(i + 1),
      f.memberName,
      formatDate(f.age),
      f.relationship,
      f.occupation,
      formatDate(f.leftOn),
    ]),
    'No family members are covered by this application.',
  );

  w.section('Domestic Helpers in this Application');
  w.list(
    ['Sl no.', 'Name', 'Date of Birth', 'Permanent address', 'Left on'],
    byMemberCode(data.helperInApplication).map((h, i) => [
      String(i + 1),
      h.memberName,
      formatDate(h.age),
      orDash(addressLine(h.permanentAddress)),
      formatDate(h.leftOn),
    ]),
    'No domestic helpers are covered by this application.',
  );

  w.section('Rental Unit');
  w.details([
    ['Rent code', unit.rentcode],
    ['House number', orDash(unit.houseNo)],
    ['Floor number', orDash(unit.floorNo)],
    ['Sub-Locality/Ward', ward],
    ['Address', addressLine(unit), true],
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
      formatDateTime(new Date(f.logdt)),
      f.aplstatus,
      f.remarks,
      [extras.flowApplRemarks[f.id], f.comments && `"${f.comments}"`].filter(Boolean).join(' ') || '-',
    ]),
    'No flow entries recorded.',
  );

  w.footer(
    `Application ${data.applid}. Generated ${formatDateTime(meta.generatedAt)} IST by ${meta.generatedBy}.`,
  );
  return w.toBuffer();
}
