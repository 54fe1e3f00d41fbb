import { z } from 'zod';
import { endpoint } from './endpoint';
import { PUBLIC_DOWNLOADS_PATH } from './public-downloads.contract';

// The downloads' endpoint, apart from public-downloads.contract.ts, which the landing page's first load imports and
// so stays free of zod.

/**
 * The landing page's downloads: anonymous PDFs, sent by the handler; saved as a file by default, `?inline=1` shows
 * one in the page's viewer.
 */
export const PUBLIC_DOWNLOAD_ENDPOINTS = {
  download: endpoint({
    method: 'GET',
    path: PUBLIC_DOWNLOADS_PATH,
    access: { public: true },
    tag: 'downloads',
    params: z.object({ name: z.string().max(64) }),
    query: z.object({ inline: z.enum(['1']).optional() }),
    reply: null,
  }),
};
