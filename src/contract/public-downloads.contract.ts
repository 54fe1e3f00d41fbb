import { API_BASE } from './api-base';

/**
 * The documents anyone may download from the landing page (public-portal.md section 2: Downloads and the
 * footer's FAQ), made as PDFs by the server (src/server/pdf/public/). A fixed list: the route answers only
 * these names. Kept free of zod, like api-base.ts, because the landing page's first load imports it; the
 * route builds its params schema from PUBLIC_DOWNLOAD_NAMES.
 */
export const PUBLIC_DOWNLOADS = [
  {
    name: 'form-a.pdf',
    title: 'Form A',
    description: 'Particulars of the tenant, family members and domestic helpers',
  },
  {
    name: 'form-b.pdf',
    title: 'Form B',
    description: 'Particulars of the landlord and the rental unit',
  },
  {
    name: 'acknowledgement.pdf',
    title: 'Acknowledgement',
    description: 'The receipt the ward office gives for a paper application',
  },
  {
    name: 'act-and-rules.pdf',
    title: 'The Act and Rules (summary)',
    description: 'Summary, not the official text, of the provisions the portal implements',
  },
  {
    name: 'password-change.pdf',
    title: 'Password change instructions',
    description: 'How an official changes the portal password with a one-time password',
  },
  {
    name: 'faq.pdf',
    title: 'Frequently asked questions',
    description: 'Answers for landlords, tenants and officials',
  },
] as const;

export type PublicDownload = (typeof PUBLIC_DOWNLOADS)[number];
export type PublicDownloadName = PublicDownload['name'];

export const PUBLIC_DOWNLOAD_NAMES = PUBLIC_DOWNLOADS.map((d) => d.name) as [
  PublicDownloadName,
  ...PublicDownloadName[],
];

export const PUBLIC_DOWNLOADS_PATH = '/public/downloads/:name';

/** The download's address; `inline` asks to show it in the page (the viewers' iframe) instead of saving it. */
export function publicDownloadUrl(name: PublicDownloadName, inline = false): string {
  return `${API_BASE}/public/downloads/${name}${inline ? '?inline=1' : ''}`;
}

export function publicDownload(name: PublicDownloadName): PublicDownload {
  const found = PUBLIC_DOWNLOADS.find((d) => d.name === name);
  if (!found) throw new Error(`No public download named ${name}`);
  return found;
}
