import QRCode from 'qrcode';
import { FLOW_TEXTS } from '../../../machines/application/statuses';
import type { Address } from '../../contract/applications.contract';
import type { CertificateData } from '../services/certificate.service';
import {
  formatDate,
  formatDateTime,
  PAGE,
  PdfWriter,
  type DetailPair,
  WITHHELD_PAIR,
  drawPhotoAtRight,
} from './pdf-layout';

// The tenant police clearance certificate (GenerateRC, docs/certificate.md): the certificate itself on top (its
// number, the application, the certifying office, the date and a QR code of the public verification page), then
// who it covers (applicant, tenant with photo, family, helpers), the rental unit and the status history.

const PHOTO = { width: 30, maxHeight: 38 } as const;
const QR_SIZE = 34;

export interface CertificateMeta {
  verificationCode: string;
  /** The public page the QR code opens, e.g. https://portal.example/verify/42-abc... */
  verifyUrl: string;
  generatedBy: string;
  generatedAt: Date;
}

const orDash = (v: string | null | undefined) => (v && v.trim() ? v : '-');
const fullName = (p: { firstName: string; middleName: string | null; lastName: string | null }) =>
  [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');
function addressLine(a: Address): string {
  return [a.address1, a.address2, a.district?.districtName, a.pinCode && `PIN ${a.pinCode}`]
    .filter(Boolean)
    .join(', ');
}
const byMemberCode = <T extends { memberCode: number }>(list: T[]) =>
  [...list].sort((a, b) => a.memberCode - b.memberCode);

/** Draws the QR code as vector squares (sharp at any zoom, no image decoding). */
function drawQr(w: PdfWriter, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const cell = size / (modules.size + 2 * quiet);
  w.doc.setFillColor(255, 255, 255).rect(x, y, size, size, 'F');
  w.doc.setFillColor(0, 0, 0);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.data[row * modules.size + col])
        w.doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell + 0.01, cell + 0.01, 'F');
    }
  }
}

export function certificatePdf(data: CertificateData, meta: CertificateMeta): Buffer {
  const w = new PdfWriter();
  const d = data.detail;
  const unit = d.rentalUnit;
  const tenantName = fullName(d.tenant);
  w.header('Tenant Police Clearance Certificate');

  // The certificate block: facts on the left, the QR code on the right.
  const top = w.y;
  drawQr(w, meta.verifyUrl, PAGE.width - PAGE.margin - QR_SIZE, top, QR_SIZE);
  w.doc.setFont('helvetica', 'normal').setFontSize(7).setTextColor(60);
  w.doc.text('Scan to verify', PAGE.width - PAGE.margin - QR_SIZE / 2, top + QR_SIZE + 3, {
    align: 'center',
  });
  w.details(
    [
      ['Certificate No.', data.certificateNo, true],
      ['Application ID', String(d.applid), true],
      ['Date of issue', formatDate(data.certifiedAt), true],
      ['Certifying office', `Locality/Cantonment: ${unit.localityName} (${unit.localityCode})`, true],
      ['Police Station', `${unit.policeStationName} (${unit.policeStationCode})`, true],
      ['Verification code', meta.verificationCode, true],
    ],
    QR_SIZE + 4,
  );
  w.y = Math.max(w.y, top + QR_SIZE + 6);
  w.paragraph(
    `This is to certify that ${tenantName}, tenant of ${fullName(d.landlord)} at the rental unit ${unit.rentcode} ` +
      `(${addressLine(unit)}), together with the family members and domestic helpers listed below, has been verified ` +
      `and cleared under the Meghalaya Residents Safety and Security Act, 2016. The certificate stands while the ` +
      `tenant lives in this rental unit. Check it at ${meta.verifyUrl}.`,
  );

  w.section('Applicant (Landlord)');
  const l = d.landlord;
  w.details(
    l.recordWithheld
      ? [['Name', fullName(l)], ['EPIC No.', l.epicNo], ['Occupation', l.occupation], WITHHELD_PAIR]
      : [
          ['Name', fullName(l)],
          ['EPIC No.', l.epicNo],
          ['Mobile', l.mobile],
          ['Occupation', l.occupation],
          ['Present address', addressLine(l.presentAddress), true],
        ],
  );

  w.section('Tenant');
  w.ensureSpace(PHOTO.maxHeight + 4);
  const tenantTop = w.y;
  const tenantPage = w.doc.getCurrentPageInfo().pageNumber;
  const photoDrawn = drawPhotoAtRight(w, data.tenantPhotoJpeg, tenantTop, PHOTO);
  const t = d.tenant;
  w.details(
    [
      ['Registration No.', String(t.id)],
      ['Name', tenantName],
      ['ID number', t.epicNo],
      ...(t.recordWithheld
        ? ([
            ['Nationality', t.nationality],
            ['Occupation', t.occupation],
            ['Tenancy type', data.tenancyTypeName],
            WITHHELD_PAIR,
          ] satisfies DetailPair[])
        : ([
            ['Parent or spouse', t.parentOrSpouseName],
            ['Date of birth', formatDate(t.age)],
            ['Nationality', t.nationality],
            ['Occupation', t.occupation],
            ['Tenancy type', data.tenancyTypeName],
            ['Photo', photoDrawn ? 'Attached (right)' : 'No photo uploaded'],
            ['Permanent address', addressLine(t.permanentAddress), true],
          ] satisfies DetailPair[])),
    ],
    PHOTO.width + 4,
  );
  if (w.doc.getCurrentPageInfo().pageNumber === tenantPage)
    w.y = Math.max(w.y, tenantTop + PHOTO.maxHeight + 4);

  w.section('Family Members Covered');
  w.list(
    ['Sl no.', 'Name', 'Date of Birth', 'Relationship', 'Occupation'],
    byMemberCode(d.familyInApplication).map((f, i) => [
      String(i + 1),
      f.memberName,
      formatDate(f.age),
      f.relationship,
      f.occupation,
    ]),
    'No family members are covered by this certificate.',
  );

  w.section('Domestic Helpers Covered');
  w.list(
    ['Sl no.', 'Name', 'Date of Birth', 'Permanent address'],
    byMemberCode(d.helperInApplication).map((h, i) => [
      String(i + 1),
      h.memberName,
      formatDate(h.age),
      orDash(addressLine(h.permanentAddress)),
    ]),
    'No domestic helpers are covered by this certificate.',
  );

  w.section('Rental Unit');
  const unitPairs: DetailPair[] = [
    ['Rent code', unit.rentcode],
    ['House number', orDash(unit.houseNo)],
    ['Floor number', orDash(unit.floorNo)],
    ['Sub-Locality/Ward', `${unit.wardName} (${unit.laCode})`],
    ['Address', addressLine(unit), true],
  ];
  w.details(unitPairs);

  w.section('Status History');
  w.list(
    ['Sl no.', 'Date', 'Status', 'Step'],
    d.flow.map((f, i) => [
      String(i + 1),
      formatDateTime(new Date(f.logdt)),
      f.aplstatus,
      f.remarks || FLOW_TEXTS.submitted,
    ]),
    'No status history recorded.',
  );

  w.footer(
    `Certificate ${data.certificateNo}. Generated ${formatDateTime(meta.generatedAt)} IST by ${meta.generatedBy}.`,
  );
  return w.toBuffer();
}
