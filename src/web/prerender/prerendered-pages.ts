/**
 * The public pages written to HTML at build time (docs/landing-page.md, "Prerender"). The server reads the
 * manifest the build writes beside them (it never imports web code): a listed path gets its own file, every
 * other page path the empty shell, which the app renders in the browser as before.
 */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'index.html', title: 'MRSS Portal | Tenant registration and police verification' },
  { path: '/manuals', file: 'manuals/index.html', title: 'Manuals | MRSS Portal' },
  { path: '/privacy-policy', file: 'privacy-policy/index.html', title: 'Privacy Policy | MRSS Portal' },
] as const;

export const SHELL_FILE = 'shell.html';
export const MANIFEST_FILE = 'prerendered.json';

export interface PrerenderManifest {
  /** Page path -> file under the web root. */
  pages: Record<string, string>;
  /** The unrendered page for every other path. */
  shell: string;
}
