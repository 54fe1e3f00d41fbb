import { pdfActiveContent } from '../security/pdf-active-content';
import {
  IDENTITY_PROOF_TYPES,
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  type IdentityProofType,
  type UploadDocumentBody,
} from '../../contract/documents.contract';
import type { DocumentOwnerType, DocumentType } from '../db/schema';
import { HttpError } from '../http/errors';
import {
  decodeBase64,
  normaliseClaimedType,
  sniffFileType,
  splitDataUrl,
  TYPE_NAMES,
  type SniffedType,
} from '../security/file-type';
import { reencodeImage } from './image-reencode';

// What an upload may be, checked before anything is looked up or stored (docs/tenants-api.md, "Uploads").
// The bytes decide the type; the claimed contenttype must agree with them; each document type accepts only the
// kinds of file the spec names for it.

/** Which file kinds each document type accepts. */
export const ACCEPTED_TYPES: Record<DocumentType, readonly SniffedType[]> = {
  // The spec: photos are converted to JPEG before upload, and a member's photo is JPG or JPEG only.
  PHOTO: ['image/jpeg'],
  // The signature pad and the file picker allow JPG, PNG or JPEG.
  SIGNATURE: ['image/jpeg', 'image/png'],
  // Scans: JPEG, or a PDF (scanners and phones make PDFs; the officials' viewer shows a PDF for non-JPEG).
  IDENTITYPROOF: ['image/jpeg', 'application/pdf'],
  RESIDENTIALCERTIFICATE: ['image/jpeg', 'application/pdf'],
  FORMA: ['image/jpeg', 'application/pdf'],
};

/** Which document types each owner may have. */
export const DOCTYPES_OF_OWNER: Record<DocumentOwnerType, readonly DocumentType[]> = {
  tenant: ['PHOTO', 'IDENTITYPROOF', 'SIGNATURE', 'RESIDENTIALCERTIFICATE', 'FORMA'],
  tenantfamily: ['PHOTO', 'IDENTITYPROOF'],
  tenanthelper: ['PHOTO', 'SIGNATURE', 'IDENTITYPROOF'],
  landlordhelper: ['PHOTO', 'SIGNATURE', 'IDENTITYPROOF'],
};

const TYPE_LIST: Record<string, string> = {
  'image/jpeg': 'JPEG (JPG)',
  'image/png': 'PNG',
  'application/pdf': 'PDF',
};

export interface CheckedFile {
  bytes: Buffer;
  contentType: SniffedType;
  /** The declared kind of an IDENTITYPROOF; null for every other document type (an idtype sent with one is ignored). */
  idType: IdentityProofType | null;
}

const refuse = (message: string): never => {
  throw new HttpError(400, message);
};

/**
 * The longest side a stored document image keeps. The browser already scales photos to 1600 px (file-data.ts);
 * an identity proof scanned at 2000 px keeps every line of a card or passport legible; the PDFs print a photo
 * 30 mm wide (about 350 px at 300 dpi). A larger upload is scaled down when it is re-encoded.
 */
export const DOCUMENT_IMAGE_MAX_EDGE = 2000;

/**
 * The decoded file and its real type, or a 400 that says what is wrong with it. An image is decoded and
 * re-encoded from its pixels (image-reencode.ts): the bytes returned are the ones to store, not the upload's.
 * A PDF is kept as sent, unless it holds active content (security/pdf-active-content.ts). Stores nothing.
 */
export async function checkUpload(body: UploadDocumentBody): Promise<CheckedFile> {
  const allowedDoctypes = DOCTYPES_OF_OWNER[body.ownertype];
  if (!allowedDoctypes.includes(body.doctype)) {
    refuse(
      `A ${body.doctype} cannot be uploaded for a ${body.ownertype}: use ${allowedDoctypes.join(', ')}.`,
    );
  }
  const idType = body.doctype === 'IDENTITYPROOF' ? checkIdType(body.idtype) : null;

  const { claimed: urlClaim, data } = splitDataUrl(body.base64img);
  const bytes = decodeBase64(data);
  if (bytes === null) return refuse(UPLOAD_MESSAGES.notBase64);
  if (bytes.length === 0) refuse(UPLOAD_MESSAGES.noFile);
  if (bytes.length > MAX_UPLOAD_BYTES) refuse(UPLOAD_MESSAGES.tooLarge);

  const real = sniffFileType(bytes);
  if (!real) return refuse(UPLOAD_MESSAGES.unknownType);
  for (const claim of [body.contenttype, urlClaim]) {
    if (claim === null) continue;
    const said = normaliseClaimedType(claim);
    if (said !== real) {
      refuse(
        `The file is a ${TYPE_NAMES[real]}, but it was sent as ${said || 'no type'}. Please choose the file again.`,
      );
    }
  }
  const accepted = ACCEPTED_TYPES[body.doctype];
  if (!accepted.includes(real)) {
    refuse(
      `A ${body.doctype} must be ${accepted.map((t) => TYPE_LIST[t]).join(' or ')}; this file is a ${TYPE_NAMES[real]}.`,
    );
  }
  if (real === 'application/pdf') {
    const content = pdfActiveContent(bytes);
    if (content !== 'plain')
      refuse(content === 'active' ? UPLOAD_MESSAGES.activePdf : UPLOAD_MESSAGES.unreadablePdf);
    return { bytes, contentType: real, idType };
  }
  const reencoded = await reencodeImage(bytes, real, { maxEdge: DOCUMENT_IMAGE_MAX_EDGE });
  if (!reencoded.ok) {
    return refuse(
      reencoded.reason === 'too-many-pixels'
        ? UPLOAD_MESSAGES.tooManyPixels
        : UPLOAD_MESSAGES.unreadableImage,
    );
  }
  return { bytes: reencoded.image.bytes, contentType: real, idType };
}

/** The server cannot read an ID from a scan, so the uploader declares it; Aadhaar is refused (spec section 5). */
function checkIdType(idtype: string | null | undefined): IdentityProofType {
  if (!idtype) return refuse(UPLOAD_MESSAGES.idTypeRequired);
  if (idtype === 'AADHAAR' || idtype === 'AADHAR') refuse(UPLOAD_MESSAGES.aadhaarRefused);
  const kind = IDENTITY_PROOF_TYPES.find((type) => type === idtype);
  return kind ?? refuse(UPLOAD_MESSAGES.idTypeRequired);
}
