import { z } from 'zod';
import { idParamSchema } from './register.contract';

/**
 * Forms made as PDF on the server (backoffice.md section 7): the completed application form. The browser
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
