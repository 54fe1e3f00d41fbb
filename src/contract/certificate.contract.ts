import { z } from 'zod';

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
