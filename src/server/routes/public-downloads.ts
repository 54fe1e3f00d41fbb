import { PUBLIC_DOWNLOAD_NAMES, type PublicDownloadName } from '../../contract/public-downloads.contract';
import { PUBLIC_DOWNLOAD_ENDPOINTS } from '../../contract/public-downloads.endpoints';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { serve } from '../http/serve-endpoint';
import { publicDocuments } from '../pdf/public/public-documents';
import type { ZodApi } from '../http/zod-api';

/** The documents are the same for everyone and change only with a deploy: a day in any cache is fine. */
const PUBLIC_CACHE = 'public, max-age=86400';

const isPublicDownload = (name: string): name is PublicDownloadName =>
  (PUBLIC_DOWNLOAD_NAMES as readonly string[]).includes(name);

/**
 * The landing page's downloads (docs/landing-page.md): forms, the act summary, guides and the FAQ, as PDFs,
 * anonymous. Saved as a file by default; `?inline=1` lets the page's viewers show it in a frame.
 */
export function registerPublicDownloadRoutes(api: ZodApi, deps: AppDeps): Promise<void> {
  const documentNamed = publicDocuments();

  serve(api, deps, PUBLIC_DOWNLOAD_ENDPOINTS.download, async (request, reply) => {
    const { name } = request.params;
    if (!isPublicDownload(name)) throw new HttpError(404, 'There is no such download.');
    const inline = request.query.inline === '1';
    // The portal forbids framing everywhere; a PDF shown by the page's own viewer must be framed by the page.
    if (inline) {
      reply
        .header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'self'")
        .header('X-Frame-Options', 'SAMEORIGIN');
    }
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
      .header('Cache-Control', PUBLIC_CACHE)
      .send(documentNamed(name));
  });

  return Promise.resolve();
}
