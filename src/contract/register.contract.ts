import { z } from 'zod';
import { endpoint } from './endpoint';
import { pageMetaSchema } from './paging';

/**
 * Register counts, landlords by locality and staff document viewing (backoffice.md sections 2, 3, 7).
 * Every call is for signed-in officials and is answered for the caller's jurisdiction only
 * (docs/register-api.md).
 */

/** Landlords list pages hold this many rows (the spec leaves the size open). */
export const LANDLORD_PAGE_SIZE = 10;
/** Paging further than this is refused as bad input rather than scanned. */
export const MAX_PAGE = 100_000;

export const countReplySchema = z.object({ count: z.number().int().nonnegative() });
export type CountReply = z.infer<typeof countReplySchema>;

/** A zero-based page number in a path: digits only, so '1e3', '-1' and '' are refused with a readable message. */
export const pageParamSchema = z
  .string()
  .regex(/^\d{1,6}$/, 'The page must be a whole number: 0 for the first page.')
  .transform(Number)
  .refine((n) => n <= MAX_PAGE, `The page must be at most ${MAX_PAGE}.`);

/** A database id in a path: a positive whole number. */
export const idParamSchema = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'The id must be a positive whole number.')
  .transform(Number);

/**
 * Where the landlords are asked for: the spec's short code 'LA-' + two digits (a locality of the caller's own
 * police station), a full locality code (PS1701001LA01) or a sub-locality/ward code (PS1701001LA01W01).
 * docs/jurisdiction-codes.md explains how the short code is resolved.
 */
export const landlordAreaCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    /^(LA-\d{2}|PS\d{7}LA\d{2}(W\d{2})?)$/,
    'Give a locality code (e.g. PS1701001LA01 or LA-01) or a sub-locality/ward code (e.g. PS1701001LA01W01).',
  );

export const landlordsCountParamsSchema = z.object({
  username: z.string().min(1).max(64),
  code: landlordAreaCodeSchema,
});
export const landlordsPageParamsSchema = landlordsCountParamsSchema.extend({ page: pageParamSchema });

/** Optional filter of the landlords list screen: case-insensitive prefix of the first, last or full name. */
export const landlordsQuerySchema = z.object({
  name: z.string().trim().max(60, 'The name filter is too long.').optional(),
});

export const landlordRowSchema = z.object({
  id: z.number().int(),
  /** The spec's landlord_id: the same number as id (the landlord's registration number). */
  landlord_id: z.number().int(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  mobile: z.string(),
  occupation: z.string(),
});
export type LandlordRow = z.infer<typeof landlordRowSchema>;

/** The spec's paged landlords response ('content' where application pages say 'applDto'). */
export const landlordPageSchema = pageMetaSchema.extend({
  content: z.array(landlordRowSchema),
});
export type LandlordPage = z.infer<typeof landlordPageSchema>;

export const documentParamsSchema = z.object({ docid: idParamSchema });

export const DOCUMENT_DOCTYPES = [
  'PHOTO',
  'IDENTITYPROOF',
  'SIGNATURE',
  'RESIDENTIALCERTIFICATE',
  'FORMA',
] as const;
export const DOCUMENT_OWNERTYPES = ['tenant', 'tenantfamily', 'tenanthelper', 'landlordhelper'] as const;

/** The identity documents accepted as IDENTITYPROOF. AADHAAR is named only to be refused with a clear message. */
export const IDENTITY_PROOF_TYPES = ['EPIC', 'DL', 'PAN', 'PASSPORT'] as const;

/**
 * The stored kind of an identity proof in a document reply: one of IDENTITY_PROOF_TYPES for an IDENTITYPROOF
 * uploaded since the kind is kept (migration 0005), null for other document types and older proofs. The server
 * always sends it; it is optional in the type only so that clients' fakes need not name it.
 */
export const idTypeReplySchema = z.enum(IDENTITY_PROOF_TYPES).nullish();

/** One uploaded document: the browser shows an image for image/jpeg, otherwise a PDF viewer. */
export const documentReplySchema = z.object({
  docid: z.number().int(),
  doctype: z.enum(DOCUMENT_DOCTYPES),
  contenttype: z.string(),
  base64img: z.string(),
  ownerid: z.number().int(),
  ownertype: z.enum(DOCUMENT_OWNERTYPES),
  /** Which identity document an IDENTITYPROOF is (EPIC, DL, PAN, PASSPORT); null otherwise. */
  idtype: idTypeReplySchema,
});
export type DocumentReply = z.infer<typeof documentReplySchema>;

const anyOfficial = { staff: 'any' } as const;
const tag = 'register';

/** The register's endpoints: any signed-in official, answered for the caller's jurisdiction only. */
export const REGISTER_ENDPOINTS = {
  tenantCount: endpoint({
    method: 'GET',
    path: '/register/counttenant',
    access: anyOfficial,
    tag,
    reply: countReplySchema,
  }),
  landlordCount: endpoint({
    method: 'GET',
    path: '/register/countlandlord',
    access: anyOfficial,
    tag,
    reply: countReplySchema,
  }),
  /** The username in the path must be the caller's own. */
  landlordsPage: endpoint({
    method: 'GET',
    path: '/process/GetListLandlordsByLACode/user/:username/:code/:page',
    access: anyOfficial,
    tag,
    params: landlordsPageParamsSchema,
    query: landlordsQuerySchema,
    reply: landlordPageSchema,
  }),
  landlordsTotal: endpoint({
    method: 'GET',
    path: '/process/GetTotalLandlordsByLACode/user/:username/:code',
    access: anyOfficial,
    tag,
    params: landlordsCountParamsSchema,
    query: landlordsQuerySchema,
    reply: countReplySchema,
  }),
  document: endpoint({
    method: 'GET',
    path: '/register/document/:docid',
    access: anyOfficial,
    tag,
    params: documentParamsSchema,
    reply: documentReplySchema,
  }),
};
