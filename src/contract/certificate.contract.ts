import { z } from 'zod';
import { endpoint, type Access } from './endpoint';
import { applicationFormParamsSchema, pdfReplySchema } from './forms.contract';
import { LANDLORD_STAFF_ROLES } from './roles';

/**
 * The clearance certificate's public check (docs/certificate.md): `GET verify/{code}` answers whether a code was
 * issued by this portal (genuine) and whether the clearance still stands (valid), with names only.
 */
export const VERIFICATION_CODE_PATTERN = /^[0-9]{1,15}-[A-Za-z0-9_-]{16}$/;

export const verifyParamsSchema = z.object({
  code: z.string().max(40),
});

export const verifyReplySchema = z.discriminatedUnion('genuine', [
  z.object({ genuine: z.literal(false) }),
  z.object({
    genuine: z.literal(true),
    /** False once the tenant has shifted (APARV) or the application was closed. */
    valid: z.boolean(),
    applid: z.number().int(),
    certificateNo: z.string(),
    /** ISO time the certificate was issued. */
    certifiedAt: z.string(),
    certifyingOffice: z.string(),
    tenantName: z.string(),
    landlordName: z.string(),
    /** Why a genuine certificate no longer stands, when it does not. */
    reason: z.string().nullable(),
  }),
]);
export type VerifyReply = z.infer<typeof verifyReplySchema>;

export const CERTIFICATE_MESSAGES = {
  notCertified: 'No clearance certificate has been issued for this application yet.',
  deleted: 'This application has been deleted.',
  notFound: 'Application not found.',
  notYours: 'This application belongs to another landlord.',
  outsideJurisdiction: 'This application is outside your jurisdiction.',
  notConfigured:
    'Certificates cannot be issued or checked: MRSS_CERTIFICATE_SECRET is not set on the server.',
  shifted: 'The tenant has since shifted from the rental unit; this certificate no longer stands.',
  closed: 'The application has been closed; this certificate no longer stands.',
} as const;

/** The certificate of one application: the same call for officials and for the landlord's key. */
const generate = (area: 'register' | 'process', access: Access) =>
  endpoint({
    method: 'GET',
    path: `/${area}/GenerateRC/:id`,
    access,
    tag: 'certificate',
    params: applicationFormParamsSchema,
    reply: pdfReplySchema,
  });

/**
 * `register/GenerateRC/{id}` for officials within their jurisdiction, `process/GenerateRC/{id}` for the landlord's
 * key (its own applications only), and the anonymous `verify/{code}` that the public page /verify/:code asks.
 */
export const CERTIFICATE_ENDPOINTS = {
  generate: generate('register', { staff: LANDLORD_STAFF_ROLES }),
  generateOwn: generate('process', { citizen: ['landlord'] }),
  verify: endpoint({
    method: 'GET',
    path: '/verify/:code',
    access: { public: true },
    tag: 'certificate',
    params: verifyParamsSchema,
    reply: verifyReplySchema,
  }),
};
