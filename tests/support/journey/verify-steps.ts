import type { Page } from 'playwright-core';

// The public certificate check (docs/certificate.md): the code printed under the certificate's QR code, and the
// page /verify/{code} that reads it.

/** The verification code printed on a clearance certificate's PDF (`{applid}-{16 characters}`). */
export function codeOnCertificate(pdf: Buffer): string {
  return /\((\d{1,15}-[A-Za-z0-9_-]{16})\)/.exec(pdf.toString('latin1'))?.[1] ?? '';
}

/** Opens /verify/{code} and waits for its answer: 'Genuine and valid', or what it says instead. */
export async function openVerifyPage(
  page: Page,
  code: string,
  expected = 'Genuine and valid',
): Promise<void> {
  await page.goto(`/verify/${code}`);
  await page.getByText(expected).waitFor();
}
