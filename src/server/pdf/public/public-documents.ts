import type { PublicDownloadName } from '../../../contract/public-downloads.contract';
import { actSummaryPdf } from './act-summary.pdf';
import { faqPdf, passwordChangePdf } from './guides.pdf';
import { acknowledgementPdf, formAPdf, formBPdf } from './registration-forms.pdf';

/** Which generator makes each public download; a new name in the contract fails to compile until it has one. */
const MAKERS = {
  'form-a.pdf': formAPdf,
  'form-b.pdf': formBPdf,
  'acknowledgement.pdf': acknowledgementPdf,
  'act-and-rules.pdf': actSummaryPdf,
  'password-change.pdf': passwordChangePdf,
  'faq.pdf': faqPdf,
} satisfies Record<PublicDownloadName, () => Buffer>;

/**
 * The documents never change while the process runs, so each is drawn once, on first request, and kept in
 * memory (a few KB each). Every replica makes the same bytes from the same code: no shared state is needed.
 */
export function publicDocuments(): (name: PublicDownloadName) => Buffer {
  const made = new Map<PublicDownloadName, Buffer>();
  return (name) => {
    let pdf = made.get(name);
    if (!pdf) {
      pdf = MAKERS[name]();
      made.set(name, pdf);
    }
    return pdf;
  };
}
