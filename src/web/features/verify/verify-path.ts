/** The public certificate check a clearance certificate's QR code opens (docs/certificate.md). */
export const VERIFY_PATH = '/verify/:code';

export function verifyHref(code: string): string {
  return `/verify/${encodeURIComponent(code)}`;
}
