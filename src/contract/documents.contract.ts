import { z } from 'zod';
import {
  DOCUMENT_DOCTYPES,
  DOCUMENT_OWNERTYPES,
  IDENTITY_PROOF_TYPES,
  idParamSchema,
  idTypeReplySchema,
} from './register.contract';
import { MAX_IMAGE_MEGAPIXELS } from './image-limits';

export { IDENTITY_PROOF_TYPES };

/**
 * Uploads and the citizen's own documents (public-portal.md sections 3, 5, 9; backoffice.md section 7;
 * docs/tenants-api.md). `POST register/uploaddocument/` (staff) and `POST process/uploaddocument/` (citizen key)
 * take the same body. The file's type is decided from its bytes, never from `contenttype` or a file name.
 */

/** The spec caps a document at 512000 bytes (about 500 KB), measured on the decoded file. */
export const MAX_UPLOAD_BYTES = 512_000;

export const UPLOAD_MESSAGES = {
  noFile: 'Please Choose a file to upload',
  tooLarge: `The file is larger than 500 KB (${MAX_UPLOAD_BYTES} bytes). Please choose a smaller file.`,
  notBase64: 'The file could not be read: base64img must be base64-encoded file data.',
  unknownType: 'The file is not a JPEG, PNG or PDF file. Please choose a photo or scan.',
  generic: 'Uploading error. Try again later!',
  idTypeRequired:
    'Please say which identity document this is: EPIC, DL (driving licence), PAN or PASSPORT (idtype).',
  aadhaarRefused:
    'Aadhaar cannot be used as identity proof. Please upload an EPIC, driving licence, PAN or passport.',
  memberLeft: 'This person has been removed; documents can no longer be uploaded for them.',
  tooManyPixels: `The image has too many pixels (more than ${MAX_IMAGE_MEGAPIXELS} megapixels). Please upload a photo or scan of normal size.`,
  activePdf:
    'The PDF holds a script, an action, an embedded file or a form that sends data, which a scanned document does not need. Please upload a plain scan (print it to PDF again, or send a JPEG).',
  unreadablePdf: 'The PDF could not be read: it is damaged. Please scan the document again.',
  unreadableImage:
    'The image could not be read: it is damaged or not a complete JPEG or PNG file. Please choose it again.',
} as const;

export const uploadedMessage = (doctype: string) => `${doctype} Uploaded Successfully!`;

export type IdentityProofType = (typeof IDENTITY_PROOF_TYPES)[number];

/** How forms and the registration PDF name each identity document. */
export const IDENTITY_PROOF_LABELS: Record<IdentityProofType, string> = {
  EPIC: 'Election Photo Identity Card (EPIC)',
  DL: 'Driving licence',
  PAN: 'PAN card',
  PASSPORT: 'Passport',
};

/** Base64 file data, optionally as a data URL (`data:image/jpeg;base64,...`) as a browser's FileReader makes. */
const base64Schema = z.string({ error: UPLOAD_MESSAGES.noFile }).max(800_000, UPLOAD_MESSAGES.tooLarge);

export const uploadDocumentBodySchema = z.object({
  /** The tenant's id, or the memberCode of a family member or helper; digits as a number or a string. */
  ownerid: z
    .union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,14}$/)], {
      error: 'ownerid must be the id of the tenant, family member or helper.',
    })
    .transform(Number),
  ownertype: z.enum(DOCUMENT_OWNERTYPES, {
    error: `ownertype must be one of ${DOCUMENT_OWNERTYPES.join(', ')}.`,
  }),
  doctype: z.enum(DOCUMENT_DOCTYPES, { error: `doctype must be one of ${DOCUMENT_DOCTYPES.join(', ')}.` }),
  base64img: base64Schema,
  /** What the browser claims; it must agree with the bytes. */
  contenttype: z
    .string({ error: 'contenttype is required (image/jpeg, image/png or application/pdf).' })
    .trim()
    .toLowerCase()
    .max(100),
  /** Only for IDENTITYPROOF: which identity document the scan shows. */
  idtype: z.string().trim().toUpperCase().max(20).nullish(),
});
export type UploadDocumentBody = z.infer<typeof uploadDocumentBodySchema>;

export const uploadReplySchema = z.object({ message: z.string(), docid: z.number().int() });
export type UploadReply = z.infer<typeof uploadReplySchema>;

/** A document in a list: what it is, never its content. */
export const documentListItemSchema = z.object({
  docid: z.number().int(),
  doctype: z.enum(DOCUMENT_DOCTYPES),
  contenttype: z.string(),
  size: z.number().int(),
  ownerid: z.number().int(),
  ownertype: z.enum(DOCUMENT_OWNERTYPES),
  /** Which identity document an IDENTITYPROOF is (EPIC, DL, PAN, PASSPORT); null otherwise. */
  idtype: idTypeReplySchema,
  uploadedAt: z.string(),
});
export type DocumentListItem = z.infer<typeof documentListItemSchema>;

export const tenantDocumentsReplySchema = z.object({
  documents: z.array(documentListItemSchema),
  /** The three the registration form needs (PHOTO, IDENTITYPROOF, SIGNATURE) that are still missing. */
  missingRequired: z.array(z.enum(DOCUMENT_DOCTYPES)),
});
export type TenantDocumentsReply = z.infer<typeof tenantDocumentsReplySchema>;

export const citizenDocumentParamsSchema = z.object({ docid: idParamSchema });
