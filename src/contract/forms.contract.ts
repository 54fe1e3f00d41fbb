import { z } from 'zod';
import { CITIZEN_APPLICATION_MESSAGES } from './citizen-applications.contract';
import { endpoint } from './endpoint';
import { idParamSchema } from './register.contract';

/** The completed application form's refusals, for officials (`process/user/...`) and landlords (`process/...`). */
export const APPLICATION_FORM_MESSAGES = {
  outsideJurisdiction: 'This application is outside your jurisdiction.',
  notYours: CITIZEN_APPLICATION_MESSAGES.notYourApplication,
  notFound: 'Application not found.',
  deleted: 'This application has been deleted.',
  notYetApplied:
    'This application has not been applied yet: choose its family members and helpers and Apply, then download it.',
} as const;

/**
 * Forms made as PDF on the server (backoffice.md section 7): the completed application form, an official's
 * (`process/user/GetCompletedApplicationForm/{id}`) and the landlord's own (`process/GetCompletedApplicationForm/{id}`). The browser
 * decodes `base64img` (in 1024-byte chunks, as the spec's client does) and shows it in a PDF viewer.
 */
export const applicationFormParamsSchema = z.object({ id: idParamSchema });

export const pdfReplySchema = z.object({
  /** The PDF file, base64 encoded (the spec's field name, although it is not an image). */
  base64img: z.string(),
  contenttype: z.literal('application/pdf'),
  /** A file name for a download button. */
  filename: z.string(),
});
export type PdfReply = z.infer<typeof pdfReplySchema>;

/**
 * The completed application form, on the spec's two paths: a signed-in official's (within its jurisdiction) and
 * the landlord's key's (its own applied applications only).
 */
export const FORM_ENDPOINTS = {
  staffForm: endpoint({
    method: 'GET',
    path: '/process/user/GetCompletedApplicationForm/:id',
    access: { staff: 'any' },
    tag: 'forms',
    params: applicationFormParamsSchema,
    reply: pdfReplySchema,
  }),
  landlordForm: endpoint({
    method: 'GET',
    path: '/process/GetCompletedApplicationForm/:id',
    access: { citizen: ['landlord'] },
    tag: 'forms',
    params: applicationFormParamsSchema,
    reply: pdfReplySchema,
  }),
};
